// urispec/ajv with real ajv 8: JSON Schema's URI formats are exactly the languages of the rules
// their specification cites (RFC 3986 `URI` and `URI-reference`, RFC 3987 `IRI` and
// `IRI-reference`, RFC 6570 `URI-Template`), checked against the JSON Schema Test Suite's cases
// (read unchanged from ../shared/testdata) and against what ajv-formats gets wrong.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import urispecFormats, { formats } from '../src/ajv.js';
import { specs, validate } from '../src/index.js';

// ajv-formats is CommonJS: under NodeNext its default import is module.exports, whose `default` is the plugin.
const addFormats = addFormatsModule.default;

const SUITE_DIR = new URL('../../shared/testdata/json-schema-test-suite/', import.meta.url);

interface SuiteGroup {
  description: string;
  schema: Record<string, unknown>;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
}

const registered = new Set(formats().map((f) => f.name));
const suiteFormats = ['uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template'];

function fresh(options: ConstructorParameters<typeof Ajv>[0] = {}) {
  return urispecFormats(new Ajv({ allErrors: true, ...options }));
}

describe.each(suiteFormats)('the JSON Schema Test Suite, format %s', (format) => {
  const groups = JSON.parse(readFileSync(new URL(`${format}.json`, SUITE_DIR), 'utf8')) as SuiteGroup[];
  const rows = groups.flatMap((g) => g.tests.map((t) => ({ ...t, schema: g.schema, group: g.description })));
  const run = registered.has(format) ? it.each(rows) : it.skip.each(rows);
  if (!registered.has(format)) {
    it('is skipped: its era is not registered yet', () => {
      console.warn(`urispec/ajv: format ${format} skipped (no era for it in this build)`);
    });
  }
  run('$description: $valid', ({ data, valid, schema }) => {
    // The suite's schemas declare draft 2020-12: ajv's Ajv2020 class reads them.
    const check = urispecFormats(new Ajv2020({ allErrors: true, strictTypes: false })).compile(schema);
    expect(check(data)).toBe(valid);
  });
});

// ajv-formats#118 and the cases the issue lists: ajv-formats is wrong both ways.
const AJV_FORMATS_WRONG: Array<{ format: string; data: string; valid: boolean; why: string }> = [
  { format: 'uri', data: 'http://a:8x/', valid: false, why: 'RFC 3986 §3.2.3 port = *DIGIT' },
  { format: 'uri', data: 'http://user@host@x/', valid: false, why: 'RFC 3986 §3.2.1: "@" is not in userinfo' },
  { format: 'uri-reference', data: '/a"b', valid: false, why: 'RFC 3986 §2: `"` is in no rule' },
  { format: 'uri-reference', data: '/[::1]', valid: false, why: 'RFC 3986 §3.3: "[" only in IP-literal' },
  { format: 'uri', data: 'a:', valid: true, why: 'RFC 3986 §3: hier-part may be path-empty' },
  { format: 'uri', data: 'mailto:', valid: true, why: 'RFC 3986 §3: hier-part may be path-empty' },
];

describe('where ajv-formats is wrong, urispec/ajv follows RFC 3986', () => {
  it.each(AJV_FORMATS_WRONG)('$format $data is $valid ($why)', ({ format, data, valid }) => {
    const theirs = addFormats(new Ajv()).compile({ type: 'string', format });
    expect(theirs(data)).toBe(!valid); // still wrong in ajv-formats: the reason this plugin exists
    expect(fresh().compile({ type: 'string', format })(data)).toBe(valid);
  });
});

describe('errors carry the diagnosis', () => {
  it('names the offset, failing rule, section and hint, and says so in the message', () => {
    const check = fresh().compile({ type: 'object', properties: { home: { type: 'string', format: 'uri' } } });
    expect(check({ home: 'http://exa mple.com/' })).toBe(false);
    const [e] = check.errors ?? [];
    const expected = validate('http://exa mple.com/', { rule: 'URI' });
    if (expected.valid) throw new Error('unreachable');
    expect(e).toMatchObject({
      keyword: 'format',
      instancePath: '/home',
      params: {
        format: 'uri',
        spec: 'rfc3986',
        rule: 'URI',
        offset: 10,
        failingRule: expected.error.rule,
        section: expected.error.section,
        found: ' ',
      },
    });
    expect(e?.message).toContain('must match format "uri"');
    expect(e?.message).toContain(expected.error.message);
    const hint = (expected.error as { hint?: string }).hint;
    if (hint) expect(e?.params.hint).toBe(hint);
  });

  it('reports every failing property with allErrors', () => {
    const schema = { type: 'array', items: { type: 'string', format: 'uri-reference' } };
    const check = fresh().compile(schema);
    expect(check(['/ok', '/a b', '%', '#ok'])).toBe(false);
    expect(check.errors?.map((e) => [e.instancePath, e.params.offset])).toEqual([
      ['/1', 2],
      ['/2', 1],
    ]);
  });
});

describe('the rest of ajv is unchanged', () => {
  it('other plugins\' formats keep ajv\'s own check and message', () => {
    const ajv = urispecFormats(addFormats(new Ajv({ allErrors: true })));
    const check = ajv.compile({ type: 'string', format: 'date' });
    expect(check('2024-02-30')).toBe(false);
    expect(check.errors?.[0]?.message).toBe('must match format "date"');
    expect(check('2024-02-29')).toBe(true);
  });

  it('an unknown format still throws in strict mode and is ignored when strict is off', () => {
    expect(() => fresh().compile({ type: 'string', format: 'no-such-format' })).toThrow(/unknown format "no-such-format"/);
    const lax = fresh({ strict: false, logger: false });
    expect(lax.compile({ type: 'string', format: 'no-such-format' })('anything')).toBe(true);
  });

  it('validateFormats: false turns urispec\'s formats off too', () => {
    expect(fresh({ validateFormats: false }).compile({ type: 'string', format: 'uri' })('not a uri')).toBe(true);
  });

  it('non-strings pass, as JSON Schema says formats ignore other types', () => {
    const check = fresh({ strictTypes: false }).compile({ format: 'uri' });
    for (const data of [12, 13.7, {}, [], false, null]) expect(check(data)).toBe(true);
  });

  it('$data formats reach urispec\'s formats through ajv.formats', () => {
    const check = fresh({ $data: true }).compile({
      type: 'object',
      properties: { f: { type: 'string' }, v: { type: 'string', format: { $data: '1/f' } } },
    });
    expect(check({ f: 'uri', v: 'http://a/' })).toBe(true);
    expect(check({ f: 'uri', v: 'http://a/ b' })).toBe(false);
  });
});

describe('era-named formats', () => {
  it.each(specs().map((s) => [s.id, s.defaultRule] as const))('uri-%s is %s of that era', (spec, rule) => {
    expect(formats()).toContainEqual({ name: `uri-${spec}`, spec, rule });
  });

  it('uri-rfc1808 refuses "~" (national in 1995), uri-rfc3986 accepts it', () => {
    const ajv = fresh();
    expect(ajv.compile({ type: 'string', format: 'uri-rfc1808' })('http://a/~u')).toBe(false);
    expect(ajv.compile({ type: 'string', format: 'uri-rfc3986' })('http://a/~u')).toBe(true);
  });
});

describe('the package entry point', () => {
  it('urispec/ajv resolves through package.json exports (the built package)', async () => {
    const mod = (await import('urispec/ajv' as string)) as { default: typeof urispecFormats };
    const check = mod.default(new Ajv()).compile({ type: 'string', format: 'uri' });
    expect(check('http://a:8x/')).toBe(false);
  });
});
