// The installable app's page side: registering the service worker and the prompt to take an update.
export { registerServiceWorker } from './register-sw';
export { UpdatePrompt } from './update-prompt';
