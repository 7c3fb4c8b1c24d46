// Test data for leads, shared by the leads and stats tests.
import type { LeadInput } from '../../contract';

export function leadBody(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    phone: '+1 555 0100',
    industry: 'mortgage',
    volume: '1000-5000',
    message: 'Please call me.',
    source: 'Main Website',
    elapsedMs: 8000,
    ...overrides,
  };
}
