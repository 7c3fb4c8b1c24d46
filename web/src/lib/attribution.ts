// Lead attribution, practised as the site preaches it: on the visitor's first page view of a visit we keep
// where they came from — UTM source/medium/campaign/term/content, the referring site, the landing path — in
// sessionStorage (one visit = one tab session), and every lead and sample request sends it as `attribution`.
// A later page view that carries UTM parameters is a new campaign click and replaces what was kept.
// Everything the functions touch is passed in, so the tests hand them small fakes instead of a browser.
import { LIMITS, type Attribution } from '@contract';
import { ATTRIBUTION_STORAGE_KEY } from './cache-names';

export interface AttributionEnv {
  /** The page's address (window.location). */
  location: { href: string };
  /** document.referrer: '' when none. */
  referrer: string;
  /** window.sessionStorage; null or throwing (private modes, disabled storage) falls back to memory. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** Each value at most what the server keeps. */
const MAX = LIMITS.attribution;

const UTM_PARAMS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const;

/** When storage is unusable, the visit's attribution lives as long as the page does. */
let memory: Attribution | undefined;

function browserEnv(): AttributionEnv | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  let storage: AttributionEnv['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { location: window.location, referrer: document.referrer, storage };
}

const clip = (v: string) => v.trim().slice(0, MAX);

/** What this page view says about the visit's origin. */
export function attributionFromPage(env: AttributionEnv): Attribution {
  const url = new URL(env.location.href);
  const out: Attribution = {};
  for (const [param, key] of Object.entries(UTM_PARAMS)) {
    const value = clip(url.searchParams.get(param) ?? '');
    if (value) out[key] = value;
  }
  // Only another site counts as a referrer: moving between our own pages says nothing about the origin.
  if (env.referrer) {
    try {
      const ref = new URL(env.referrer);
      if (/^https?:$/.test(ref.protocol) && ref.host !== url.host) out.referrer = clip(ref.href);
    } catch {
      // An unparsable referrer is no information.
    }
  }
  out.landingPage = clip(url.pathname) || '/';
  return out;
}

function read(env: AttributionEnv): Attribution | undefined {
  if (!env.storage) return memory;
  let raw: string | null;
  try {
    raw = env.storage.getItem(ATTRIBUTION_STORAGE_KEY);
  } catch {
    return memory; // Storage refused (privacy modes): what this page kept in memory.
  }
  try {
    return raw ? (JSON.parse(raw) as Attribution) : undefined;
  } catch {
    return undefined; // A damaged value counts as none: the next capture replaces it.
  }
}

function write(env: AttributionEnv, value: Attribution): void {
  memory = value;
  try {
    env.storage?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: memory keeps it for this page's life.
  }
}

const hasUtm = (a: Attribution) => Object.values(UTM_PARAMS).some((k) => a[k] !== undefined);

/**
 * Call on every page start (entry-client does): keeps the first page view's origin for the visit, or replaces
 * it when this page view is a new campaign click (it carries UTM parameters that differ from the kept ones).
 */
export function captureAttribution(env: AttributionEnv | null = browserEnv()): Attribution | undefined {
  if (!env) return undefined;
  const kept = read(env);
  const page = attributionFromPage(env);
  const newCampaign = hasUtm(page) && Object.values(UTM_PARAMS).some((k) => page[k] !== kept?.[k]);
  if (!kept || newCampaign) {
    write(env, page);
    return page;
  }
  return kept;
}

/** The visit's attribution for a form to send as `attribution`; undefined when nothing was captured. */
export function getAttribution(env: AttributionEnv | null = browserEnv()): Attribution | undefined {
  if (!env) return undefined;
  return read(env) ?? captureAttribution(env);
}

/** For tests: forget the in-memory fallback. */
export function resetAttributionMemory(): void {
  memory = undefined;
}
