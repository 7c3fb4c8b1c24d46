export { EventCaptureScreen } from './components/event-capture-screen';
