// /admin/capture: event lead capture for field reps and admins, usable offline. Who may use it and its
// heading are in the route table. The screen works for one account at a time: the signed-in user, or
// offline the last one known to be signed in on this device.
import { useCurrentUserStore } from '../../features/admin-auth';
import { EventCaptureScreen } from '../../features/event-capture';

export default function CapturePage() {
  const user = useCurrentUserStore((s) => s.user);
  const offlineUser = useCurrentUserStore((s) => s.offlineUser);
  return <EventCaptureScreen user={user ? { id: user.id, name: user.name || user.email } : offlineUser} />;
}
