import type { Knex } from 'knex';

// One address, one person. Every rule that asks "is this the same address" (finding, exporting and erasing a
// person, retention, a second capture of a person at an event) compared lower(email) in SQL, and SQL's lower()
// is not one function: SQLite's folds ASCII letters only, so a capture stored as `JOSÉ@victim.org` was not
// found, exported or erased for `josé@victim.org`, and neither engine saw `é` typed as one character and as
// e + U+0301 as the same letter. The address is now compared in one form, made in JavaScript (normaliseEmail in
// the contract: NFC, then lower-cased) and stored beside it: `email_normalised` on leads and sample requests,
// filled by 070 for the rows already there and by their owners' inserts after. Text, not a varchar: lower-casing
// can make an address longer (İ becomes i + U+0307).
//
// `event_twin_of`: one lead per person per event is a unique index (020), which 071 moves onto the normalised
// address. A pair of leads that the old comparison held apart but the new one calls the same person (captured
// before, at the same event) cannot merge in a migration without deciding whose notes and CRM deal win, so the
// later one keeps its place and names the earlier one here (070); the new unique index lets such a pair stand.
// Null on every other lead.
export async function up(knex: Knex): Promise<void> {
  // Added in place on both engines (no table copy), nullable: 071 makes the database refuse a row without it.
  await knex.raw('alter table leads add column email_normalised text');
  await knex.raw('alter table leads add column event_twin_of integer');
  await knex.raw('alter table sample_requests add column email_normalised text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table sample_requests drop column email_normalised');
  await knex.raw('alter table leads drop column event_twin_of');
  await knex.raw('alter table leads drop column email_normalised');
}
