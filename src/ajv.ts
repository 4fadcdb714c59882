// urispec/ajv: JSON Schema's URI formats, each exactly the language of its era's rule, for ajv 8.
//
// JSON Schema (draft 2020-12 §7.3.5) defines `uri` and `uri-reference` by RFC 3986, `iri` and
// `iri-reference` by RFC 3987, `uri-template` by RFC 6570. The plugin registers each as the
// rule the RFC names (contract, "Beyond validation"), and era-named formats (`uri-rfc2396`, ...)
// for systems pinned to an older spec. A format whose era is not registered is not offered.
//
// ajv reports a failed format as `must match format "uri"` and nothing more. To say where and
// why, the plugin takes over ajv's `format` keyword: for the formats it registers (with a
// constant schema) it emits a check whose error carries urispec's diagnosis (offset, rule,
// section, hint) in `params` and `message`; every other use of `format` (another plugin's
// formats, `$data`, numbers) is handed to ajv's own keyword code unchanged, so strict mode,
// unknown formats and `validateFormats: false` behave exactly as before.

import type { Ajv, KeywordCxt, CodeKeywordDefinition, KeywordErrorDefinition } from 'ajv';
import type { KeywordErrorCxt } from 'ajv/dist/types/index.js';
import { _, str } from 'ajv';
import { validate } from './validate.js';
import { allEras } from './registry.js';
import { rowOf, TABLE_IDS } from './eras/table.js';
import type { ValidationError } from './diagnose.js';

/** A format the plugin registers: the spec and start rule whose language it is. */
export interface UrispecFormat {
  name: string;
  spec: string;
  rule: string;
}

/** The diagnosis carried in an ajv error's `params`, beside `format`. */
export interface FormatErrorParams {
  format: string;
  spec: string;
  rule: string;
  offset: number;
  failingRule: string;
  section: string;
  expected: string[];
  found: string | null;
  hint?: string;
}

/**
 * The formats the plugin registers: JSON Schema's five (those whose era exists), and
 * `uri-<era>` for every era, with the era's default start rule.
 *
 * @example
 * ```ts
 * import { formats } from 'urispec/ajv';
 * formats().find((f) => f.name === 'uri');          // { name: 'uri', spec: 'rfc3986', rule: 'URI' }
 * formats().find((f) => f.name === 'uri-rfc1808');  // { name: 'uri-rfc1808', spec: 'rfc1808', rule: 'URL' }
 * ```
 */
export function formats(): UrispecFormat[] {
  const eras = allEras();
  // JSON Schema's own format names, each the rule its specification cites: the eras' rows.
  const known = new Set(eras.map((e) => e.id));
  const jsonSchema = TABLE_IDS.filter((id) => known.has(id)).flatMap((id) => (rowOf(id)?.formats ?? []).map((f) => ({ name: f.name, spec: id, rule: f.rule })));
  return [
    ...jsonSchema,
    ...eras.map((e) => ({ name: `uri-${e.id}`, spec: e.id, rule: e.meta.defaultRule })),
  ];
}

type Check = (data: string) => { message: string; params: Omit<FormatErrorParams, 'format'> } | null;

function checkOf(f: UrispecFormat): Check {
  return (data) => {
    const r = validate(data, { spec: f.spec, rule: f.rule });
    return r.valid ? null : { message: messageOf(f, r.error), params: paramsOf(f, r.error) };
  };
}

function messageOf(f: UrispecFormat, e: ValidationError): string {
  return `must match format "${f.name}" (${f.spec} ${f.rule}): ${e.message}`;
}

function paramsOf(f: UrispecFormat, e: ValidationError): Omit<FormatErrorParams, 'format'> {
  const p: Omit<FormatErrorParams, 'format'> = {
    spec: f.spec,
    rule: f.rule,
    offset: e.offset,
    failingRule: e.rule,
    section: e.section,
    expected: e.expected,
    found: e.found,
  };
  const hint = (e as { hint?: unknown }).hint;
  if (typeof hint === 'string') p.hint = hint;
  return p;
}

/**
 * Registers urispec's strict URI formats on an ajv 8 instance and returns it.
 *
 * @example
 * ```ts
 * import { Ajv } from 'ajv';
 * import urispecFormats from 'urispec/ajv';
 * const ajv = urispecFormats(new Ajv({ allErrors: true }));
 * const check = ajv.compile({ type: 'string', format: 'uri' });
 * check('http://a:8x/');                 // false: ajv-formats accepts it
 * check.errors?.[0]?.params.failingRule; // 'userinfo' (offset 9; the hint says a port is digits)
 * ```
 */
export default function urispecFormats(ajv: Ajv): Ajv {
  const own = new Map(formats().map((f) => [f.name, checkOf(f)]));
  for (const [name, check] of own) {
    // Registered as plain formats too, so `$data` formats and ajv.formats lookups see them.
    ajv.addFormat(name, { type: 'string', validate: (data: string) => check(data) === null });
  }
  const original = ajv.getKeyword('format');
  if (!original || typeof original !== 'object' || !('code' in original)) {
    throw new Error('urispec/ajv: this ajv has no built-in "format" keyword to extend (ajv 8 expected)');
  }
  const builtIn = original as CodeKeywordDefinition;
  ajv.removeKeyword('format');
  ajv.addKeyword(formatKeyword(builtIn, own));
  return ajv;
}

// ajv's error definition for the keyword: its own wording for its own formats, urispec's
// diagnosis (set with cxt.setParams) for the plugin's.
const errorDefinition = (builtIn: CodeKeywordDefinition): KeywordErrorDefinition => ({
  message: (cxt) =>
    cxt.params?.urispec !== undefined
      ? _`${cxt.params.urispec}.message`
      : messageOfBuiltIn(builtIn, cxt),
  params: (cxt) =>
    cxt.params?.urispec !== undefined
      ? _`Object.assign({format: ${cxt.schemaCode}}, ${cxt.params.urispec}.params)`
      : paramsOfBuiltIn(builtIn, cxt),
});

function messageOfBuiltIn(builtIn: CodeKeywordDefinition, cxt: KeywordErrorCxt) {
  const m = builtIn.error?.message;
  return typeof m === 'function' ? m(cxt) : (m ?? str`must match format "${cxt.schemaCode}"`);
}

function paramsOfBuiltIn(builtIn: CodeKeywordDefinition, cxt: KeywordErrorCxt) {
  const p = builtIn.error?.params;
  return typeof p === 'function' ? p(cxt) : (p ?? _`{format: ${cxt.schemaCode}}`);
}

function formatKeyword(builtIn: CodeKeywordDefinition, own: Map<string, Check>): CodeKeywordDefinition {
  return {
    ...builtIn,
    error: errorDefinition(builtIn),
    code(cxt: KeywordCxt, ruleType?: string) {
      const { gen, data, schema, $data, it } = cxt;
      const check = typeof schema === 'string' && !$data ? own.get(schema) : undefined;
      if (!check) return builtIn.code(cxt, ruleType);
      if (!it.opts.validateFormats || ruleType !== 'string') return;
      const fn = gen.scopeValue('formats', { key: `urispec:${schema}`, ref: check });
      const failure = gen.const('urispecFailure', _`${fn}(${data})`);
      cxt.setParams({ urispec: failure });
      cxt.fail(_`${failure} !== null`);
    },
  };
}
