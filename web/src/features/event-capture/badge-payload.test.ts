import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_CHARS, clipUtf8, parseBadgePayload, splitName } from './badge-payload';
import { LIMITS } from '@contract';

describe('parseBadgePayload - vCard', () => {
  it('reads N, EMAIL, ORG and TEL of a vCard 3.0 with CRLF line breaks', () => {
    const vcard = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'ORG:Analytical Engines;R&D', 'EMAIL;TYPE=INTERNET,WORK:ada@example.com', 'TEL;TYPE=WORK,VOICE:+1 555 0100', 'END:VCARD'].join('\r\n');
    expect(parseBadgePayload(vcard)).toEqual({
      kind: 'vcard',
      contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', phone: '+1 555 0100' },
    });
  });

  it('unfolds folded lines, reads charset params and escaped commas and semicolons', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:4.0\nN;CHARSET=UTF-8:Müller;Jürgen\nORG:Smith\\, Jones \\; Partners\nEMAIL:juergen.mueller@exa\n mple.com\nEND:VCARD';
    expect(parseBadgePayload(vcard).contact).toEqual({ firstName: 'Jürgen', lastName: 'Müller', company: 'Smith, Jones ; Partners', email: 'juergen.mueller@example.com' });
  });

  it('falls back to FN when N is missing, and skips a fax for the phone', () => {
    const vcard = 'BEGIN:VCARD\nFN:Grace Brewster Hopper\nTEL;TYPE=FAX:111 1111\nTEL;TYPE=CELL:+1 555 0199\nitem1.EMAIL:grace@example.com\nEND:VCARD';
    expect(parseBadgePayload(vcard).contact).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper', phone: '+1 555 0199', email: 'grace@example.com' });
  });

  it('decodes vCard 2.1 quoted-printable values in their charset, continued over a soft line break', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Fran=C3=A7ois;Ren=\n=C3=A9\nEMAIL;INTERNET:rene@example.com\nEND:VCARD';
    expect(parseBadgePayload(vcard).contact).toEqual({ firstName: 'René', lastName: 'François', email: 'rene@example.com' });
  });

  it('a truncated vCard (no END, cut inside a line) still yields what it holds', () => {
    const vcard = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Turing;Alan\r\nEMAIL:alan@example.com\r\nORG:Bletch';
    expect(parseBadgePayload(vcard)).toEqual({ kind: 'vcard', contact: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', company: 'Bletch' } });
  });

  it('a vCard whose e-mail is not an address keeps the other fields and drops the e-mail', () => {
    expect(parseBadgePayload('BEGIN:VCARD\nN:Doe;Jane\nEMAIL:not an address\nEND:VCARD').contact).toEqual({ firstName: 'Jane', lastName: 'Doe' });
  });
});

describe('parseBadgePayload - MeCard', () => {
  it('reads N as last,first and the escaped separators', () => {
    expect(parseBadgePayload('MECARD:N:Doe,John;EMAIL:john@example.com;ORG:Doe\\; Sons\\, Ltd;TEL:+15550100;;')).toEqual({
      kind: 'mecard',
      contact: { firstName: 'John', lastName: 'Doe', email: 'john@example.com', company: 'Doe; Sons, Ltd', phone: '+15550100' },
    });
  });

  it('keeps the first of repeated fields and ignores unknown ones', () => {
    expect(parseBadgePayload('MECARD:N:Roe,Rita;NOTE:booth 4;EMAIL:rita@example.com;EMAIL:other@example.com;;').contact).toEqual({
      firstName: 'Rita',
      lastName: 'Roe',
      email: 'rita@example.com',
    });
  });
});

describe('parseBadgePayload - mailto, e-mail, URL', () => {
  it('mailto: with a subject and an encoded address', () => {
    expect(parseBadgePayload('mailto:ada%2Bbadge@example.com?subject=Hello%20there&body=x')).toEqual({ kind: 'mailto', contact: { email: 'ada+badge@example.com' } });
  });

  it('a plain e-mail, and a named one', () => {
    expect(parseBadgePayload('  bob@example.org\n')).toEqual({ kind: 'email', contact: { email: 'bob@example.org' } });
    expect(parseBadgePayload('"Bob Builder" <bob@example.org>')).toEqual({ kind: 'email', contact: { firstName: 'Bob', lastName: 'Builder', email: 'bob@example.org' } });
    expect(parseBadgePayload('Ada<ada@example.com>')).toEqual({ kind: 'email', contact: { firstName: 'Ada', email: 'ada@example.com' } });
    // The name is what stands before the last `<`; an address with a space in it, or no name, is not this shape.
    expect(parseBadgePayload('A <b> Lovelace <ada@example.com>').contact).toEqual({ firstName: 'A', lastName: '<b> Lovelace', email: 'ada@example.com' });
    expect(parseBadgePayload('Ada <ada @example.com>').kind).not.toBe('email');
    expect(parseBadgePayload('<ada@example.com>').kind).not.toBe('email');
  });

  it('a URL with contact query parameters in either spelling', () => {
    expect(parseBadgePayload('https://expo.example.com/b/123?firstName=Ada&last_name=Lovelace&Email=ada%40example.com&org=Engines&phone=%2B1%20555')).toEqual({
      kind: 'url',
      contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Engines', phone: '+1 555' },
    });
    expect(parseBadgePayload('https://x.example/?name=Grace%20Hopper&company=Navy').contact).toEqual({ firstName: 'Grace', lastName: 'Hopper', company: 'Navy' });
  });

  it('a URL naming no one is unknown', () => {
    expect(parseBadgePayload('https://expo.example.com/badge/8841?ref=qr')).toEqual({ kind: 'unknown', contact: {} });
  });
});

