// Finds elements as a person would (role and accessible name, label, visible text), in the page itself, so
// both drivers find the same element the same way. `findAll` is sent to the page as source text: it must not
// use anything from this module's scope. Accessible names are the common cases of the spec (aria-labelledby,
// aria-label, labels, alt, the text content), which is all this site uses.
import type { Target } from '../driver';

export type Pattern = { exact: string } | { source: string; flags: string };
export type PageTarget = ({ role: string; name?: Pattern } | { label: Pattern } | { text: Pattern } | { testId: string } | { css: string }) & { within?: PageTarget };

function pattern(p: string | RegExp): Pattern {
  return typeof p === 'string' ? { exact: p } : { source: p.source, flags: p.flags };
}

/** A target in a form that can travel to the page (a RegExp cannot). */
export function toPageTarget(target: Target): PageTarget {
  const within = target.within ? { within: toPageTarget(target.within) } : {};
  if ('role' in target) return { role: target.role, ...(target.name !== undefined ? { name: pattern(target.name) } : {}), ...within };
  if ('label' in target) return { label: pattern(target.label), ...within };
  if ('text' in target) return { text: pattern(target.text), ...within };
  if ('testId' in target) return { testId: target.testId, ...within };
  return { css: target.css, ...within };
}

/** Describes a target in an error message. */
export function describeTarget(target: Target): string {
  const within = target.within ? ` in ${describeTarget(target.within)}` : '';
  if ('role' in target) return `${target.role}${target.name !== undefined ? ` "${String(target.name)}"` : ''}${within}`;
  if ('label' in target) return `field labelled "${String(target.label)}"${within}`;
  if ('text' in target) return `text "${String(target.text)}"${within}`;
  if ('testId' in target) return `[data-testid=${target.testId}]${within}`;
  return `${target.css}${within}`;
}

/** Every visible element matching the target, in document order. Runs in the page. */
export function findAll(target: PageTarget): Element[] {
  const ROLES: Record<string, string> = {
    button: 'button, input[type=button], input[type=submit], input[type=reset], [role=button]',
    link: 'a[href], [role=link]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    dialog: 'dialog[open], [role=dialog], [role=alertdialog]',
    form: 'form, [role=form]',
    list: 'ul, ol, [role=list]',
    listitem: 'li, [role=listitem]',
    alert: '[role=alert]',
    status: '[role=status], output',
    navigation: 'nav, [role=navigation]',
    main: 'main, [role=main]',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], input[type=url], input[type=password], textarea, [role=textbox]',
    combobox: 'select, [role=combobox]',
    region: '[role=region], section[aria-label], section[aria-labelledby]',
    row: 'tr, [role=row]',
  };
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const test = (p: Pattern, s: string) => ('exact' in p ? norm(s) === p.exact : new RegExp(p.source, p.flags).test(norm(s)));
  const visible = (el: Element) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const labelText = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return norm(byIds(labelledBy));
    const aria = el.getAttribute('aria-label');
    if (aria) return norm(aria);
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return norm(Array.from(labels, (l) => l.textContent).join(' ')).replace(/\s*\*$/, '');
    return '';
  };
  // The text a person sees or hears: aria-hidden and undisplayed parts left out, blocks apart.
  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element) || node.matches('script, style, template, [aria-hidden=true]')) return '';
    const display = getComputedStyle(node).display;
    if (display === 'none') return '';
    const inner = Array.from(node.childNodes, textOf).join('');
    return display.startsWith('inline') ? inner : ` ${inner} `;
  };
  const accessibleName = (el: Element) => {
    const labelled = labelText(el);
    if (labelled) return labelled;
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type)) return norm(el.value);
    if (el instanceof HTMLImageElement) return norm(el.alt);
    if (el.matches('dialog, [role=dialog], [role=alertdialog], form, [role=form], ul, ol, nav, main')) return '';
    return norm(textOf(el));
  };
  const scopes: ParentNode[] = target.within ? findAll(target.within).slice(0, 1) : [document];
  const out: Element[] = [];
  for (const scope of scopes) {
    if ('role' in target) {
      const selector = ROLES[target.role];
      if (!selector) throw new Error(`unknown role ${target.role}`);
      for (const el of Array.from(scope.querySelectorAll(selector))) {
        const explicit = el.getAttribute('role');
        if (explicit && explicit !== target.role && !(target.role === 'dialog' && explicit === 'alertdialog')) continue;
        if (target.name && !test(target.name, accessibleName(el))) continue;
        out.push(el);
      }
    } else if ('label' in target) {
      for (const el of Array.from(scope.querySelectorAll('input, select, textarea'))) if (test(target.label, labelText(el))) out.push(el);
    } else if ('text' in target) {
      // The innermost elements whose text matches: a paragraph, not the section around it.
      const squeezed = 'exact' in target.text ? target.text.exact.replace(/\s+/g, '') : '';
      const all = Array.from(scope.querySelectorAll('body *')).filter(
        (el) => (el.textContent ?? '').replace(/\s+/g, '').includes(squeezed) && !el.matches('script, style, template') && test(target.text, textOf(el)),
      );
      for (const el of all) if (!all.some((other) => other !== el && el.contains(other))) out.push(el);
    } else if ('testId' in target) {
      out.push(...Array.from(scope.querySelectorAll(`[data-testid="${target.testId}"]`)));
    } else {
      out.push(...Array.from(scope.querySelectorAll(target.css)));
    }
  }
  return out.filter(visible);
}

export type FindResult = 'element' | 'count' | 'text' | 'value' | 'description';

/**
 * An expression, for the page, answering the first match (or null), the number of matches, or the first's
 * text, value (null without one) or accessible description (the text of what its aria-describedby names).
 */
export function findExpression(target: Target, result: FindResult): string {
  const tail = {
    element: 'all[0] || null',
    count: 'all.length',
    text: "all[0] ? all[0].innerText : ''",
    value: "all[0] && 'value' in all[0] ? all[0].value : null",
    description:
      "all[0] ? (all[0].getAttribute('aria-describedby') || '').split(/\\s+/).map(function (id) { var d = id && document.getElementById(id); return d ? d.textContent : ''; }).join(' ').replace(/\\s+/g, ' ').trim() : ''",
  }[result];
  return `(function () { var all = (${findAll.toString()})(${JSON.stringify(toPageTarget(target))}); return ${tail}; })()`;
}
