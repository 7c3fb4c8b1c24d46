export { NotificationsDialog } from './components/notifications-dialog';
export { useStaffNotifications, useMarkLeadsSeen } from './use-staff-notifications';
