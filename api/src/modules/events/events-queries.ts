// An event's figures for staff, each counted by the database over the leads of that event, which
// the (event_name, email_normalised) index finds by its leading column on both engines: no lead row is loaded.
import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';
import { LEAD_RATING_VALUES, type EventDetail, type LeadRating } from '../../contract';

const n = (v: unknown) => Number(v ?? 0);

export async function eventDetail(db: Db, name: string): Promise<EventDetail | undefined> {
  const ofEvent = () => db('leads').where('leads.event_name', name);
  const [totals, ratings, reps, photos] = await Promise.all([
    ofEvent()
      .first(
        db.raw('count(*) as lead_count'),
        db.raw('min(created_at) as first_at'),
        db.raw('max(created_at) as last_at'),
        db.raw("sum(case when status = 'synced' then 1 else 0 end) as synced"),
        db.raw("sum(case when status = 'sync_failed' then 1 else 0 end) as failed"),
        db.raw('sum(case when consent_given then 1 else 0 end) as consent_given'),
      ) as Promise<Record<string, unknown> | undefined>,
    ofEvent().select('rating').count({ n: '*' }).groupBy('rating') as unknown as Promise<{ rating: string | null; n: unknown }[]>,
    ofEvent()
      .leftJoin('users', 'users.id', 'leads.captured_by')
      .select('leads.captured_by', 'users.name')
      .count({ n: '*' })
      .groupBy('leads.captured_by', 'users.name')
      .orderBy([{ column: 'n', order: 'desc' }, { column: 'users.name', order: 'asc' }]) as unknown as Promise<
      { captured_by: number | null; name: string | null; n: unknown }[]
    >,
    db('capture_photos as p')
      .join('leads', 'leads.id', 'p.lead_id')
      .where('leads.event_name', name)
      .first(db.raw('count(distinct p.lead_id) as n')) as Promise<Record<string, unknown> | undefined>,
  ]);
  const leadCount = n(totals?.lead_count);
  if (!totals || leadCount === 0) return undefined;

  const byRating = { hot: 0, warm: 0, cold: 0, unrated: 0 } as EventDetail['byRating'];
  for (const r of ratings) {
    const key = r.rating && (LEAD_RATING_VALUES as readonly string[]).includes(r.rating) ? (r.rating as LeadRating) : 'unrated';
    byRating[key] += n(r.n);
  }
  const synced = n(totals.synced);
  const failed = n(totals.failed);
  const given = n(totals.consent_given);
  return {
    name,
    leadCount,
    firstCapturedAt: toIso(totals.first_at),
    lastCapturedAt: toIso(totals.last_at),
    byRep: reps.map((r) => ({ userId: r.captured_by == null ? null : Number(r.captured_by), name: r.name ?? null, leadCount: n(r.n) })),
    byRating,
    withPhotos: n(photos?.n),
    crm: { synced, failed, pending: leadCount - synced - failed },
    consent: { given, notGiven: leadCount - given },
  };
}
