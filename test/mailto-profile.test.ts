/**
 * RFC 6068 §2's prose, checked after the grammar (src/profiles/mailto.ts): the characters that
 * "MUST be percent-encoded" in an addr-spec (rule 1), what the decoded address may not be (rules
 * 2 to 5), and the policy on header fields. Rows are RFC 6068 §6's printed URIs, which must be
 * valid, and the same addresses written unencoded, which §6.1 says "may not appear in unencoded
 * form": "The standard URI encoding mechanisms ... MUST be used in these cases".
 */
import { describe, expect, it } from 'vitest';
import { isValid, validate } from '../src/index.js';
import { mailtoParts } from '../src/profiles/mailto.js';
import { percentDecoded } from '../src/schemes/percent.js';
import { derive, grammarAlphabet, mutate } from './oracle/derive.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { mulberry32 } from './oracle/prng.js';

const spec = 'rfc6068';

describe('RFC 6068 §6: every printed URI keeps the prose', () => {
  it.each([
    'mailto:chris@example.com',
    'mailto:infobot@example.com?subject=current-issue',
    'mailto:infobot@example.com?body=send%20current-issue',
    'mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index',
    'mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E',
    'mailto:majordomo@example.com?body=subscribe%20bamboo-l',
    'mailto:joe@example.com?cc=bob@example.com&body=hello',
    'mailto:gorby%25kremvax@example.com',
    'mailto:unlikely%3Faddress@example.com?blat=foop',
    'mailto:joe@an.example?cc=bob@an.example&body=hello',
    'mailto:Mike%26family@example.org',
    'mailto:%22not%40me%22@example.org',
    'mailto:%22oh%5C%5Cno%22@example.org',
    "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
    'mailto:user@example.org?subject=caf%C3%A9',
    'mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D',
    'mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D',
    'mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9',
    'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO',
    // §2's equivalent forms
    'mailto:addr1@an.example,addr2@an.example',
    'mailto:?to=addr1@an.example,addr2@an.example',
  ])('%s', (input) => {
    expect(validate(input, { spec })).toEqual({ input, spec, rule: 'mailtoURI', valid: true });
    expect(isValid(input, { spec })).toBe(true);
  });
});

describe('§2 rule 1: characters of an addr-spec that MUST be percent-encoded (§6\'s addresses unencoded)', () => {
  it.each([
    // §6.1: "To indicate the address "gorby%kremvax@example.com" one would use: <mailto:gorby%25kremvax@example.com>"
    ['mailto:gorby%kremvax@example.com', 12, 'local-part', '%25'],
    // §6.1: "the 'mailto' URI to send mail to "Mike&family@example.org" is <mailto:Mike%26family@example.org>"
    ['mailto:Mike&family@example.org', 11, 'local-part', '%26'],
    // §6.1: "To indicate the address "unlikely?address@example.com", and include another header field"
    ['mailto:unlikely?address@example.com?blat=foop', 15, 'local-part', '%3F'],
    // §6.2: "Email address: "not@me"@example.org; corresponding 'mailto' URI: <mailto:%22not%40me%22@example.org>"
    ['mailto:"not@me"@example.org', 7, 'local-part', '%22'],
    ['mailto:"oh\\\\no"@example.org', 7, 'local-part', '%22'],
    // rule 1: "all the characters in gen-delims except "@" and ":" (i.e., "/", "?", "#", "[", and "]")"
    ['mailto:a/b@example.org', 8, 'local-part', '%2F'],
    ['mailto:a@example.org#frag', 20, 'domain', '%23'],
    ['mailto:a@[192.0.2.1]', 9, 'domain', '%5B'],
    // "at least the following also have to be percent-encoded: "&", ";", and "=""
    ['mailto:a=b@example.org', 8, 'local-part', '%3D'],
    // "the characters that cannot appear in a URI according to [STD66]"
    ['mailto:a{b}@example.org', 8, 'local-part', '%7B'],
    ['mailto:a|b@example.org', 8, 'local-part', '%7C'],
    ['mailto:a@[a<b]', 9, 'domain', '%5B'],
  ])('%s: the grammar holds, rule 1 fails at %i in %s (write %s)', (input, offset, rule, encoded) => {
    expect(isValid(input, { spec, grammarOnly: true })).toBe(true);
    expect(isValid(input, { spec })).toBe(false);
    const r = validate(input, { spec });
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset, rule, rulePath: ['mailtoURI', 'to', 'addr-spec', rule], section: 'RFC 6068 §2', expected: [] });
    expect(!r.valid && r.error.message).toContain(`the scheme's rule fails (RFC 6068 §2: rule 1: `);
    expect(!r.valid && r.error.message).toContain(`MUST be percent-encoded, as ${encoded}`);
  });

  it('the second addr-spec is checked too', () => {
    const r = validate('mailto:a@b,c&d@e', { spec });
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset: 12 });
  });
});

