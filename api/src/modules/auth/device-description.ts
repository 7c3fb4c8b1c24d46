// What a session's User-Agent says about its device, for the Devices lists: browser and version, operating
// system, and whether it is a phone, a tablet or a computer. Parsed with Bowser (a small, widely used parser)
// when the list is read, so the stored header stays the evidence and a better parser later describes old
// sessions too. Only the browser's major version is shown (what a person recognises), and the operating
// system's name without its version: browsers freeze the version they report (every Mac says 10.15.7, every
// Windows 10), so showing one would be a guess dressed as a fact.
import Bowser from 'bowser';
import type { DeviceSession } from '../../contract';

export type DeviceDescription = Pick<DeviceSession, 'browser' | 'os' | 'deviceType'>;

const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet']);

export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  return {
    browser: browser.name ? (major ? `${browser.name} ${major}` : browser.name) : null,
    os: os.name ?? null,
    deviceType: platform.type && DEVICE_TYPES.has(platform.type) ? (platform.type as DeviceDescription['deviceType']) : 'other',
  };
}
