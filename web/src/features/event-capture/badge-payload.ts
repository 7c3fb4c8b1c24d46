// What a badge's code says about its wearer. Trade-show badges carry a vCard, a MeCard, a mailto: link, a
// bare e-mail, a URL with the contact in its query string, or the organiser's own "name;company;email" line.
// This reads each into the capture form's fields; anything else is "unknown" and the caller keeps the raw
// text so nothing scanned is lost. Pure: no DOM, no network, so every kind is unit-tested.

import { EMAIL_PATTERN, LIMITS } from '@contract';

export type BadgeKind = 'vcard' | 'mecard' | 'mailto' | 'email' | 'url' | 'delimited' | 'unknown';

export interface BadgeContact {
  firstName?: string;
  lastName?: string;
  email?: string;
  company?: string;
  phone?: string;
}

export interface ParsedBadge {
  kind: BadgeKind;
  contact: BadgeContact;
}

/**
 * The most text a badge code holds (a QR code's capacity, 4,296 characters); a longer payload did not come
 * from a badge and is not read field by field, only kept.
 */
export const MAX_PAYLOAD_CHARS = 4296;
/** The most of a scan's raw text the server keeps, in UTF-8 bytes; a longer one is cut, never refused. */
export const SCAN_PAYLOAD_MAX_BYTES = LIMITS.scanPayloadBytes;
/** Each field at most what the server accepts for it: a longer value is cut rather than refused. */
const MAX_FIELD_CHARS: Record<keyof BadgeContact, number> = {
  firstName: LIMITS.name,
  lastName: LIMITS.name,
  email: LIMITS.email,
  company: LIMITS.company,
  phone: LIMITS.phone,
};

/**
 * The contract's e-mail pattern (linear time on any input), and none of the characters that separate a
 * badge's fields or wrap an address (`Ada <ada@example.com>`, `name;company;email`), so those formats are read
 * as what they are rather than as one odd address.
 */
const EMAIL = { test: (text: string) => !/[<>(),;:"]/.test(text) && EMAIL_PATTERN.test(text) };
const PHONE = /^\+?[\d\s().-]{7,}$/;
const UNKNOWN: ParsedBadge = { kind: 'unknown', contact: {} };

export function parseBadgePayload(raw: string): ParsedBadge {
  if (raw.length > MAX_PAYLOAD_CHARS || looksBinary(raw)) return UNKNOWN;
  const text = raw.replace(/^\uFEFF/, '').trim();
  if (!text) return UNKNOWN;
  const parsed = readKind(text);
  const contact = clean(parsed.contact);
  // A format we know that names no one (a URL without contact parameters) tells the rep nothing either.
  if (!Object.keys(contact).length && (parsed.kind === 'url' || parsed.kind === 'delimited')) return UNKNOWN;
  return { kind: parsed.kind, contact };
}

function readKind(text: string): ParsedBadge {
  if (/^BEGIN:VCARD/i.test(text)) return { kind: 'vcard', contact: parseVCard(text) };
  if (/^MECARD:/i.test(text)) return { kind: 'mecard', contact: parseMeCard(text.slice(7)) };
  if (/^mailto:/i.test(text)) return { kind: 'mailto', contact: parseMailto(text) };
  if (EMAIL.test(text)) return { kind: 'email', contact: { email: text } };
  const named = nameAndAddress(text);
  if (named) return { kind: 'email', contact: { ...splitName(named.name.replace(/^"|"$/g, '')), email: named.email } };
  if (/^https?:\/\//i.test(text)) return { kind: 'url', contact: parseUrl(text) };
  return { kind: 'delimited', contact: parseDelimited(text) };
}

/**
 * "Ada Lovelace <ada@example.com>": the name before the last `<`, the address between it and a closing `>` at the
 * end. Read by position, not by a pattern: a pattern of that shape backtracks quadratically on a long payload of
 * `<` and `@` (the contract's fields module says why).
 */
function nameAndAddress(text: string): { name: string; email: string } | null {
  if (!text.endsWith('>')) return null;
  const open = text.lastIndexOf('<');
  if (open < 1) return null;
  const name = text.slice(0, open).trimEnd();
  const email = text.slice(open + 1, -1);
  if (!name || /[\s<>]/.test(email) || !EMAIL.test(email)) return null;
  return { name, email };
}

/** Control characters (other than line breaks and tabs) or replacement characters: binary, not text. */
function looksBinary(text: string): boolean {
  let odd = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f || code === 0xfffd) odd++;
  }
  return odd > 0 && odd / text.length > 0.02;
}

function clean(contact: BadgeContact): BadgeContact {
  const out: BadgeContact = {};
  for (const [key, value] of Object.entries(contact) as [keyof BadgeContact, string | undefined][]) {
    const text = value?.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_CHARS[key]);
    if (text) out[key] = text;
  }
  if (out.email && !EMAIL.test(out.email)) delete out.email;
  return out;
}