// §2: "Within 'mailto' URIs, the characters "?", "=", and "&" are reserved, serving as
// delimiters. They have to be escaped (as "%3F", "%3D", and "%26", respectively) when not serving
// as delimiters." The ABNF alone lets a domain take "?" (an atext), and the grammar does wherever
// the hfields cannot run to the end; rule 1 refuses it there, which leaves one reading: the first
// "?" begins the hfields. The error is where that reading fails, and its fix must work.
describe('§2: a "?" that rule 1 leaves only the hfields\' delimiter', () => {
  it.each([
    // hfvalue = *qchar; "/" is no qchar, and "Percent-encoding is needed for the same characters as listed above for <addr-spec>"
    ['mailto:a@b?subject=x/y', 20, 'hfvalue', '/', '%2F', 'mailto:a@b?subject=x%2Fy'],
    ['mailto:a@b,c@d?body=x/y', 21, 'hfvalue', '/', '%2F', 'mailto:a@b,c@d?body=x%2Fy'],
    // mailtoURI = "mailto:" [ to ] [ hfields ]: the to may be empty
    ['mailto:?x=y/z@b', 11, 'hfvalue', '/', '%2F', 'mailto:?x=y%2Fz@b'],
    // hfname = *qchar
    ['mailto:a@b?sub/ject=x', 14, 'hfname', '/', '%2F', 'mailto:a@b?sub%2Fject=x'],
    // "The character "#" in <hfvalue>s MUST be escaped as %23."
    ['mailto:a@b?subject=x#frag', 20, 'hfvalue', '#', '%23', 'mailto:a@b?subject=x%23frag'],
    // rule 1's "%" ("because it is used for percent-encoding")
    ['mailto:a@b?subject=100%', 22, 'hfvalue', '%', '%25', 'mailto:a@b?subject=100%25'],
    // "?" and "=" "have to be escaped ... when not serving as delimiters"; §6.1: "using "?" twice, is incorrect"
    ['mailto:a@b?subject=why?', 22, 'hfvalue', '?', 'the second "?" as %3F', 'mailto:a@b?subject=why%3F'],
    ['mailto:joe@example.com?cc=bob?body=hello', 29, 'hfvalue', '?', 'the second "?" as %3F, or as "&" if it begins another hfield', 'mailto:joe@example.com?cc=bob&body=hello'],
    ['mailto:a@b?x=1=2', 14, 'hfvalue', '=', 'the second "=" as %3D', 'mailto:a@b?x=1%3D2'],
    // hfield = hfname "=" hfvalue
    ['mailto:a@b?subject', 18, 'hfield', null, '"=" after the hfname', 'mailto:a@b?subject='],
    ['mailto:a@b?subject&body=x', 18, 'hfield', '&', '"=" before the "&"', 'mailto:a@b?subject=&body=x'],
    ['mailto:a@b?subject=x&', 21, 'hfield', null, null, 'mailto:a@b?subject=x'],
    ['mailto:a@b?subject=x&&body=y', 21, 'hfield', '&', null, 'mailto:a@b?subject=x&body=y'],
    ['mailto:a@b?', 11, 'hfield', null, null, 'mailto:a@b'],
  ])('%s: the hfields fail at %i in %s (found %j): write %s (else remove), and %s is valid', (input, offset, rule, found, write, fixed) => {
    expect(isValid(input, { spec, grammarOnly: true })).toBe(true);
    expect(isValid(input, { spec })).toBe(false);
    const r = validate(input, { spec });
    const rulePath = rule === 'hfield' ? ['mailtoURI', 'hfields', 'hfield'] : ['mailtoURI', 'hfields', 'hfield', rule];
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset, rule, rulePath, found, section: 'RFC 6068 §2', expected: [] });
    expect(!r.valid && r.error.message).toContain(`begins the hfields ("?", "=", and "&" are reserved, serving as delimiters); there, `);
    // The fix the message names works: what it writes, or the "?" or "&" it removes.
    const removed = input.length > fixed.length ? (found ?? input[offset - 1]!) : undefined;
    expect(!r.valid && r.error.message).toContain(write === null ? `remove the "${removed}"` : `write ${write}`);
    expect(validate(fixed, { spec })).toMatchObject({ valid: true });
  });

  it.each([
    // "/" begins nothing else: rule 1's record, and its "%2F" works
    ['mailto:a@b/c', 10, 'domain', '/', 'mailto:a@b%2Fc'],
    // §6.1 "unlikely?address@example.com": before the "?" is no to, so the "?" is no delimiter
    ['mailto:unlikely?address@example.com?blat=foop', 15, 'local-part', '?', 'mailto:unlikely%3Faddress@example.com?blat=foop'],
    ['mailto:a?b@c', 8, 'local-part', '?', 'mailto:a%3Fb@c'],
    // RFC 5322 §3.2.3: a dot-atom-text ends in no ".", so "a@b." is no to either
    ['mailto:a@b.?c', 11, 'domain', '?', 'mailto:a@b.%3Fc'],
    // a "%3F" is no delimiter: the "=" after it is the domain's, and rule 1 refuses it
    ['mailto:a@b%3Fc=d', 14, 'domain', '=', 'mailto:a@b%3Fc%3Dd'],
  ])('%s: no reading makes it a delimiter; rule 1 fails at %i in %s (found %j)', (input, offset, rule, found, fixed) => {
    expect(isValid(input, { spec, grammarOnly: true })).toBe(true);
    const r = validate(input, { spec });
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset, rule, found });
    expect(!r.valid && r.error.message).toContain(`MUST be percent-encoded, as ${fixed.slice(offset, offset + 3)}`);
    expect(validate(fixed, { spec })).toMatchObject({ valid: true });
  });

  it.each([
    // a "/" before the "?" is refused in every reading: it comes first
    ['mailto:a/b@c?subject=x/y', 8, 'local-part', 'rule 1'],
    // the to before the "?" is read as that reading's: "%E9" alone, which is no UTF-8
    ['mailto:a@%E9?subject=x/y', 9, 'domain', 'rule 4'],
  ])('%s: the to before the "?" fails first, at %i in %s (%s)', (input, offset, rule, rules) => {
    const r = validate(input, { spec });
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset, rule });
    expect(!r.valid && r.error.message).toContain(`(RFC 6068 §2: ${rules}`);
  });
});

