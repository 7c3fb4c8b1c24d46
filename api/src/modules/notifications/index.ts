// The notifications module's front door: each person's choices, and Web Push for every event they chose.
export { notificationsRoutes } from './notifications-routes';
export { startPushDelivery } from './push-delivery';
export { emailRecipientsFor, turnOffEmail, type EmailRecipient } from './notifications-queries';
