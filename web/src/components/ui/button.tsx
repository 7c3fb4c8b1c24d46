// Buttons and button-styled links share one look; variants name their intent, not their colour.
import { useLayoutEffect, useRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse' | 'accent' | 'glass';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-brand-700',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-700',
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
  inverse: 'bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white',
  /** The one loud call to action on a dark hero. */
  accent: 'bg-amber-400 text-slate-950 hover:bg-amber-300 focus-visible:outline-white',
  /** A quieter companion to `inverse` or `accent` on dark backgrounds. */
  glass: 'bg-white/10 text-white ring-1 ring-inset ring-white/40 hover:bg-white/20 focus-visible:outline-white',
};
const SIZES: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  ].join(' ');
}

type Styling = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Styling) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/**
 * A button that works before the page's script does: in the prerendered HTML (and until hydration) it is a
 * real link to `fallbackHref`, e.g. the form the button would open in a dialog; once the page is hydrated it
 * is a button doing its job. Keyboard focus on the link moves to the button.
 */
export function ProgressiveButton({ fallbackHref, variant, size, className = '', type = 'button', children, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Styling & { fallbackHref: string }) {
  const hydrated = useHydrated();
  const link = useRef<HTMLAnchorElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const linkHadFocus = useRef(false);
  useLayoutEffect(() => {
    if (!hydrated) linkHadFocus.current = link.current === document.activeElement;
    else if (linkHadFocus.current) {
      linkHadFocus.current = false;
      button.current?.focus();
    }
  }, [hydrated]);
  const classes = buttonClasses(variant, size, className);
  if (!hydrated) {
    return (
      <a ref={link} href={fallbackHref} className={classes}>
        {children}
      </a>
    );
  }
  return (
    <button ref={button} type={type} className={classes} {...props}>
      {children}
    </button>
  );
}

/** An in-app link that looks like a button. */
export function ButtonLink({ variant, size, className = '', ...props }: LinkProps & Styling) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}

/** A link to another site: always a new tab, never handing it our window (rel="noopener"). */
export function ExternalLink({ className = '', children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={className} {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function ExternalButtonLink({ variant, size, className = '', ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & Styling) {
  return <ExternalLink className={buttonClasses(variant, size, className)} {...props} />;
}
