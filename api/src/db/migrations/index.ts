// Migrations are listed here and imported statically, so they run the same under tsx, in a bundle and from the
// knex CLI. Never edit one that has landed: add the next file.
import type { Knex } from 'knex';
import * as m001 from './001_auth';
import * as m002 from './002_leads';
import * as m003 from './003_samples';
import * as m004 from './004_pricing';
import * as m005 from './005_idempotency_and_rate_limits';
import * as m006 from './006_seed_pricing_products';
import * as m007 from './007_session_user_id';
import * as m010 from './010_crm_sync_jobs';
import * as m011 from './011_attribution_and_sync_errors';
import * as m012 from './012_backfill_crm_sync_jobs';
import * as m020 from './020_event_capture';
import * as m021 from './021_capture_details_and_photos';
import * as m030 from './030_lead_search_index';
import * as m031 from './031_crm_known_ids';
import * as m032 from './032_spam_quarantine_and_lasting_keys';
import * as m045 from './045_lead_prefix_index';
import * as m050 from './050_staff_audit';
import * as m051 from './051_staff_accounts_and_devices';
import * as m055 from './055_privacy';
import * as m060 from './060_live_events';
import * as m062 from './062_lead_symbol_search';
import * as m066 from './066_notifications';
import * as m067 from './067_staff_audit_no_truncate';
import * as m068 from './068_lead_search_secure_delete';
import * as m069 from './069_email_normalised_columns';
import * as m070 from './070_email_normalised_backfill';
import * as m071 from './071_email_normalised_indexes';
import * as m072 from './072_mail';
import * as m073 from './073_lead_work';
import * as m074 from './074_crm_lead_work';
import * as m075 from './075_first_response_ms';
import * as m076 from './076_drop_leads_email_index';

type Migration = { up: (knex: Knex) => Promise<void>; down: (knex: Knex) => Promise<void> };

const MIGRATIONS: Record<string, Migration> = {
  '001_auth': m001,
  '002_leads': m002,
  '003_samples': m003,
  '004_pricing': m004,
  '005_idempotency_and_rate_limits': m005,
  '006_seed_pricing_products': m006,
  '007_session_user_id': m007,
  '010_crm_sync_jobs': m010,
  '011_attribution_and_sync_errors': m011,
  '012_backfill_crm_sync_jobs': m012,
  '020_event_capture': m020,
  '021_capture_details_and_photos': m021,
  '030_lead_search_index': m030,
  '031_crm_known_ids': m031,
  '032_spam_quarantine_and_lasting_keys': m032,
  '045_lead_prefix_index': m045,
  '050_staff_audit': m050,
  '051_staff_accounts_and_devices': m051,
  '055_privacy': m055,
  '060_live_events': m060,
  '062_lead_symbol_search': m062,
  '066_notifications': m066,
  '067_staff_audit_no_truncate': m067,
  '068_lead_search_secure_delete': m068,
  '069_email_normalised_columns': m069,
  '070_email_normalised_backfill': m070,
  '071_email_normalised_indexes': m071,
  '072_mail': m072,
  '073_lead_work': m073,
  '074_crm_lead_work': m074,
  '075_first_response_ms': m075,
  '076_drop_leads_email_index': m076,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`unknown migration ${name}`);
    return migration;
  },
};