/** "Ada Lovelace" → Ada / Lovelace; "Lovelace, Ada" → Ada / Lovelace; one word is a first name. */
export function splitName(name: string): Pick<BadgeContact, 'firstName' | 'lastName'> {
  const text = name.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma > 0) return { lastName: text.slice(0, comma).trim(), firstName: text.slice(comma + 1).trim() };
  const space = text.indexOf(' ');
  if (space < 0) return { firstName: text };
  return { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}

// --- vCard (2.1, 3.0, 4.0) ---

interface VCardLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

function parseVCard(text: string): BadgeContact {
  const lines = vCardLines(text);
  const first = (name: string) => lines.find((l) => l.name === name);
  const contact: BadgeContact = {};
  const n = first('N');
  if (n) {
    const [family = '', given = ''] = splitUnescaped(n.value, ';').map(unescapeVCard);
    if (given.trim()) contact.firstName = given;
    if (family.trim()) contact.lastName = family;
  }
  const fn = first('FN');
  if (fn && !contact.firstName && !contact.lastName) Object.assign(contact, splitName(unescapeVCard(fn.value)));
  const email = first('EMAIL');
  if (email) contact.email = unescapeVCard(email.value).replace(/^mailto:/i, '');
  const org = first('ORG');
  if (org) contact.company = unescapeVCard(splitUnescaped(org.value, ';')[0] ?? '');
  // A work or mobile number before a fax.
  const tels = lines.filter((l) => l.name === 'TEL');
  const tel = tels.find((l) => !/fax/i.test(l.params.TYPE ?? '')) ?? tels[0];
  if (tel) contact.phone = unescapeVCard(tel.value).replace(/^tel:/i, '');
  return contact;
}

/** Unfolds (a line break followed by a space or tab continues the line) and splits "NAME;PARAMS:value". */
function vCardLines(text: string): VCardLine[] {
  const physical = text.replace(/\r\n?/g, '\n').split('\n');
  const logical: string[] = [];
  for (const line of physical) {
    const previous = logical.length - 1;
    if (/^[ \t]/.test(line) && previous >= 0) logical[previous] += line.slice(1);
    // vCard 2.1's quoted-printable values continue on the next line after a trailing "=".
    else if (previous >= 0 && /ENCODING=QUOTED-PRINTABLE/i.test(logical[previous]!) && logical[previous]!.endsWith('=')) logical[previous] = logical[previous]!.slice(0, -1) + line;
    else logical.push(line);
  }
  const out: VCardLine[] = [];
  for (const line of logical) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const [rawName = '', ...paramParts] = line.slice(0, colon).split(';');
    const name = rawName.replace(/^[^.]*\./, '').toUpperCase(); // "item1.EMAIL" → EMAIL
    const params: Record<string, string> = {};
    for (const part of paramParts) {
      const eq = part.indexOf('=');
      // vCard 2.1 writes bare types: "TEL;WORK;VOICE:…".
      if (eq < 0) params.TYPE = params.TYPE ? `${params.TYPE},${part}` : part;
      else params[part.slice(0, eq).toUpperCase()] = part.slice(eq + 1).replace(/^"|"$/g, '');
    }
    let value = line.slice(colon + 1);
    if (/^quoted-printable$/i.test(params.ENCODING ?? '')) value = decodeQuotedPrintable(value, params.CHARSET);
    out.push({ name, params, value });
  }
  return out;
}

function decodeQuotedPrintable(value: string, charset = 'utf-8'): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value[i] === '=' ? value.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  try {
    return new TextDecoder(charset).decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes)); // an unknown charset label
  }
}

function unescapeVCard(value: string): string {
  return value.replace(/\\([\\;,nN:])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? ' ' : ch));
}

/** Splits on `separator` where it is not escaped with a backslash; the escapes stay for the caller. */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1];
      i++;
    } else if (ch === separator) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

// --- MeCard: "MECARD:N:Doe,John;EMAIL:j@x.com;ORG:Acme;TEL:+1 555;;" ---