describe('parseBadgePayload - delimited', () => {
  it.each([
    ['semicolons', 'Ada Lovelace;Analytical Engines;ada@example.com'],
    ['commas', 'Ada Lovelace, Analytical Engines, ada@example.com'],
    ['pipes', 'Ada Lovelace|Analytical Engines|ada@example.com'],
    ['tabs', 'Ada Lovelace\tAnalytical Engines\tada@example.com'],
  ])('name, company and e-mail separated by %s', (_, payload) => {
    expect(parseBadgePayload(payload)).toEqual({ kind: 'delimited', contact: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines', email: 'ada@example.com' } });
  });

  it('first, last, company, e-mail and phone in their own columns', () => {
    expect(parseBadgePayload('A-10293;Ada;Lovelace;Engines;ada@example.com;+1 555 0100').contact).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines',
      email: 'ada@example.com',
      phone: '+1 555 0100',
    });
  });

  it('parts without an e-mail address are unknown (no guessing names from ticket numbers)', () => {
    expect(parseBadgePayload('A-10293;Hall 4;Row 12')).toEqual({ kind: 'unknown', contact: {} });
  });
});

describe('parseBadgePayload - unknown and malformed', () => {
  it('a bare attendee number is unknown', () => {
    expect(parseBadgePayload('ATT-0004471')).toEqual({ kind: 'unknown', contact: {} });
  });

  it('binary junk is unknown', () => {
    const junk = String.fromCharCode(...Array.from({ length: 64 }, (_, i) => (i * 37) % 256));
    expect(parseBadgePayload(junk)).toEqual({ kind: 'unknown', contact: {} });
    expect(parseBadgePayload('\u0000\u0001BEGIN:VCARD\u0002')).toEqual({ kind: 'unknown', contact: {} });
  });

  it('a payload longer than any badge code is not read', () => {
    const huge = `BEGIN:VCARD\nN:Doe;Jane\nNOTE:${'x'.repeat(MAX_PAYLOAD_CHARS)}\nEND:VCARD`;
    expect(parseBadgePayload(huge)).toEqual({ kind: 'unknown', contact: {} });
  });

  it('empty and whitespace are unknown', () => {
    expect(parseBadgePayload('')).toEqual({ kind: 'unknown', contact: {} });
    expect(parseBadgePayload(' \r\n ')).toEqual({ kind: 'unknown', contact: {} });
  });

  it("a very long field is cut to the contract's length for it, control characters become spaces", () => {
    const contact = parseBadgePayload(`MECARD:N:${'L'.repeat(500)},Ann\u0007e;ORG:${'C'.repeat(500)};EMAIL:a@example.com;;`).contact;
    expect(contact.lastName).toHaveLength(LIMITS.name);
    expect(contact.company).toHaveLength(LIMITS.company);
    expect(contact.firstName).toBe('Ann e');
  });

  it('a half-escaped MeCard or vCard does not throw', () => {
    expect(() => parseBadgePayload('MECARD:N:\\')).not.toThrow();
    expect(() => parseBadgePayload('BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:=Z')).not.toThrow();
    expect(parseBadgePayload('BEGIN:VCARD').kind).toBe('vcard');
  });
});

describe('splitName', () => {
  it('first word is the first name; "Last, First" is read the other way round', () => {
    expect(splitName('Ada')).toEqual({ firstName: 'Ada' });
    expect(splitName(' Mary  Ann Smith ')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitName('Hopper, Grace')).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
  });
});

describe('clipUtf8', () => {
  it('keeps text within the byte limit whole, cuts longer text at a character boundary', () => {
    expect(clipUtf8('BEGIN:VCARD', 4096)).toBe('BEGIN:VCARD');
    expect(clipUtf8('aé', 2)).toBe('a'); // é is two bytes: never half of it
    expect(clipUtf8('€'.repeat(2000), 4096)).toBe('€'.repeat(1365)); // 3 bytes each
    expect(new TextEncoder().encode(clipUtf8('x'.repeat(5000), 4096))).toHaveLength(4096);
  });
});
