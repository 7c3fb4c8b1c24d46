// The outbox's screen parts: the indicator of submissions waiting on this device (the outbox itself is
// lib/outbox).
export { OutboxIndicator } from './components/outbox-indicator';
