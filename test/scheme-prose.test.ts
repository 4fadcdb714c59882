/**
 * The prose of RFC 8089 (file) and RFC 2397 (data) after their grammars, and `--spec auto` for
 * the mailto, file and data schemes (issue 25 point 3): RFC 3986's verdict and the profile's.
 * Expectations are the RFCs' words: RFC 8089 §4 "the data SHOULD be encoded as octets according
 * to the UTF-8 character encoding scheme" (a warning); RFC 2397 §2 "The appearance of
 * ";base64" means that the data is encoded as base64" with RFC 2045 §6.8's encoding (RFC 2397
 * has no BCP 14 keyword: a warning); RFC 6068 §2's rule 1 (an error).
 */
import { describe, expect, it } from 'vitest';
import { isValid, validate, dataUrlFields } from '../src/index.js';
import { erasWith, rowOf } from '../src/eras/table.js';
import { profileProse } from '../src/profiles/of-era.js';
import { runInMemory } from './cli/cli-harness.js';

describe('every scheme-profile era names its prose in the era table', () => {
  it.each(['rfc8089', 'rfc6068', 'rfc2397'])('%s', (era) => {
    expect(erasWith('profile')).toContain(era);
    const prose = profileProse(era);
    expect(prose?.document).toBe(`RFC ${era.slice(3)}`);
    expect(Object.keys(prose!.rules)).toEqual([...rowOf(era)!.profile!.schemes]);
  });
});

describe('RFC 8089 §4: names SHOULD be UTF-8 before percent-encoding, a warning', () => {
  it.each([
    ['file:///caf%E9', 7],
    ['file://host.example.com/a%FF', 23],
    ['file:/%C3', 5],
  ])('%s: valid, warned at %i (RFC 8089 §4)', (input, offset) => {
    const r = validate(input, { spec: 'rfc8089' });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ offset, rule: 'path-absolute', section: 'RFC 8089 §4' })]);
    expect(isValid(input, { spec: 'rfc8089' })).toBe(true);
  });
  it.each(['file:///caf%C3%A9', 'file:///path/to/file', 'file://localhost/etc/fstab', 'file:///c:/path/to/file'])('%s: no warning', (input) => {
    expect(validate(input, { spec: 'rfc8089' })).toEqual({ input, spec: 'rfc8089', rule: 'file-URI', valid: true });
  });
  it('Appendix E forms are read too', () => {
    expect(validate('file:c:/a%E9', { spec: 'rfc8089', appendixE: true }).warnings?.[0]).toMatchObject({ offset: 5, section: 'RFC 8089 §4' });
  });
});

describe('RFC 2397 §2: ";base64" data that is no base64, a warning', () => {
  it.each([
    ['data:;base64,SGk', 13], // three characters: "A full encoding quantum is always completed at the end"
    ['data:text/plain;base64,SG=k', 23], // "=" before the end
    ['data:;base64,S===', 13], // three "=": at most two pad a quantum
  ])('%s: valid, warned at %i', (input, offset) => {
    const r = validate(input, { spec: 'rfc2397' });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ offset, rule: 'data', section: 'RFC 2397 §2' })]);
  });
  it.each([
    'data:;base64,SGk=',
    'data:;base64,',
    // RFC 2045 §6.8: "Any characters outside of the base64 alphabet are to be ignored"
    'data:;base64,SG%0Ak=',
    'data:,SGk', // no ";base64": the data is octets
    'data:text/plain;base64=x,SGk', // §3: with "=" a parameter, not the extension
  ])('%s: no warning', (input) => {
    expect(validate(input, { spec: 'rfc2397' }).warnings).toBeUndefined();
  });
  it('the §4 GIF example has none, and the components agree', () => {
    const gif = 'data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7';
    expect(validate(gif, { spec: 'rfc2397' }).warnings).toBeUndefined();
    expect(dataUrlFields('data:;base64,SG%0Ak=')).toMatchObject({ base64: true, length: 2 });
  });
});