describe('§2 rules 2 to 5: what the percent-encoding stands for', () => {
  it.each([
    // rule 3: "Whitespace and comments within <local-part> and <domain> MUST NOT be used"
    ['mailto:a%20b@example.org', 7, 'local-part', 'rules 2 and 3'],
    ['mailto:%22a%20b%22@example.org', 7, 'local-part', 'rules 2 and 3'],
    ['mailto:%28comment%29a@example.org', 7, 'local-part', 'rules 2 and 3'],
    ['mailto:a@example%20.org', 9, 'domain', 'rules 2 and 3'],
    // rule 2: "<NO-WS-CTL> ... MUST NOT be used" (obs-NO-WS-CTL includes %d1-8)
    ['mailto:%22a%01%22@example.org', 7, 'local-part', 'rules 2 and 3'],
    // an "@" that is no delimiter belongs in a quoted-string ("not@me")
    ['mailto:not%40me@example.org', 7, 'local-part', 'rules 2 and 3'],
    // rule 5: "Any other percent-encoding of non-ASCII characters is prohibited"
    ['mailto:caf%E9@example.org', 7, 'local-part', 'rule 5'],
    // rule 4: "MUST NOT use percent-encoding in domain names unless it is used to represent a UTF-8 character sequence"
    ['mailto:user@%E7%B4.example.org', 12, 'domain', 'rule 4'],
  ])('%s fails at %i in %s (%s)', (input, offset, rule, rules) => {
    expect(isValid(input, { spec, grammarOnly: true })).toBe(true);
    const r = validate(input, { spec });
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset, rule, section: 'RFC 6068 §2' });
    expect(!r.valid && r.error.message).toContain(`(RFC 6068 §2: ${rules}`);
  });

  it.each([
    'mailto:%C3%A9@example.org', // rule 5: UTF-8, then percent-encoded
    'mailto:a@%5B192.0.2.1%5D', // rule 1's encoded domain literal
    'mailto:%22a%5C%20b%22@example.org', // a space as a quoted-pair, as §6.2's "it's\ ugly"
  ])('%s is valid', (input) => {
    expect(validate(input, { spec }).valid).toBe(true);
  });
});

