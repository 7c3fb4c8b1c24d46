// The three non-data states every list shows in one consistent way: loading (announced politely), empty
// (the spec's exact empty text), and failed (what went wrong, and a way to try again).
import type { ReactNode } from 'react';
import { Button } from './button';

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-sm text-slate-600">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-200 border-t-brand-700" />
      {children}
    </p>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">{children}</p>;
}

export function ErrorPanel({ title, detail, onRetry }: { title: string; detail?: string | null; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {detail ? <p className="mt-1 break-words text-red-700">{detail}</p> : null}
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
