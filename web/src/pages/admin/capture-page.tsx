// /admin/capture: event lead capture for field reps and admins (issue 6), usable offline. No description
// under the title: on a phone the form must fit the first screen; the event picker says how saving works.
import { AdminLayout } from '../../app/layouts/admin-layout';
import { EventCaptureScreen } from '../../features/event-capture';

export default function CapturePage() {
  return (
    <AdminLayout
      title="Event Capture"
      unauthorizedWording="titled"
      roles={['admin', 'rep']}
      worksOffline
    >
      <EventCaptureScreen />
    </AdminLayout>
  );
}