describe('RFC 2397 §3: a type, subtype or attribute in URL escaped encoding is an RFC 2045 token, a warning', () => {
  // §3: ""type", "subtype", "attribute" and "value" are the corresponding tokens from [RFC2045],
  // represented using URL escaped encoding of [RFC2396] as necessary"; RFC 2045 §5.1: `token :=
  // 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>`. Judged here by RFC 2045's words
  // on the octets Node's own decoder gives.
  const TSPECIALS = '()<>@,;:\\"/[]?=';
  const isToken = (octets: Buffer): boolean => octets.length > 0 && [...octets].every((b) => b > 0x20 && b < 0x7f && !TSPECIALS.includes(String.fromCharCode(b)));
  it('octets that are no token: space, tspecials, CTLs, non-ASCII', () => {
    const cases: Array<[string, string, number]> = [
      ['data:te%20xt/plain,x', 'type', 5],
      ['data:%2F/x,y', 'type', 5],
      ['data:text/pl%22ain,x', 'subtype', 10],
      ['data:text/plain;a%3Db=c,x', 'attribute', 16],
      ['data:text/plain;ch%00arset=x,y', 'attribute', 16],
      ['data:;%3B=x,y', 'attribute', 6],
      ['data:a/b;c=d;e%20=f;base64,QUFB', 'attribute', 13],
    ];
    for (const [input, rule, offset] of cases) {
      const r = validate(input, { spec: 'rfc2397' });
      expect(r, input).toMatchObject({ valid: true, warnings: [{ section: 'RFC 2397 §3', rule, offset }] });
    }
  });
  it('escaped token characters, and any value (a quoted-string in URL escaped form), get none', () => {
    for (const input of ['data:te%5Ext/plain,x', 'data:%74ext/plain;charset=%22a%20b%22,x', 'data:text/plain;name=%22a%20b%22;base64,QUFB', 'data:a%7Bb/c;d%7E=e%2C,x']) {
      expect(validate(input, { spec: 'rfc2397' }), input).toEqual({ input, spec: 'rfc2397', rule: 'dataurl', valid: true });
    }
  });
  it('agrees with RFC 2045 §5.1 on every single escaped octet as a type', () => {
    for (let b = 0; b < 256; b++) {
      const hex = `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
      const input = `data:a${hex}/b,x`;
      const r = validate(input, { spec: 'rfc2397' });
      const warned = r.valid && (r.warnings ?? []).some((w) => w.section === 'RFC 2397 §3');
      expect(warned, hex).toBe(!isToken(Buffer.from([0x61, b])));
    }
  });
});

describe("spec 'auto' for mailto, file and data: RFC 3986 and the scheme's profile", () => {
  it.each([
    ['mailto:chris@example.com', 'rfc6068', 'mailtoURI'],
    ['MAILTO:chris@example.com', 'rfc6068', 'mailtoURI'],
    ['file:///etc/fstab', 'rfc8089', 'file-URI'],
    ['data:,A%20brief%20note', 'rfc2397', 'dataurl'],
  ])('%s: both verdicts, %s %s', (input, spec, rule) => {
    const r = validate(input, { spec: 'auto' });
    expect(r.valid).toBe(true);
    expect(r.verdicts?.map((v) => `${v.spec} ${v.rule} ${v.valid}`)).toEqual(['rfc3986 URI-reference true', `${spec} ${rule} true`]);
  });
  it('mailto: RFC 3986 holds, RFC 6068 §2 rule 1 fails (layer profile)', () => {
    const r = validate('mailto:Mike&family@example.org', { spec: 'auto' });
    expect(r).toMatchObject({ valid: false, error: { layer: 'profile', section: 'RFC 6068 §2', offset: 11 } });
    expect(r.verdicts?.map((v) => v.valid)).toEqual([true, false]);
    expect(isValid('mailto:Mike&family@example.org', { spec: 'auto' })).toBe(false);
  });
  it('file: RFC 3986 holds, RFC 8089 §2 needs a path (layer grammar)', () => {
    const r = validate('file://host.example.com', { spec: 'auto' });
    expect(r).toMatchObject({ valid: false, error: { layer: 'grammar', rule: 'path-absolute' } });
    expect(r.verdicts?.map((v) => `${v.spec} ${v.valid}`)).toEqual(['rfc3986 true', 'rfc8089 false']);
  });
  it('data: RFC 2397 builds on RFC 2396, and auto checks it all the same; RFC 3986 refuses "[" (decision "RFC 2732\'s brackets")', () => {
    const r = validate('data:,[]', { spec: 'auto' });
    expect(r.verdicts?.map((v) => `${v.spec} ${v.valid}`)).toEqual(['rfc3986 false', 'rfc2397 true']);
    expect(validate('data:;base64,SGk', { spec: 'auto' }).warnings?.[0]).toMatchObject({ section: 'RFC 2397 §2' });
  });
  it('the CLI: urispec validate --spec auto prints both verdicts', async () => {
    const r = await runInMemory(['validate', '--spec', 'auto', 'mailto:Mike&family@example.org', 'data:,x', 'file:///a']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✓ mailto:Mike&family@example.org  valid rfc3986 URI-reference');
    expect(r.stdout).toContain('✗ mailto:Mike&family@example.org  invalid rfc6068 mailtoURI at offset 11');
    expect(r.stdout).toContain("the scheme's rule fails (RFC 6068 §2: rule 1:");
    expect(r.stdout).toContain('✓ data:,x  valid rfc2397 dataurl');
    expect(r.stdout).toContain('✓ file:///a  valid rfc8089 file-URI');
    const j = await runInMemory(['validate', '--spec', 'auto', '--json', 'data:,[]']);
    expect(JSON.parse(j.stdout.trim()).verdicts.map((v: { spec: string; valid: boolean }) => `${v.spec} ${v.valid}`)).toEqual(['rfc3986 false', 'rfc2397 true']);
  });
});
