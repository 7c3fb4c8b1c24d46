// The full-panel message the gate shows instead of a screen: loading, signed out, not an admin, or failed.
import { Button } from '../../../components/ui/button';

interface AccessNoticeProps {
  title: string;
  body?: string;
  busy?: boolean;
  action?: { label: string; onClick: () => void };
}

export function AccessNotice({ title, body, busy, action }: AccessNoticeProps) {
  return (
    <div role={busy ? 'status' : undefined} className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      {busy ? <span aria-hidden="true" className="mb-4 h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" /> : null}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {body ? <p className="mt-2 text-sm text-slate-600">{body}</p> : null}
      {action ? (
        <Button className="mt-6" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
