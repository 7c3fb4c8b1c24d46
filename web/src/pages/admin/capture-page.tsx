// /admin/capture: event lead capture for field reps and admins (issue 6), usable offline.
import { AdminLayout } from '../../app/layouts/admin-layout';
import { EventCaptureScreen } from '../../features/event-capture';

export default function CapturePage() {
  return (
    <AdminLayout
      title="Event Capture"
      description="Capture people at an event. Saving works offline; captures are sent by themselves when the connection allows."
      unauthorizedWording="titled"
      roles={['admin', 'rep']}
      worksOffline
    >
      <EventCaptureScreen />
    </AdminLayout>
  );
}
