// What every message says, rendered when it is queued (so the Mail screen and a saved .eml show exactly what goes
// out): one layout in the brand's colours, multipart text and HTML, readable in a plain-text client. No image, no
// remote resource, no tracker: the HTML is tables and inline styles, and every link is a plain link to this site.
// Anything a visitor typed is escaped in the HTML and stripped of control characters everywhere.
import { INDUSTRIES, SAMPLE_TYPES, US_STATES, VOLUMES, type Lead, type SampleRequest } from '../../contract';

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** A message's frame: whose product it is, where its links lead, and the footer lines under the content. */
export interface Frame {
  companyName: string;
  siteUrl: string;
  /** Why this person gets it, and how to stop it (alerts): the footer. */
  footer?: { reason: string; unsubscribe: readonly { label: string; url: string }[]; settingsUrl: string };
}

/** One line of a digest: what the alert was about, as text and as an HTML list item. */
export interface DigestLine {
  text: string;
  html: string;
}

const BRAND = '#2563eb';
const BRAND_DARK = '#1e40af';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#e2e8f0';
const PAPER = '#f1f5f9';

/** A visitor's text on one line: no control characters (a header, a subject), spaces collapsed, at most `max`. */
export function oneLine(value: string | null | undefined, max = 200): string {
  const flat = (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Text kept as paragraphs (a message), without other control characters. */
function block(value: string | null | undefined, max = 5000): string {
  const kept = (value ?? '').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]+/g, ' ').trim();
  return kept.length > max ? `${kept.slice(0, max - 1)}…` : kept;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) => (value ? (options.find((o) => o.value === value)?.label ?? value) : null);
const stateName = (code: string) => US_STATES.find(([c]) => c === code)?.[1] ?? code;

type Row = [label: string, value: string | null];

function fullName(person: { firstName: string; lastName: string }): string {
  return oneLine(`${person.firstName} ${person.lastName}`, 200);
}

function rowsText(rows: Row[]): string {
  return rows
    .filter(([, v]) => v)
    .map(([label, value]) => (value!.includes('\n') ? `${label}:\n${value!.split('\n').map((l) => `  ${l}`).join('\n')}` : `${label}: ${value}`))
    .join('\n');
}

function rowsHtml(rows: Row[]): string {
  return rows
    .filter(([, v]) => v)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${MUTED};font-size:14px;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;color:${INK};font-size:15px;vertical-align:top;word-break:break-word">${escapeHtml(value!).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
}