describe('§2 on header fields', () => {
  it('"creators of \'mailto\' URIs MUST NOT include other message header fields multiple times if these header fields can only be used once" (RFC 5322 §3.6: subject, cc at most 1)', () => {
    for (const input of ['mailto:a@b?subject=x&Subject=y', 'mailto:a@b?cc=c@d&body=x&cc=e@f']) {
      const r = validate(input, { spec });
      expect(!r.valid && r.error).toMatchObject({ layer: 'profile', rule: 'hfname', offset: input.lastIndexOf('&') + 1 });
    }
  });
  it('"creators of \'mailto\' URIs SHOULD NOT use the same <hfname> multiple times": a warning for others', () => {
    const r = validate('mailto:a@b?body=x&body=y', { spec });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ offset: 18, rule: 'hfname', section: 'RFC 6068 §2' })]);
  });
  it('"<mailto:addr1@an.example?to=addr2@an.example> ... is NOT RECOMMENDED": a warning', () => {
    const r = validate('mailto:addr1@an.example?to=addr2@an.example', { spec });
    expect(r.valid).toBe(true);
    expect(r.warnings?.[0]?.message).toContain('NOT RECOMMENDED');
    expect(validate('mailto:?to=addr1@an.example', { spec }).warnings).toBeUndefined();
  });
  it('";" is a some-delims qchar, and "Percent-encoding is needed for the same characters as listed above": a warning', () => {
    const r = validate('mailto:a@b?subject=x;y', { spec });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ offset: 20, rule: 'hfvalue' })]);
  });
});

describe('mailtoParts splits as the grammar derives', () => {
  it.each([
    ['mailto:a@b?c=d,e', ['a@b'], ['c']],
    ['mailto:a@b.?c=d,x@y', ['a@b.?c=d', 'x@y'], []],
    ['mailto:"a,b"@c,d@[e,f]?x=1&=', ['"a,b"@c', 'd@[e,f]'], ['x', '']],
    ['mailto:?to=a@b', [], ['to']],
    ['mailto:', [], []],
  ])('%s', (input, to, names) => {
    const p = mailtoParts(input);
    expect(p.to.map((a) => a.value)).toEqual(to);
    expect(p.hfields.map((h) => h.name.value)).toEqual(names);
    for (const a of p.to) {
      expect(input.slice(a.start, a.start + a.value.length)).toBe(a.value);
      expect(`${a.local.value}@${a.domain.value}`).toBe(a.value);
    }
    for (const h of p.hfields) expect(input.slice(h.value.start, h.value.start + h.value.value.length)).toBe(h.value.value);
  });
});

