// /admin/devices (every signed-in user): where they are signed in, and signing devices out.
import { signOutThisDevice } from '../../features/admin-auth';
import { MyDevices } from '../../features/team';

export default function DevicesPage() {
  return <MyDevices onSignOutThisDevice={signOutThisDevice} />;
}
