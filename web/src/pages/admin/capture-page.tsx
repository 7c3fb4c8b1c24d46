// /admin/capture: event lead capture for field reps and admins, usable offline. Who may use it and its
// heading are in the route table.
import { EventCaptureScreen } from '../../features/event-capture';

export default function CapturePage() {
  return <EventCaptureScreen />;
}