function button(url: string, label: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 8px"><tr><td style="border-radius:6px;background:${BRAND}">` +
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

/** The one layout: a brand band with the company's name, a white card, and the footer. */
function layout(frame: Frame, content: { heading: string; intro?: string; bodyHtml: string; bodyText: string; preheader: string }): { text: string; html: string } {
  const footer = frame.footer;
  const footerHtml = footer
    ? `<p style="margin:0 0 8px">${escapeHtml(footer.reason)}</p>` +
      `<p style="margin:0">${footer.unsubscribe.map((u) => `<a href="${escapeHtml(u.url)}" style="color:${MUTED}">${escapeHtml(u.label)}</a> · `).join('')}` +
      `<a href="${escapeHtml(footer.settingsUrl)}" style="color:${MUTED}">Notification settings</a></p>`
    : `<p style="margin:0">${escapeHtml(frame.companyName)} · <a href="${escapeHtml(frame.siteUrl)}" style="color:${MUTED}">${escapeHtml(frame.siteUrl.replace(/^https?:\/\//, ''))}</a></p>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light"><title>${escapeHtml(content.heading)}</title></head>` +
    `<body style="margin:0;padding:0;background:${PAPER};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${INK}">` +
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAPER}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">` +
    `<tr><td style="background:${BRAND};border-radius:8px 8px 0 0;padding:16px 24px;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(frame.companyName)}</td></tr>` +
    `<tr><td style="background:#ffffff;border:1px solid ${RULE};border-top:0;border-radius:0 0 8px 8px;padding:24px">` +
    `<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;color:${BRAND_DARK}">${escapeHtml(content.heading)}</h1>` +
    (content.intro ? `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:${INK}">${escapeHtml(content.intro)}</p>` : '') +
    content.bodyHtml +
    `</td></tr>` +
    `<tr><td style="padding:16px 24px;color:${MUTED};font-size:12px;line-height:1.6;text-align:center">${footerHtml}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const footerText = footer
    ? `--\n${footer.reason}\n${footer.unsubscribe.map((u) => `${u.label}: ${u.url}\n`).join('')}Notification settings: ${footer.settingsUrl}`
    : `--\n${frame.companyName} · ${frame.siteUrl}`;
  const text = [content.heading, content.intro, content.bodyText, footerText].filter(Boolean).join('\n\n') + '\n';
  return { text, html };
}

/** Where a record came from: the form's page, its attribution, the event and rep, or a release from quarantine. */
function originRows(record: Lead | SampleRequest, how: string): Row[] {
  const rows: Row[] = [];
  if ('eventName' in record && record.eventName) rows.push(['Captured at', oneLine(`${record.eventName}${record.capturedBy ? `, by ${record.capturedBy}` : ''}`)]);
  else if ('source' in record) rows.push(['Came from', oneLine(record.source)]);
  else rows.push(['Came from', 'The free sample request form']);
  const a = record.attribution;
  if (a) {
    const campaign = [a.utmSource, a.utmMedium, a.utmCampaign].filter(Boolean).map((v) => oneLine(v, 100)).join(' / ');
    if (campaign) rows.push(['Campaign', campaign]);
    if (a.referrer) rows.push(['Referrer', oneLine(a.referrer, 300)]);
    if (a.landingPage) rows.push(['Landing page', oneLine(a.landingPage, 300)]);
  }
  if (how === 'released') rows.push(['Note', 'Released from quarantine (it had been taken for spam)']);
  return rows;
}

export function leadUrl(siteUrl: string, id: number): string {
  return `${siteUrl}/admin?lead=${id}`;
}

export function samplesUrl(siteUrl: string): string {
  return `${siteUrl}/admin/samples`;
}

function leadRows(lead: Lead): Row[] {
  return [
    ['Name', fullName(lead)],
    ['E-mail', oneLine(lead.email, 254)],
    ['Phone', oneLine(lead.phone, 50) || null],
    ['Company', oneLine(lead.company) || null],
    ['Industry', labelOf(INDUSTRIES, lead.industry)],
    ['Volume', labelOf(VOLUMES, lead.volume)],
    ['Message', block(lead.message) || null],
  ];
}

function sampleRows(request: SampleRequest): Row[] {
  const address = [
    oneLine(request.addressLine1),
    oneLine(request.addressLine2) || null,
    `${oneLine(request.city)}, ${request.state} ${request.zip}`,
  ].filter(Boolean).join('\n');
  return [
    ['Name', fullName(request)],
    ['E-mail', oneLine(request.email, 254)],
    ['Phone', oneLine(request.phone, 50) || null],
    ['Company', oneLine(request.company) || null],
    ['Samples', labelOf(SAMPLE_TYPES, request.sampleType)],
    ['Send to', address],
    ['Notes', block(request.notes) || null],
  ];
}

/** What an alert is about, for the subject and for its line in a digest. */
function summaryOf(record: Lead | SampleRequest): string {
  const company = oneLine(record.company);
  return company ? `${fullName(record)}, ${company}` : fullName(record);
}

export type AlertKind = 'lead_alert' | 'lead_overdue_alert' | 'sample_alert' | 'capture_alert' | 'crm_failure_alert';

const ALERT_HEADINGS: Record<AlertKind, string> = {
  lead_alert: 'New lead',
  lead_overdue_alert: 'Lead waiting',
  sample_alert: 'New sample request',
  capture_alert: 'New event capture',
  crm_failure_alert: 'CRM sync failed',
};

type AlertInput = { kind: AlertKind; how: string; reason?: string } & ({ recordKind: 'lead'; record: Lead } | { recordKind: 'sample_request'; record: SampleRequest });

/**
 * An alert's line in a digest, with its subject and link: all that an alert held back for a digest ever needs, so
 * a burst renders and stores a line per record, not a whole message.
 */
export function renderAlertLine(frame: Pick<Frame, 'siteUrl'>, alert: AlertInput): { subject: string; line: DigestLine; url: string; summary: string; what: string } {
  const heading = ALERT_HEADINGS[alert.kind];
  const url = alert.recordKind === 'lead' ? leadUrl(frame.siteUrl, alert.record.id) : samplesUrl(frame.siteUrl);
  const summary = summaryOf(alert.record);
  const what =
    alert.recordKind === 'lead'
      ? [labelOf(INDUSTRIES, alert.record.industry), labelOf(VOLUMES, alert.record.volume)].filter(Boolean).join(', ')
      : labelOf(SAMPLE_TYPES, alert.record.sampleType) ?? '';
  const lineText = `${heading}: ${summary}${what ? ` (${what})` : ''}\n  ${url}`;
  const lineHtml =
    `<li style="margin:0 0 12px"><a href="${escapeHtml(url)}" style="color:${BRAND_DARK};font-weight:600">${escapeHtml(summary)}</a>` +
    `<br><span style="color:${MUTED};font-size:14px">${escapeHtml(heading)}${what ? ` · ${escapeHtml(what)}` : ''} · ${escapeHtml(oneLine(alert.record.email, 254))}</span></li>`;
  return { subject: `${heading}: ${summary}`, line: { text: lineText, html: lineHtml }, url, summary, what };
}

/** An alert about a lead or a sample request to one member of staff, and its line in a digest. */
export function renderAlert(frame: Frame, alert: AlertInput): Rendered & { line: DigestLine; url: string } {
  const { subject, line, url, summary, what } = renderAlertLine(frame, alert);
  const heading = ALERT_HEADINGS[alert.kind];
  const rows: Row[] = [
    ...(alert.reason ? ([['Why', oneLine(alert.reason, 500)]] as Row[]) : []),
    ...(alert.recordKind === 'lead' ? leadRows(alert.record) : sampleRows(alert.record)),
    ...originRows(alert.record, alert.how),
  ];
  const first = oneLine(alert.record.firstName, 100);
  const replyNote = alert.kind === 'crm_failure_alert' ? '' : `Reply to this e-mail to write to ${first}.`;
  const openLabel = alert.recordKind === 'lead' ? 'Open the lead' : 'Open Sample Management';
  const bodyHtml =
    `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse">${rowsHtml(rows)}</table>` +
    button(url, openLabel) +
    (replyNote ? `<p style="margin:8px 0 0;font-size:14px;color:${MUTED}">${escapeHtml(replyNote)}</p>` : '');
  const bodyText = `${rowsText(rows)}\n\n${openLabel}: ${url}${replyNote ? `\n\n${replyNote}` : ''}`;
  return { subject, ...layout(frame, { heading, intro: summary, bodyHtml, bodyText, preheader: `${summary}${what ? ` · ${what}` : ''}` }), line, url };
}

