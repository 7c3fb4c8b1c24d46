export { PersonSearch } from './components/person-search';
export { PersonPanel } from './components/person-panel';
export { PipedriveErasures } from './components/pipedrive-erasures';
export { RetentionPanel } from './components/retention-panel';
export { NotErasedList } from './components/not-erased-list';
