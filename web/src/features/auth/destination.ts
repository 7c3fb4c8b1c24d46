// Where a freshly signed-in person goes: `next`, unless it is an admin-only screen and they are a rep, who may
// use only the screens open to reps (another admin screen would only say so).
const REP_SCREENS = ['/admin/capture', '/admin/devices'];

export function destinationFor(role: string, next: string): string {
  const adminArea = /^\/admin(\/|$|\?|#)/.test(next);
  return role === 'rep' && adminArea && !REP_SCREENS.some((path) => next.startsWith(path)) ? '/admin/capture' : next;
}
