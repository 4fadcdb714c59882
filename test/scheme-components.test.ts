// Components of the scheme profiles rfc6068 and rfc2397 (issue 25 point 4), from the RFCs' own
// words and examples: RFC 6068 §2 and §6, RFC 2397 §2 and §4.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataUrlFields, mailtoFields } from '../src/index.js';

describe('mailto addresses and header fields (RFC 6068)', () => {
  const fields = (input: string) => {
    const r = mailtoFields(input);
    if (!r.valid) throw new Error(`${input}: ${r.error.message}`);
    return r;
  };

  it('§2: the addresses of <to>, in order, and a "to" header field', () => {
    expect(fields('mailto:addr1@an.example,addr2@an.example').to.map((a) => a.decoded)).toEqual(['addr1@an.example', 'addr2@an.example']);
    const h = fields('mailto:?to=addr1@an.example,addr2@an.example');
    expect(h.to).toEqual([]);
    expect(h.headers).toEqual([{ rawName: 'to', rawValue: 'addr1@an.example,addr2@an.example', name: 'to', value: 'addr1@an.example,addr2@an.example' }]);
    const both = fields('mailto:addr1@an.example?to=addr2@an.example');
    expect(both.to.map((a) => a.decoded)).toEqual(['addr1@an.example']);
    expect(both.headers.map((x) => [x.name, x.value])).toEqual([['to', 'addr2@an.example']]);
  });

  it('§6.1 and §6.2: the addresses the examples indicate, decoded', () => {
    expect(fields('mailto:gorby%25kremvax@example.com').to[0]!.decoded).toBe('gorby%kremvax@example.com');
    expect(fields('mailto:unlikely%3Faddress@example.com?blat=foop').to[0]!.decoded).toBe('unlikely?address@example.com');
    expect(fields('mailto:Mike%26family@example.org').to[0]!.decoded).toBe('Mike&family@example.org');
    expect(fields('mailto:%22not%40me%22@example.org').to[0]!.decoded).toBe('"not@me"@example.org');
    expect(fields('mailto:%22oh%5C%5Cno%22@example.org').to[0]!.decoded).toBe('"oh\\\\no"@example.org');
    expect(fields("mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org").to[0]!.decoded).toBe('"\\\\\\"it\'s\\ ugly\\\\\\""@example.org');
  });

  it('§6.1 and §6.3: header fields decoded, names case-insensitive', () => {
    const body = fields('mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index');
    expect(body.headers[0]!.value).toBe('send current-issue\r\nsend index');
    const reply = fields('mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E');
    expect(reply.headers[0]).toMatchObject({ rawName: 'In-Reply-To', name: 'in-reply-to', value: '<3469A91.D10AF4C@example.com>' });
    const cafe = fields('mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9');
    expect(cafe.headers.map((x) => [x.name, x.value])).toEqual([['subject', 'café'], ['body', 'café']]);
    expect(fields('mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D').headers[0]!.value).toBe('=?utf-8?Q?caf=C3=A9?=');
    const natto = fields('mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO');
    expect(natto.to[0]!.decoded).toBe('user@納豆.example.org');
    expect(fields('mailto:joe@example.com?cc=bob@example.com&body=hello').headers.map((x) => [x.name, x.value])).toEqual([['cc', 'bob@example.com'], ['body', 'hello']]);
  });

  it('§2, rule 5: a local-part whose percent-encoding is not UTF-8 is refused by the profile ("Any other percent-encoding of non-ASCII characters is prohibited")', () => {
    const r = mailtoFields('mailto:caf%E9@example.org');
    expect(!r.valid && r.error).toMatchObject({ layer: 'profile', offset: 7, rule: 'local-part' });
  });

  it('an hfvalue that is not UTF-8 decodes to null (§2 names no MUST for hfvalue octets)', () => {
    expect(fields('mailto:a@b?subject=caf%E9').headers[0]).toMatchObject({ rawValue: 'caf%E9', value: null });
  });

  it('a "," in a quoted-string needs its quotes unencoded, which rule 1 forbids: the profile refuses it', () => {
    expect(mailtoFields('mailto:"a,b"@c,d@e')).toMatchObject({ valid: false, error: { layer: 'profile', offset: 7 } });
  });

  it('an invalid URI gives the diagnosis of validate (§6.1 WRONG example)', () => {
    const r = mailtoFields('mailto:joe@example.com?cc=bob@example.com?body=hello');
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error).toMatchObject({ offset: 41, rule: 'hfvalue' });
  });
});

describe('data URL media type, parameters, base64 and length (RFC 2397)', () => {
  const fields = (input: string) => {
    const r = dataUrlFields(input);
    if (!r.valid) throw new Error(`${input}: ${r.error.message}`);
    return r;
  };

  it('§4: "encodes the text/plain string "A brief note"", with §2\'s default media type', () => {
    expect(fields('data:,A%20brief%20note')).toMatchObject({
      mediaType: 'text/plain',
      mediaTypeDefaulted: true,
      parameters: [{ attribute: 'charset', value: 'US-ASCII' }],
      base64: false,
      length: 'A brief note'.length,
    });
  });

  it('§2: "text/plain" can be omitted but the charset parameter supplied', () => {
    expect(fields('data:;charset=iso-8859-7,a')).toMatchObject({ mediaType: 'text/plain', parameters: [{ attribute: 'charset', value: 'iso-8859-7' }] });
  });

  it('§4: a charset parameter; the octets of the data', () => {
    expect(fields('data:text/plain;charset=iso-8859-7,%be%be')).toMatchObject({
      mediaType: 'text/plain',
      mediaTypeDefaulted: false,
      parameters: [{ attribute: 'charset', value: 'iso-8859-7' }],
      length: 2,
    });
    expect(fields('data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local')).toMatchObject({
      mediaType: 'application/vnd-xxx-query',
      data: 'select_vcount,fcol_from_fieldtable/local',
    });
  });

  it('§4: the IMG example is base64 of a GIF whose header says so', () => {
    const rows = JSON.parse(readFileSync(new URL('vectors/rfc2397/examples.json', import.meta.url), 'utf8')) as Array<{ input: string }>;
    const gif = rows.find((r) => r.input.startsWith('data:image/gif'))!.input;
    const r = fields(gif);
    expect(r).toMatchObject({ mediaType: 'image/gif', base64: true });
    const b64 = r.data;
    expect(r.length).toBe(Buffer.from(b64, 'base64').length);
    expect(Buffer.from(b64, 'base64').subarray(0, 6).toString('latin1')).toBe('GIF87a');
  });

  it('§3: ";base64" without "=" is the extension; with "=" a parameter', () => {
    expect(fields('data:text/plain;base64=yes;base64,SGk=')).toMatchObject({ parameters: [{ attribute: 'base64', value: 'yes' }], base64: true, length: 2 });
    expect(fields('data:;base64,SGk')).toMatchObject({ base64: true, length: null });
  });

  it('an invalid URL gives the diagnosis of validate (§4\'s %fg)', () => {
    const r = dataUrlFields('data:text/plain;charset=iso-8859-7,%be%fg%be');
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error).toMatchObject({ offset: 40, rule: 'escaped' });
  });
});
