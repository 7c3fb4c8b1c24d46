// How a staff audit line reads: who (or the system), the action's label, whom it was about, and the details
// that matter for that action. Lines recorded by other screens (exports, erasures, retention) show their
// details as plain "name: value" pairs.
import { STAFF_AUDIT_ACTION_LABELS, type StaffAuditEntry } from '@contract';

export const SYSTEM_ACTOR = 'System (command line or scheduled job)';

export function actorOf(entry: StaffAuditEntry): string {
  return entry.actorName ?? SYSTEM_ACTOR;
}

export function actionLabel(entry: StaffAuditEntry): string {
  return STAFF_AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
}

/** The account or person the line is about, as recorded then. */
export function subjectOf(entry: StaffAuditEntry): string | null {
  const { name, email } = entry.details as { name?: unknown; email?: unknown };
  if (typeof name === 'string' && typeof email === 'string') return `${name} (${email})`;
  if (typeof name === 'string' || typeof email === 'string') return String(name ?? email);
  return entry.subject;
}

const SETUP_KINDS: Record<string, string> = { invite: 'through their invite link', reset: 'through a password-reset link', 'first-run': 'as the first admin' };
const plural = (n: unknown, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/** What else the line says, in words; null when nothing more. */
export function detailsOf(entry: StaffAuditEntry): string | null {
  const d = entry.details;
  switch (entry.action) {
    case 'user.role':
    case 'user.rename':
      return `${String(d.before)} → ${String(d.after)}`;
    case 'user.invite':
    case 'user.invite_cancel':
    case 'user.create':
      return typeof d.role === 'string' ? `as ${d.role}` : null;
    case 'user.setup':
      return SETUP_KINDS[String(d.kind)] ?? null;
    case 'user.password_reset':
    case 'user.deactivate':
      return typeof d.sessionsEnded === 'number' ? `${plural(d.sessionsEnded, 'session')} ended` : null;
    case 'session.end':
      return typeof d.device === 'string' ? d.device : null;
    case 'session.end_others':
    case 'session.end_all':
      return typeof d.ended === 'number' ? `${plural(d.ended, 'device')} signed out` : null;
    default: {
      const pairs = Object.entries(d).filter(([k, v]) => k !== 'name' && k !== 'email' && k !== 'expiresAt' && (typeof v !== 'object' || v === null));
      return pairs.length ? pairs.map(([k, v]) => `${k}: ${String(v)}`).join(', ') : null;
    }
  }
}
