// One event's figures and its leads, for the dashboard's event filter.
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { EventDetail, Lead } from '../../contract';
import { allLeads } from '../leads';
import { eventDetail } from './events-queries';

type Deps = Pick<AppDeps, 'db'>;

/** The event's counts (per rep, by rating, photos, CRM, consent); 404 for an event no lead was captured at. */
export async function getEventDetail(deps: Deps, name: string): Promise<EventDetail> {
  const detail = await eventDetail(deps.db, name);
  if (!detail) throw notFound('Event');
  return detail;
}

/** Every lead captured at the event, for its CSV; 404 (before anything is streamed) for an unknown event. */
export async function eventLeads(deps: Deps, name: string): Promise<AsyncGenerator<Lead>> {
  await getEventDetail(deps, name);
  return allLeads(deps, { event: name });
}
