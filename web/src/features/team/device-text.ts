// How a device reads in the Devices lists: "Chrome 131 on macOS", and what kind of device it is.
import type { DeviceSession } from '@contract';

const KINDS: Record<DeviceSession['deviceType'], string> = { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', other: 'Other device' };

export function deviceName(device: DeviceSession): string {
  const browser = device.browser ?? 'Unknown browser';
  return device.os ? `${browser} on ${device.os}` : browser;
}

export function deviceKind(device: DeviceSession): string {
  return KINDS[device.deviceType];
}
