export { MailTransportPanel } from './components/mail-transport-panel';
export { MailSettingsPanel } from './components/mail-settings-panel';
export { MailFilter, MailList } from './components/mail-list';
export { useMailStore } from './mail-store';
