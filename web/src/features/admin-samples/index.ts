export { TemplatesTab } from './components/templates-tab';
export { RequestsTab } from './components/requests-tab';
export { useTemplatesStore } from './templates-store';
export { useRequestsStore } from './requests-store';
