import { beforeEach, describe, expect, it } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY } from './cache-names';
import { captureAttribution, getAttribution, resetAttributionMemory, type AttributionEnv } from './attribution';

/** A tab: one sessionStorage shared by its page views, each with its own address and referrer. */
function tab() {
  const items = new Map<string, string>();
  const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  const view = (href: string, referrer = ''): AttributionEnv => ({ location: { href }, referrer, storage });
  return { items, storage, view };
}

describe('attribution', () => {
  beforeEach(() => resetAttributionMemory());

  it('a visit with UTM parameters, a lead two pages later - the lead gets the first page view’s origin', () => {
    const { view } = tab();
    captureAttribution(
      view(
        'https://directmailers.example/mortgage?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=direct+mail&utm_content=ad-2',
        'https://www.google.com/search?q=direct+mail',
      ),
    );
    captureAttribution(view('https://directmailers.example/print', 'https://directmailers.example/mortgage?utm_source=google'));
    const formPage = view('https://directmailers.example/print/samples', 'https://directmailers.example/print');
    captureAttribution(formPage);
    expect(getAttribution(formPage)).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmTerm: 'direct mail',
      utmContent: 'ad-2',
      referrer: 'https://www.google.com/search?q=direct+mail',
      landingPage: '/mortgage',
    });
  });

  it('an internal referrer is not an origin; a direct visit keeps just the landing page', () => {
    const { view } = tab();
    expect(captureAttribution(view('https://directmailers.example/', ''))).toEqual({ landingPage: '/' });
    const { view: other } = tab();
    expect(captureAttribution(other('https://directmailers.example/print', 'https://directmailers.example/'))).toEqual({ landingPage: '/print' });
  });

  it('a later page view with new UTM parameters is a new campaign click and replaces the kept origin', () => {
    const { view } = tab();
    captureAttribution(view('https://directmailers.example/?utm_source=newsletter'));
    captureAttribution(view('https://directmailers.example/print?utm_source=linkedin&utm_medium=social', 'https://www.linkedin.com/'));
    expect(getAttribution(view('https://directmailers.example/print/pricing'))).toEqual({
      utmSource: 'linkedin',
      utmMedium: 'social',
      referrer: 'https://www.linkedin.com/',
      landingPage: '/print',
    });
  });

  it('values are cut to 500 characters; storage that throws falls back to memory for the page’s life', () => {
    const throwing: AttributionEnv = {
      location: { href: `https://directmailers.example/?utm_campaign=${'c'.repeat(700)}` },
      referrer: 'not a url',
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    };
    const kept = captureAttribution(throwing);
    expect(kept?.utmCampaign).toHaveLength(500);
    expect(kept?.referrer).toBeUndefined();
    expect(getAttribution({ ...throwing, location: { href: 'https://directmailers.example/print' } })).toEqual(kept);
  });

  it('kept per visit in sessionStorage under one key; no browser (prerendering) - nothing', () => {
    const { view, items } = tab();
    captureAttribution(view('https://directmailers.example/digital-audience?utm_source=x'));
    expect(JSON.parse(items.get(ATTRIBUTION_STORAGE_KEY)!)).toEqual({ utmSource: 'x', landingPage: '/digital-audience' });
    expect(captureAttribution(null)).toBeUndefined();
    expect(getAttribution(null)).toBeUndefined();
  });
});
