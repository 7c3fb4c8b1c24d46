// A live lead goes into the list shown only when the server would have listed it: the owner and stage filters.
import type { Lead } from '@contract';
import { describe, expect, it } from 'vitest';
import type { LeadFilters } from './leads-api';
import { leadMatches } from './live-leads';

const ANY: LeadFilters = { q: '', status: '', event: '', rating: '', followUp: '', interest: '', spam: false, owner: '', stage: '' };

const lead = (over: Partial<Lead>): Lead =>
  ({ id: 1, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', company: 'Acme', status: 'new', stage: 'new', owner: null, interests: [], eventName: null, rating: null, followUp: null, ...over }) as Lead;

describe('leadMatches - owner and stage', () => {
  it('Unassigned - shows a lead nobody owns, not one somebody does', () => {
    expect(leadMatches(lead({}), { ...ANY, owner: 'none' })).toBe(true);
    expect(leadMatches(lead({ owner: { id: 4, name: 'Bo' } }), { ...ANY, owner: 'none' })).toBe(false);
  });

  it('Mine - never a lead nobody owns (a new lead arrives unowned)', () => {
    expect(leadMatches(lead({}), { ...ANY, owner: 'me' })).toBe(false);
  });

  it('a stage - only leads at that stage', () => {
    expect(leadMatches(lead({}), { ...ANY, stage: 'new' })).toBe(true);
    expect(leadMatches(lead({ stage: 'contacted' }), { ...ANY, stage: 'new' })).toBe(false);
    expect(leadMatches(lead({ stage: 'contacted' }), ANY)).toBe(true);
  });
});