function parseMeCard(body: string): BadgeContact {
  const contact: BadgeContact = {};
  for (const field of splitUnescaped(body, ';')) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const key = field.slice(0, colon).toUpperCase();
    const value = field.slice(colon + 1);
    if (key === 'N' && !contact.firstName && !contact.lastName) {
      const [last = '', first = ''] = splitUnescaped(value, ',').map(unescapeMeCard);
      if (first.trim()) contact.firstName = first;
      if (last.trim()) contact.lastName = last;
    } else if (key === 'EMAIL') contact.email ??= unescapeMeCard(value);
    else if (key === 'ORG') contact.company ??= unescapeMeCard(value);
    else if (key === 'TEL') contact.phone ??= unescapeMeCard(value);
  }
  return contact;
}

function unescapeMeCard(value: string): string {
  return value.replace(/\\([\\;,:"])/g, '$1');
}

// --- mailto: and URLs ---

function parseMailto(text: string): BadgeContact {
  const [address = '', query = ''] = text.slice(7).split('?');
  const email = safeDecode(address).split(',')[0]?.trim();
  const params = new URLSearchParams(query);
  const to = params.get('to')?.split(',')[0]?.trim();
  return { email: email || to };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const URL_KEYS: Record<keyof BadgeContact | 'name', string[]> = {
  email: ['email', 'e-mail', 'mail', 'emailaddress', 'email_address'],
  name: ['name', 'fullname', 'full_name', 'contact'],
  firstName: ['first_name', 'firstname', 'fname', 'given_name', 'givenname', 'first'],
  lastName: ['last_name', 'lastname', 'lname', 'family_name', 'familyname', 'surname', 'last'],
  company: ['company', 'org', 'organization', 'organisation', 'company_name', 'companyname', 'employer'],
  phone: ['phone', 'tel', 'telephone', 'mobile', 'phone_number', 'phonenumber'],
};

function parseUrl(text: string): BadgeContact {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {};
  }
  const params = new Map<string, string>();
  for (const [key, value] of url.searchParams) if (!params.has(key.toLowerCase())) params.set(key.toLowerCase(), value);
  const pick = (keys: string[]) => keys.map((k) => params.get(k)).find((v) => v?.trim());
  const contact: BadgeContact = {
    firstName: pick(URL_KEYS.firstName),
    lastName: pick(URL_KEYS.lastName),
    email: pick(URL_KEYS.email),
    company: pick(URL_KEYS.company),
    phone: pick(URL_KEYS.phone),
  };
  const name = pick(URL_KEYS.name);
  if (name && !contact.firstName && !contact.lastName) Object.assign(contact, splitName(name));
  return contact;
}

// --- "Ada Lovelace;Analytical Engines;ada@example.com" and its kin (, | tab) ---

function parseDelimited(text: string): BadgeContact {
  const separator = ['\t', '|', ';', ','].find((s) => text.includes(s));
  if (!separator || text.includes('\n')) return {};
  const parts = text.split(separator).map((p) => p.trim().replace(/^"(.*)"$/, '$1'));
  const email = parts.find((p) => EMAIL.test(p));
  // Without an address the parts could be anything (a ticket number, a seat); guessing names would mislead.
  if (!email) return {};
  const phone = parts.find((p) => p !== email && PHONE.test(p));
  // Ticket and badge numbers ("A-10293") are neither names nor companies.
  const isCode = (p: string) => /\d/.test(p) && /^[\p{Lu}\d_-]+$/u.test(p);
  const words = parts.filter((p) => p && p !== email && p !== phone && /\p{L}/u.test(p) && !isCode(p));
  const contact: BadgeContact = { email, phone };
  if (!words.length) return contact;
  // "First;Last;Company" when the first two are single words and a third follows; else "Full name;Company".
  if (words.length >= 3 && !words[0]!.includes(' ') && !words[1]!.includes(' ')) {
    return { ...contact, firstName: words[0], lastName: words[1], company: words[2] };
  }
  return { ...contact, ...splitName(words[0]!), company: words[1] };
}

/** The start of `text` that fits in `maxBytes` of UTF-8, never ending in half a character. */
export function clipUtf8(text: string, maxBytes: number): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  // Not fatal: a character cut in half at the end decodes to U+FFFD, which is dropped.
  return new TextDecoder('utf-8').decode(bytes.slice(0, maxBytes)).replace(/\uFFFD$/, '');
}
