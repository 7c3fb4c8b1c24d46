// What kinds of submission a device keeps until the server has them: the outbox stores them, and the event
// stream announces their delivery. On its own because the event stream sits below the outbox (the outbox
// publishes on it), so neither can take the name from the other.
export type OutboxKind = 'lead' | 'sample' | 'capture' | 'capture-photo' | 'lead-note' | 'lead-take' | 'lead-stage';