/** One message for the alerts held back in a minute: each listed with its link. */
export function renderDigest(frame: Frame, lines: readonly DigestLine[]): Rendered {
  const n = lines.length;
  const heading = `${n} new ${n === 1 ? 'alert' : 'alerts'} in the last minute`;
  const intro = 'More arrived than we send one by one, so here they are together.';
  const bodyHtml =
    `<ol style="margin:16px 0 0;padding:0 0 0 20px;font-size:15px;line-height:1.4">${lines.map((l) => l.html).join('')}</ol>` + button(`${frame.siteUrl}/admin`, 'Open the lead dashboard');
  const bodyText = `${lines.map((l, i) => `${i + 1}. ${l.text}`).join('\n')}\n\nOpen the lead dashboard: ${frame.siteUrl}/admin`;
  return { subject: heading, ...layout(frame, { heading, intro, bodyHtml, bodyText, preheader: intro }) };
}

/**
 * The visitor's confirmation: fixed wording, and nothing they typed beyond their own name and what they asked for
 * (a sample pack: the type and the address it goes to), so the form cannot carry anyone's words to a third party.
 */
export function renderConfirmation(frame: Frame, request: { recordKind: 'lead'; record: Lead } | { recordKind: 'sample_request'; record: SampleRequest }): Rendered {
  const first = oneLine(request.record.firstName, 100);
  if (request.recordKind === 'lead') {
    const heading = `Thank you, ${first}`;
    const intro = `We have your request to hear from ${frame.companyName}. Someone from our team will be in touch within one business day.`;
    const bodyText = 'You get this e-mail because this address was entered on our website. If that was not you, there is nothing to do: we will not write again unless you reply.';
    return {
      subject: `We have your request – ${frame.companyName}`,
      ...layout(frame, { heading, intro, bodyHtml: `<p style="margin:0;font-size:14px;line-height:1.5;color:${MUTED}">${escapeHtml(bodyText)}</p>`, bodyText, preheader: intro }),
    };
  }
  const r = request.record;
  const rows: Row[] = [
    ['Samples', labelOf(SAMPLE_TYPES, r.sampleType)],
    ['Send to', [fullName(r), oneLine(r.addressLine1), oneLine(r.addressLine2) || null, `${oneLine(r.city)}, ${stateName(r.state)} ${r.zip}`].filter(Boolean).join('\n')],
  ];
  const heading = `Thank you, ${first}`;
  const intro = 'We have your request for a free sample pack. It should reach you within 3-5 business days.';
  const note = 'You get this e-mail because this address was entered on our website. If that was not you, reply and we will stop the pack.';
  return {
    subject: `Your free sample pack – ${frame.companyName}`,
    ...layout(frame, {
      heading,
      intro,
      bodyHtml: `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse">${rowsHtml(rows)}</table><p style="margin:16px 0 0;font-size:14px;line-height:1.5;color:${MUTED}">${escapeHtml(note)}</p>`,
      bodyText: `${rowsText(rows)}\n\n${note}`,
      preheader: intro,
    }),
  };
}

