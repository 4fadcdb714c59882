// Percent-decoding for the scheme profiles' components (RFC 3986 §2.1, RFC 2396 §2.4.1): the
// octets a pct-encoded triplet stands for, and their text when they are UTF-8 (RFC 6068 §2
// rule 5 and "Non-ASCII characters can be encoded according to UTF-8").

import { UTF8_LENGTH, UTF8_SECOND_HIGH, UTF8_SECOND_LOW } from '../utf8-table.js';

const encoder = new TextEncoder();

const HEX = '0123456789ABCDEF';
const pctByte = (b: number): string => '%' + HEX[b >> 4]! + HEX[b & 0xf]!;
/** A continuation byte of code point `v`: its 6 bits from `shift` up (RFC 3629 §3). */
const continuation = (v: number, shift: number): string => pctByte(0x80 | ((v >> shift) & 0x3f));

/** The UTF-8 bytes of `ch` percent-encoded (RFC 3986 §2.1, §2.5; RFC 6570 §3.1): `é` → `%C3%A9`. */
export function percentEncoded(ch: string): string {
  // An ASCII character is its own one byte (the common case: a space, a "|").
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return pctByte(ch.charCodeAt(0));
  // One code point (the character at a failure, of a template's expansion): its bytes by RFC
  // 3629 §3's table, a lone surrogate as U+FFFD's, as TextEncoder encodes it (U+FFFD replaces it).
  const cp = ch.codePointAt(0)!;
  if (ch.length === (cp > 0xffff ? 2 : 1)) {
    const v = cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp;
    if (v < 0x800) return pctByte(0xc0 | (v >> 6)) + continuation(v, 0);
    if (v < 0x10000) return pctByte(0xe0 | (v >> 12)) + continuation(v, 6) + continuation(v, 0);
    return pctByte(0xf0 | (v >> 18)) + continuation(v, 12) + continuation(v, 6) + continuation(v, 0);
  }
  return [...encoder.encode(ch)].map(pctByte).join('');
}

/** The value of a hexadecimal digit's code unit (RFC 3986 §2.1 `HEXDIG`, either case), or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20; // a letter in lower case
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** The octet of a `%XX` triplet at `i` of `text`, or -1 where none begins there. */
export function tripletAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x25) return -1;
  // Past the end charCodeAt gives NaN, no digit.
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hi < 0 ? -1 : hexValue(text.charCodeAt(i + 2));
  return lo < 0 ? -1 : (hi << 4) | lo;
}

/** The octets of a string of characters and `%XX` triplets (each character below U+0080 an octet). */
export function percentOctets(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const octet = tripletAt(text, i);
    if (octet >= 0) {
      out.push(octet);
      i += 2;
    } else if (text.charCodeAt(i) < 0x80) {
      out.push(text.charCodeAt(i));
    } else {
      for (const b of encoder.encode(text[i]!)) out.push(b);
    }
  }
  return Uint8Array.from(out);
}

/**
 * Whether the octets of `text` from `start` to `end` (`percentOctets`) are UTF-8, read as the
 * fatal decoder below reads them (the WHATWG Encoding Standard's UTF-8 decoder: no overlong
 * form, no surrogate, nothing past U+10FFFF), without building them. A character as written
 * encodes to octets that are UTF-8 and begin with no continuation octet, so only the runs of
 * triplets can break it, and a character inside a sequence they begin ends it unfinished.
 */
export function percentUtf8(text: string, start = 0, end = text.length): boolean {
  let i = text.indexOf('%', start);
  if (i < 0 || i >= end) return true;
  /** Continuation octets still due, and the range the next one must be in. */
  let due = 0;
  let lower = 0x80;
  let upper = 0xbf;
  for (; i < end; i++) {
    const b = i + 2 < end ? tripletAt(text, i) : -1;
    if (b < 0) {
      if (due > 0) return false; // a character (or "%" as written) inside a sequence
      const next = text.indexOf('%', i + 1);
      if (next < 0 || next >= end) return true;
      i = next - 1;
      continue;
    }
    i += 2;
    if (due > 0) {
      if (b < lower || b > upper) return false;
      due--;
      lower = 0x80;
      upper = 0xbf;
    } else if (b >= 0x80) {
      // Table 3-7: the lead octet fixes how many follow and the range of the next one.
      due = (UTF8_LENGTH[b] as number) - 1;
      if (due < 0) return false;
      lower = UTF8_SECOND_LOW[b] as number;
      upper = UTF8_SECOND_HIGH[b] as number;
    }
  }
  return due === 0;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The decoded text, or null when the octets are not UTF-8. */
export function percentDecoded(text: string): string | null {
  return percentUtf8(text) ? utf8.decode(percentOctets(text)) : null;
}