describe('the prose reads the split and the addresses as RFC 6068 §2 and RFC 5322 print them', () => {
  // The oracle: §2's and RFC 5322's rules as regular expressions, written from the ABNF
  // (qchar = unreserved / pct-encoded / some-delims; atext, dot-atom-text; quoted-string with
  // neither CFWS nor obs-qp; "[" *dtext-no-obs "]"), against the in-place scanners of
  // src/profiles/mailto.ts on derivations of the printed mailtoURI.
  const QCHAR = String.raw`(?:[A-Za-z0-9\-._~!$'()*+,;:@]|%[0-9A-Fa-f]{2})`;
  const HFIELDS = new RegExp(String.raw`^\?${QCHAR}*=${QCHAR}*(?:&${QCHAR}*=${QCHAR}*)*$`);
  const ATEXT = String.raw`[A-Za-z0-9!#$%&'*+\-/=?^_\x60{|}~\u0080-\uFFFF]`;
  const DOT_ATOM = `${ATEXT}+(?:\\.${ATEXT}+)*`;
  const QUOTED = String.raw`"(?:[\x21\x23-\x5B\x5D-\x7E\u0080-\uFFFF]|\\[\t\x20-\x7E])*"`;
  const LITERAL = String.raw`\[[\x21-\x5A\x5E-\x7E]*\]`;
  const ADDR = `(?:${DOT_ATOM}|${QUOTED})@(?:${DOT_ATOM}|${LITERAL})`;
  const TO = new RegExp(`^${ADDR}(?:,${ADDR})*$`);
  const LOCAL_PART = new RegExp(`^(?:${DOT_ATOM}|${QUOTED})$`);
  const DOMAIN = new RegExp(`^(?:${DOT_ATOM}|${LITERAL})$`);

  const printed = loadPrinted(spec);
  const rng = mulberry32(6068);
  const alphabet = grammarAlphabet(printed);
  const inputs: string[] = [];
  while (inputs.length < 3000) {
    let s = derive(printed, 'mailtoURI', rng, { maxRepeat: 4 });
    if (rng.next() < 0.3) s = mutate(s, rng, alphabet);
    if (isValid(s, { spec, grammarOnly: true })) inputs.push(s);
  }

  it('the hfields begin at the last "?" exactly when hfields run from it and a to (or nothing) before it', () => {
    for (const input of inputs) {
      const rest = input.slice('mailto:'.length);
      const q = rest.lastIndexOf('?');
      const split = q >= 0 && HFIELDS.test(rest.slice(q)) && (q === 0 || TO.test(rest.slice(0, q)));
      const p = mailtoParts(input);
      const toEnd = p.to.length > 0 ? p.to.at(-1)!.start + p.to.at(-1)!.value.length : 'mailto:'.length;
      expect({ input, split: p.hfields.length > 0, toEnd }).toEqual({ input, split, toEnd: split ? 'mailto:'.length + q : input.length });
    }
  });

  it('a "?" the grammar reads into the to is refused; where a to (or nothing) comes before the first "?", the error is where the hfields it begins stop, and the fix named gets them past it', () => {
    // hfields as far as they go: hfield *( "&" hfield ), the last one possibly without its "=" or value.
    const HF_PREFIX = new RegExp(String.raw`^\?(?:${QCHAR}*=${QCHAR}*&)*${QCHAR}*(?:=${QCHAR}*)?`);
    const base = 'mailto:'.length;
    const reach = (s: string, q: number): number => q + HF_PREFIX.exec(s.slice(q))![0].length;
    // The derivations, and their text from the first "?" after a to that keeps rule 1 (or none),
    // with a character the hfields refuse put after that "?".
    const own = mulberry32(2368);
    const refused = ['/', '#', '?', '=', '&', '%', '[', '"', '{'];
    const more = inputs.flatMap((s) => {
      const q = s.indexOf('?', base);
      if (q < 0) return [];
      const t = `mailto:${own.pick(['', 'a@b', 'a.b@c.d,e@f', '%22x%20y%22@z'])}${s.slice(q)}`;
      const at = own.int(t.indexOf('?') + 1, t.length);
      return [t, t.slice(0, at) + own.pick(refused) + t.slice(at)].filter((u) => isValid(u, { spec, grammarOnly: true }));
    });
    let checked = 0;
    for (const input of [...inputs, ...more]) {
      const rest = input.slice(base);
      const q = rest.indexOf('?');
      const last = rest.lastIndexOf('?');
      const split = last >= 0 && HFIELDS.test(rest.slice(last)) && (last === 0 || TO.test(rest.slice(0, last)));
      if (q < 0 || (split && q === last)) continue; // no "?" in the grammar's to
      const r = validate(input, { spec });
      expect({ input, valid: r.valid }).toEqual({ input, valid: false });
      if (r.valid) continue;
      if (q > 0 && !TO.test(rest.slice(0, q))) {
        // No reading makes the "?" a delimiter: rule 1 (or an earlier rule) fails at it or before.
        expect({ input, at: r.error.offset <= base + q }).toEqual({ input, at: true });
        continue;
      }
      if (r.error.offset < base + q) {
        expect({ input, rule: r.error.rule }).toEqual({ input, rule: expect.stringMatching(/^(local-part|domain)$/) });
        continue;
      }
      const stop = reach(input, base + q);
      const found = input[stop] ?? null;
      const inName = !/=[^&]*$/.test(input.slice(base + q, stop));
      expect({ input, offset: r.error.offset, found: r.error.found, rule: r.error.rule }).toEqual({
        input, offset: stop, found, rule: found === null || (found === '&' && inName) ? 'hfield' : inName ? 'hfname' : 'hfvalue',
      });
      // The fix named: an hfield without "=" gets one, or loses the "?" or "&" that begins it
      // where it is empty; a character no qchar is percent-encoded. The hfields then take it.
      const before = input[stop - 1]!;
      const empty = stop - 1 === base + q || before === '&';
      let fixed: string;
      if (r.error.rule === 'hfield' && empty) {
        const removed = found === null ? before : '&';
        expect(r.error.message).toContain(`remove the "${removed}"`);
        fixed = found === null ? input.slice(0, -1) : input.slice(0, stop) + input.slice(stop + 1);
        if (found === null && removed === '?') expect(validate(fixed, { spec }).valid || !fixed.includes('?')).toBe(true);
        else expect({ input, past: reach(fixed, base + q) >= (found === null ? fixed.length : stop) }).toEqual({ input, past: true });
      } else {
        const insert = r.error.rule === 'hfield' ? '=' : `%${found!.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
        // A second "?" or "=" is named: 'write the second "?" as %3F'.
        const written = insert === '=' ? 'write "="' : found === '?' || found === '=' ? `write the second "${found}" as ${insert}` : `write ${insert}`;
        expect(r.error.message).toContain(written);
        fixed = input.slice(0, stop) + insert + input.slice(r.error.rule === 'hfield' ? stop : stop + 1);
        expect({ input, past: reach(fixed, base + q) >= stop + insert.length }).toEqual({ input, past: true });
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('an addr-spec part that keeps rules 1, 4 and 5 is refused by rules 2 and 3 exactly when its decoding is no RFC 5322 local-part or domain', () => {
    // Addresses of characters rule 1 lets through and triplets that decode to what RFC 5322
    // reads apart: '"', "\\", ".", "@", "[", "]", ",", a space, a tab, a non-ASCII letter.
    const pieces = ['a', 'B', '7', '.', '-', '!', '%2E', '%22', '%5C', '%20', '%09', '%40', '%5B', '%5D', '%2C', '%C3%A9', '%41'];
    const word = (): string => Array.from({ length: rng.int(1, 6) }, () => rng.pick(pieces)).join('');
    const addresses: string[] = [];
    while (addresses.length < 3000) {
      const s = `mailto:${word()}@${word()}${rng.next() < 0.3 ? `,${word()}@${word()}` : ''}`;
      if (isValid(s, { spec, grammarOnly: true })) addresses.push(s);
    }
    let checked = 0;
    for (const input of [...inputs, ...addresses]) {
      const r = validate(input, { spec });
      for (const a of mailtoParts(input).to) {
        for (const [part, re, rule] of [[a.local, LOCAL_PART, 'local-part'], [a.domain, DOMAIN, 'domain']] as const) {
          // validate gives the first error: one before this part hides it, one in it of rule
          // 1, 4 or 5 is another rule's.
          const first = r.valid ? undefined : r.error;
          if (first !== undefined && first.offset < part.start) continue;
          const here = first !== undefined && first.rule === rule && first.offset <= part.start + part.value.length;
          if (here && !/rules 2 and 3/.test(first.message)) continue;
          const decoded = percentDecoded(part.value);
          if (decoded === null) continue;
          checked++;
          expect({ input, rule, refused: here }).toEqual({ input, rule, refused: !re.test(decoded) });
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
