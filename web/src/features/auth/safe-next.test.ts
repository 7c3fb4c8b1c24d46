import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contract';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('same-site paths - kept, with their query and hash', () => {
    expect(safeNextPath('/admin')).toBe('/admin');
    expect(safeNextPath('/admin/pricing?tab=audit#top')).toBe('/admin/pricing?tab=audit#top');
  });

  it('missing, other sites and tricks - the default /admin', () => {
    for (const bad of [
      null, undefined, '', 'admin', 'https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil.example',
      '/\t/evil.example', '\n//evil.example', 'javascript:alert(1)', `/${'a'.repeat(LIMITS.url)}`,
    ]) {
      expect(safeNextPath(bad)).toBe('/admin');
    }
  });
});