export type AccountLinkMailKind = 'invite' | 'password_reset' | 'forgot_password';

/** An invite, a reset an admin made, or a "Forgot password?": the link, how long it works, what happens if ignored. */
export function renderAccountLink(frame: Frame, mail: { kind: AccountLinkMailKind; name: string; url: string; expiresAt: string }): Rendered {
  const name = oneLine(mail.name, 100);
  const expires = new Date(mail.expiresAt).toUTCString().replace(/:\d\d GMT$/, ' UTC');
  const texts: Record<AccountLinkMailKind, { subject: string; heading: string; intro: string; action: string; after: string }> = {
    invite: {
      subject: `You are invited to the ${frame.companyName} admin`,
      heading: `Welcome, ${name}`,
      intro: `You have been invited to the ${frame.companyName} staff admin. Choose a password to sign in.`,
      action: 'Choose your password',
      after: `The link works once, until ${expires}. If it has expired, ask your admin for a new one.`,
    },
    password_reset: {
      subject: `Choose a new password for the ${frame.companyName} admin`,
      heading: `Choose a new password, ${name}`,
      intro: 'An admin reset your password: your old one no longer works and every device was signed out.',
      action: 'Choose a new password',
      after: `The link works once, until ${expires}. If it has expired, ask your admin for a new one.`,
    },
    forgot_password: {
      subject: `Reset your ${frame.companyName} admin password`,
      heading: `Reset your password, ${name}`,
      intro: 'Someone (we hope you) asked to reset the password of this staff account.',
      action: 'Choose a new password',
      after: `The link works once, for an hour (until ${expires}), and signs out your other devices. If you did not ask, ignore this e-mail: your password stays as it is.`,
    },
  };
  const t = texts[mail.kind];
  const bodyHtml = button(mail.url, t.action) + `<p style="margin:8px 0 0;font-size:14px;line-height:1.5;color:${MUTED}">${escapeHtml(t.after)}</p>`;
  return { subject: t.subject, ...layout(frame, { heading: t.heading, intro: t.intro, bodyHtml, bodyText: `${t.action}: ${mail.url}\n\n${t.after}`, preheader: t.intro }) };
}

/** "Send a test e-mail" on the Mail screen. */
export function renderTest(frame: Frame, transport: string): Rendered {
  const heading = 'Mail works';
  const intro = `This test from the ${frame.companyName} admin went out ${transport}.`;
  return { subject: `Test e-mail from ${frame.companyName}`, ...layout(frame, { heading, intro, bodyHtml: '', bodyText: '', preheader: intro }) };
}
