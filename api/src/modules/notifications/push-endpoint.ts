// Where the server may send a push (docs/security.md, 22): an endpoint is a URL the browser hands us, and each
// event makes the server connect to it, so an endpoint chosen by a person rather than a browser would aim the
// server at anything it can reach (its own ports, the private network, a third party). The rule: https on the
// default port, on a host of a known push service (config.push.allowedHosts), never an IP address, and a host
// whose addresses are all public. Checked when a device subscribes (a 400 saying why) and again before every
// send: a row stored before this rule, or before the list was narrowed, is dropped, and every connection's
// address is checked as it is made (pushAgent), so a name that resolves inward later is never reached either.
import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Config } from '../../config';

/** Addresses no push service lives at: the machine itself, private networks, link-local, and the like. */
const INWARD = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INWARD.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INWARD.addSubnet(prefix, bits, 'ipv6');
}

/**
 * True for an address inside the machine or a private network (see INWARD); anything unparsable counts as
 * inward. An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged by the IPv4 ranges: BlockList does so.
 */
export function isInwardAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return INWARD.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether `host` is one of `allowed` or under one of them. */
function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** What is wrong with the endpoint itself, before any address is looked up; null when nothing is. */
export function endpointProblem(endpoint: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL.';
  // The URL parser has already turned 2130706433, 0x7f.1 and the like into the dotted address they stand for.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return 'The push endpoint must name a push service, not an IP address.';
  // An explicit :443 is dropped by the parser, so any port left is another one.
  if (url.port !== '') return 'The push endpoint must use the standard https port (443).';
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password.';
  if (!isAllowedHost(host, allowedHosts)) return `The push endpoint's host (${host}) is not a known push service.`;
  return null;
}

export type PushEndpointVerdict = { ok: true } | { ok: false; reason: 'refused' | 'unresolved'; message: string };

/** The endpoint rule in full: endpointProblem, then every address its host resolves to must be public. */
export async function checkPushEndpoint(endpoint: string, push: Pick<Config['push'], 'allowedHosts' | 'lookup'>): Promise<PushEndpointVerdict> {
  const problem = endpointProblem(endpoint, push.allowedHosts);
  if (problem) return { ok: false, reason: 'refused', message: problem };
  const host = new URL(endpoint).hostname;
  let addresses: LookupAddress[];
  try {
    addresses = await (push.lookup ?? lookupAll)(host);
  } catch {
    return { ok: false, reason: 'unresolved', message: `The push service's address (${host}) could not be looked up just now. Try again in a moment.` };
  }
  const inward = addresses.find((a) => isInwardAddress(a.address));
  if (inward || addresses.length === 0) {
    return { ok: false, reason: 'refused', message: `The push endpoint's host (${host}) resolves to an address inside a private network (${inward?.address ?? 'none'}).` };
  }
  return { ok: true };
}

function lookupAll(host: string): Promise<LookupAddress[]> {
  return dns.promises.lookup(host, { all: true });
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets that refuses a host with any inward address: the address a connection is made to is
 * checked when it is made, whatever the host resolved to when the device subscribed.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const inward = addresses.find((a) => isInwardAddress(a.address));
    if (inward || addresses.length === 0) {
      const refused: NodeJS.ErrnoException = new Error(`push endpoint host ${hostname} resolves to an address inside a private network (${inward?.address ?? 'none'})`);
      refused.code = 'EPUSHINWARD';
      return callback(refused, '');
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** The agent every push request goes through: connections kept for reuse, each new one through guardedLookup. */
const guardedAgent = new https.Agent({ keepAlive: true, lookup: guardedLookup as unknown as net.LookupFunction });

export function pushAgent(push: Pick<Config['push'], 'agent'>): https.Agent {
  return push.agent ?? guardedAgent;
}
