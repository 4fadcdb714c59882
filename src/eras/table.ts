// The era table: per era, what urispec does beyond what its grammar header says. The header of
// grammar/<era>.peggy gives the id, title (and so the document's name), date, default rule,
// notation, source, `@extends` and `@status`; scripts/build-grammars.ts compiles it into
// generated/ with the types `EraId` and `EraRules`. This table gives the rest, one row an era,
// and every other module asks it by capability ("the eras that resolve", "the IRI era"), never
// by an era id. Adding an era is its grammar file and one row here (docs/adding-an-era.md);
// `satisfies` below makes a missing row, or a row for an era without a grammar, a compile error.

import type { EraId, EraRules } from '#generated';
// Type-only imports: the table's import graph stays without the component lists and the scheme
// profiles' modules, which every `validate` would otherwise bundle (issue 19's budget for
// `urispec/rfc3986`); a row names them by key, and ./components.ts and src/profiles/of-era.ts
// look the key up.
import type { ComponentList, ComponentRule } from './components.js';
import type { ProseKey } from '../profiles/of-era.js';

export type { ComponentList, ComponentRule, EraId, EraRules, ProseKey };

/**
 * A resolution algorithm urispec implements (src/resolve/index.ts maps each to its module), by
 * the section that defines it. An era resolves by one of them on its own grammar's components.
 */
export type ResolutionAlgorithm =
  | 'RFC 3986 §5.2'
  | 'RFC 3987 §6.5'
  | 'RFC 2396 §5.2'
  | 'draft-fielding-url-syntax-01 §6'
  | 'RFC 1808 §4'
  | 'draft-ietf-uri-relative-url-01 §4';

/** How an era resolves a reference against a base, or why it does not. */
export type Resolution =
  | {
      algorithm: ResolutionAlgorithm;
      /** The citation shown to users, when it is not the algorithm's own section. */
      section?: string;
      /** RFC 3986 §5.2.2's backward-compatible reading (`strict: false`) is this era's option. */
      nonStrict?: true;
    }
  | { none: string };

/**
 * A scheme profile (issue 25, src/profiles/): an era whose grammar is a scheme's rules on top of
 * another era's (RFC 9110's `http-URI` on RFC 3986), with prose rules checked after the grammar.
 * The profiles' own module says what each check does; the row names the schemes it covers.
 */
export interface Profile {
  /** The URI schemes the profile defines (`http`, `https`), lower case. */
  schemes: readonly string[];
  /**
   * The era whose grammar it builds on (its `// @extends`). Under `--spec auto`
   * (src/profiles/auto.ts), an input RFC 3986 checks is also checked by the profile of its
   * scheme, whatever era that builds on (RFC 2397's data URLs build on RFC 2396). Absent: the
   * grammar is its own, on no other era's (RFC 2141's BNF of 1997, before RFC 3986), so
   * `--spec auto` does not pick it.
   */
  on?: EraId;
  /**
   * The rules its RFC states in prose, checked after the grammar, by the key of its module
   * (src/profiles/profile.ts says what a module is; src/profiles/run.ts runs it); absent: the
   * grammar says all.
   *
   * How to add a profile's prose: write src/profiles/<scheme>.ts exporting one `SchemeProse`;
   * add it to `PROSE_MODULES` in src/profiles/of-era.ts under a key (`mailto: MAILTO_PROSE`);
   * name that key here (`prose: 'mailto'`). The key is a name, not an import, so that this
   * table (which every `validate` reads) does not bring the profiles into a bundle of an era
   * without one; the per-era entry point of an era whose row names a prose imports
   * src/profiles/of-era.ts, which brings them (scripts/build-grammars.ts asks this table).
   */
  prose?: ProseKey;
}

/**
 * The URN syntax an era's grammar is (src/urn/): RFC 8141's, with r-, q- and f-components and
 * §3's equivalence, or RFC 2141's, with §5's lexical equivalence.
 */
export type UrnSyntax = 'RFC 8141 §2' | 'RFC 2141 §2';

/**
 * What the diagnosis reads of an era's row: the hint rows (src/hints/table.ts) and the section
 * labels (src/spec-label.ts). Written into the era's generated/<era>.meta.js (`eraRow`,
 * scripts/build-grammars.ts), so that a bundle of one era's `validate` holds its hints and
 * labels without this table (issue 19's budgets: the table is 1.7 kB of that bundle's 25).
 */
export interface DiagnosisRow {
  template?: true;
  iri?: true;
  zoneIdentifiers?: true;
  urn?: UrnSyntax;
  /** A scheme profile, and whether it has prose (src/profiles/). */
  profile?: true;
  prose?: true;
  lettered?: Readonly<Record<string, string>>;
}

/** An era's DiagnosisRow, from its row ({} for an id the table lacks). */
export function diagnosisRowOf(id: string): DiagnosisRow {
  const row = rowOf(id);
  const hints: DiagnosisRow = {};
  if (row?.template) hints.template = true;
  if (row?.iri) hints.iri = true;
  if (row?.zoneIdentifiers) hints.zoneIdentifiers = true;
  if (row?.urn) hints.urn = row.urn;
  if (row?.profile) hints.profile = true;
  if (row?.profile?.prose !== undefined || row?.prose !== undefined) hints.prose = true;
  if (row?.lettered) hints.lettered = row.lettered;
  return hints;
}

export interface EraRow<Id extends EraId = EraId> {
  /** Where the document is read (the README's link). */
  url: string;
  /** The README's words after the document and its year: what else it is read with. */
  about?: string;
  /** Where the collected grammar is in the document (the README's table). */
  grammar: string;
  /** The README's words on the default start rule beyond its name (`with scheme dispatch`). */
  startRule?: string;
  /** Sections its grammar's banners label with a letter or another document, worded for a reader with their documents (src/spec-label.ts). */
  lettered?: Readonly<Record<string, string>>;
  /**
   * The components its parse names, and the rules that carry them (src/parse.ts), by the name of
   * the list in ./components.ts (`componentsOf` looks it up); absent: none.
   */
  components?: ComponentList;
  /** Reference resolution (src/resolve/index.ts). */
  resolution: Resolution;
  /**
   * Normalization (src/normalize.ts): the section it follows and the rule it reads. In a row with
   * a `profile` it is the scheme's (RFC 9110 §4.2.3 for http and https), not RFC 3986 §6's for
   * every URI (uriNormalizationEra).
   */
  normalization?: { section: string; rule: EraRules[Id]; iri?: true };
  /** The JSON Schema formats whose definition names a rule of this era (src/ajv.ts). */
  formats?: ReadonlyArray<{ name: string; rule: EraRules[Id] }>;
  /** The IRI era: RFC 3987 §3.1's mapping to a URI reads its grammar (src/iri/to-uri.ts, hints). */
  iri?: { rule: EraRules[Id] };
  /**
   * The template era: expansion (src/template/), a level and warnings, template hints. An
   * expansion is checked as a reference of one of `checkedAs` (the first by default).
   */
  template?: { rule: EraRules[Id]; checkedAs: readonly EraId[] };
  /** Its IP literals may hold a zone identifier (hints for a `%` in one). */
  zoneIdentifiers?: true;
  /** A scheme profile (issue 25). */
  profile?: Profile;
  /**
   * Rules its document states in prose about its strings whatever their scheme, checked after
   * the grammar as a profile's prose is (src/profiles/profile.ts, `anyScheme`), by the key of
   * their module: RFC 3987 §4.1, "IRIs MUST NOT contain
   * bidirectional formatting characters".
   */
  prose?: ProseKey;
  /** Its grammar is a URN syntax (hints, components and equivalence of src/urn/). */
  urn?: UrnSyntax;
  /**
   * The rules whose strings begin with the URI's scheme, where they have one (RFC 3986's `URI`,
   * `URI-reference`, `absolute-URI`): a scheme profile built on this era (`profile.on`) checks a
   * string of one of them, whose scheme it defines, by the scheme's own rule too
   * (src/profiles/of-era.ts `schemeTargets`). A relative reference of these rules cannot begin
   * with a scheme and a ":" (RFC 3986 §4.2's first segment has no ":", RFC 2396's `rel_segment`
   * none).
   */
  withScheme?: readonly EraRules[Id][];
  /** A valid string of the default rule (checked by test/era-table.test.ts). */
  example: string;
}

/** A row for every era of grammar/, and none for another id (a compile error either way). */
export type EraTable = { [Id in EraId]: EraRow<Id> };

/** The era used when none is named. */
export const DEFAULT_ERA = 'rfc3986' satisfies EraId;

/** The rows, in the README's order: RFC 3986 and its companions, then back in time. */
export const ERA_TABLE = {
  rfc3986: {
    url: 'https://www.rfc-editor.org/rfc/rfc3986',
    grammar: 'Appendix A',
    components: 'RFC3986',
    resolution: { algorithm: 'RFC 3986 §5.2', nonStrict: true },
    normalization: { section: 'RFC 3986 §6', rule: 'URI-reference' },
    formats: [{ name: 'uri', rule: 'URI' }, { name: 'uri-reference', rule: 'URI-reference' }],
    withScheme: ['URI', 'URI-reference', 'absolute-URI'],
    example: 'http://a/b/c/d;p?q',
  },
  rfc3987: {
    url: 'https://www.rfc-editor.org/rfc/rfc3987',
    about: 'IRIs',
    grammar: '§2.2; characters are code points',
    components: 'RFC3987',
    resolution: { algorithm: 'RFC 3987 §6.5', section: 'RFC 3987 §6.5 (RFC 3986 §5.2)' },
    normalization: { section: 'RFC 3987 §5.3', rule: 'IRI-reference', iri: true },
    formats: [{ name: 'iri', rule: 'IRI' }, { name: 'iri-reference', rule: 'IRI-reference' }],
    iri: { rule: 'IRI-reference' },
    prose: 'iri',
    example: 'http://例え.jp/ü?q=ä#é',
  },
  rfc6874: {
    url: 'https://www.rfc-editor.org/rfc/rfc6874',
    about: 'zone identifiers; obsoleted by [RFC 9844](https://www.rfc-editor.org/rfc/rfc9844) (2025)',
    grammar: "RFC 3986 Appendix A with §2's three rules",
    components: 'RFC6874',
    resolution: { algorithm: 'RFC 3986 §5.2' },
    zoneIdentifiers: true,
    example: 'http://[fe80::1%25eth0]/',
  },
  rfc2396: {
    url: 'https://www.rfc-editor.org/rfc/rfc2396',
    about: 'with [RFC 2732](https://www.rfc-editor.org/rfc/rfc2732)',
    grammar: 'Appendix A, amended by RFC 2732 §3',
    lettered: { 'RFC 2373 §B': 'RFC 2373 Appendix B (imported by RFC 2732 §3)' },
    components: 'RFC2396',
    resolution: { algorithm: 'RFC 2396 §5.2' },
    withScheme: ['URI-reference', 'absoluteURI'],
    example: 'http://[::1]/b/c/d;p?q',
  },
  'rfc2396-draft': {
    url: 'https://datatracker.ietf.org/doc/html/draft-fielding-url-syntax-01',
    grammar: 'rules of §1.3 to §4.3.3',
    components: 'RFC2396_DRAFT',
    resolution: { algorithm: 'draft-fielding-url-syntax-01 §6' },
    example: 'http://a/b/c/d;p?q#f',
  },
  rfc1808: {
    url: 'https://www.rfc-editor.org/rfc/rfc1808',
    grammar: '§2.2',
    components: 'RFC1808',
    resolution: { algorithm: 'RFC 1808 §4' },
    example: 'http://a/b/c/d;p?q#f',
  },
  rfc1738: {
    url: 'https://www.rfc-editor.org/rfc/rfc1738',
    grammar: '§5',
    startRule: 'with scheme dispatch',
    components: 'RFC1738',
    resolution: { none: 'RFC 1738 defines no resolution of relative URLs: it leaves them to RFC 1808 (spec rfc1808)' },
    example: 'ftp://a/b;type=d',
  },
  'draft-ietf-uri-relative-url-01': {
    url: 'https://datatracker.ietf.org/doc/html/draft-ietf-uri-relative-url-01',
    grammar: '§2.2',
    components: 'RELATIVE_URL_01',
    resolution: { algorithm: 'draft-ietf-uri-relative-url-01 §4' },
    example: 'http://a/b/c/d;p?q#f',
  },
  'draft-ietf-uri-url-03': {
    url: 'https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-03',
    grammar: '"BNF for specific URL schemes"',
    lettered: {
      A: 'draft-ietf-uri-url-03, "BNF for specific URL schemes"',
      B: 'RFC 822 §3.3, §6.1 (addr-spec, used by draft-ietf-uri-url-03)',
    },
    components: 'URL03',
    resolution: { none: 'draft-ietf-uri-url-03 defines no resolution of partial URLs: see draft-ietf-uri-relative-url-01' },
    example: 'http://a/b?c',
  },
  rfc6570: {
    url: 'https://www.rfc-editor.org/rfc/rfc6570',
    about: 'URI Templates, with Errata ID 6937',
    grammar: '§2 (level 4), with the rules §1.5 imports',
    resolution: { none: 'RFC 6570 defines URI Templates, which are expanded (§3, urispec expand), not references to resolve' },
    formats: [{ name: 'uri-template', rule: 'URI-Template' }],
    // §1.5 imports its reference syntax from RFC 3986 and, for ucschar and iprivate, RFC 3987.
    template: { rule: 'URI-Template', checkedAs: ['rfc3986', 'rfc3987'] },
    example: '{/list*,path:4}',
  },
  rfc8089: {
    url: 'https://www.rfc-editor.org/rfc/rfc8089',
    about: 'file URIs',
    grammar: '§2, with the RFC 3986 rules it imports',
    components: 'RFC8089',
    resolution: {
      none: "RFC 8089 defines no resolution of its own: a reference against a file URI resolves by RFC 3986 §5 (spec rfc3986); Appendix E.2.1's drive-letter reading is nonstandard",
    },
    profile: { schemes: ['file'], on: 'rfc3986', prose: 'file' },
    example: 'file:///path/to/file',
  },
  rfc9110: {
    url: 'https://www.rfc-editor.org/rfc/rfc9110#section-4.2',
    about: 'the http and https URI schemes',
    grammar: '§4.2.1 and §4.2.2, with the RFC 3986 rules §4.1 adopts',
    components: 'RFC9110',
    resolution: { none: 'RFC 9110 resolves references by RFC 3986 (§4.1: "URI references are parsed relative to the target URI"): use spec rfc3986' },
    normalization: { section: 'RFC 9110 §4.2.3', rule: 'http-URI' },
    profile: { schemes: ['http', 'https'], on: 'rfc3986', prose: 'http' },
    example: 'http://example.com:80/~smith/home.html',
  },
  rfc8141: {
    url: 'https://www.rfc-editor.org/rfc/rfc8141',
    about: 'URNs',
    grammar: '§2, with the RFC 3986 rules it imports',
    components: 'RFC8141',
    resolution: { none: 'RFC 8141 defines no resolution of references: a URN is resolved by a service (§1.2.1), not against a base' },
    normalization: { section: 'RFC 8141 §3', rule: 'namestring' },
    profile: { schemes: ['urn'], on: 'rfc3986', prose: 'urn' },
    urn: 'RFC 8141 §2',
    example: 'urn:example:a123,z456?+abc?=xyz#789',
  },
  rfc2141: {
    url: 'https://www.rfc-editor.org/rfc/rfc2141',
    about: 'URN syntax; obsoleted by RFC 8141',
    grammar: '§2 to §2.4, in its own BNF',
    components: 'RFC2141',
    resolution: { none: 'RFC 2141 defines no resolution of references: URNs are resolved by services (Appendix A)' },
    normalization: { section: 'RFC 2141 §5', rule: 'URN' },
    profile: { schemes: ['urn'], prose: 'urn2141' },
    urn: 'RFC 2141 §2',
    example: 'urn:foo:a123%2C456',
  },
  rfc6068: {
    url: 'https://www.rfc-editor.org/rfc/rfc6068',
    about: 'mailto URIs',
    grammar: '§2, with the RFC 5322 and RFC 3986 rules it imports',
    components: 'RFC6068',
    resolution: { none: "RFC 6068 defines no relative form: a 'mailto' URI designates a mailbox (§3), not a base to resolve against" },
    profile: { schemes: ['mailto'], on: 'rfc3986', prose: 'mailto' },
    example: 'mailto:joe@example.com?cc=bob@example.com&body=hello',
  },
  rfc2397: {
    url: 'https://www.rfc-editor.org/rfc/rfc2397',
    about: 'data URLs',
    grammar: '§3, with the RFC 2045 tokens and RFC 2396 rules it imports',
    lettered: { 'RFC 2373 §B': 'RFC 2373 Appendix B (imported by RFC 2732 §3)' },
    components: 'RFC2397',
    resolution: { none: 'RFC 2397 §2: "The "data" URL scheme has no relative URL forms."' },
    profile: { schemes: ['data'], on: 'rfc2396', prose: 'data' },
    example: 'data:text/plain;charset=iso-8859-7,%be%be',
  },
} as const satisfies EraTable;

/** The row of an era id (as the registry spells it), or undefined for an id without a grammar. */
export function rowOf(id: string): EraRow | undefined {
  return Object.hasOwn(ERA_TABLE, id) ? (ERA_TABLE as Readonly<Record<string, EraRow>>)[id] : undefined;
}

/** Every era id of the table, in its order. */
export const TABLE_IDS = Object.keys(ERA_TABLE) as EraId[];

/** The eras whose row has `field` (`'iri'`, `'template'`, `'normalization'`), in the table's order. */
export function erasWith(field: keyof EraRow): EraId[] {
  return TABLE_IDS.filter((id) => rowOf(id)?.[field] !== undefined);
}

/** The one era whose row has `field` (the IRI era, the template era); the first if several. */
export function eraWith(field: 'iri' | 'template' | 'zoneIdentifiers'): EraId {
  const id = erasWith(field)[0];
  if (id === undefined) throw new Error(`no era has ${field}`);
  return id;
}

/** The eras whose normalization is defined, as a type: the `spec` of `normalize`. */
export type NormalizingEra = {
  [Id in EraId]: (typeof ERA_TABLE)[Id] extends { normalization: object } ? Id : never;
}[EraId];

/**
 * The era that normalizes every URI (RFC 3986 §6), which RFC 3987 §5.3.2.3 compares IRIs by: the
 * row with a normalization that is neither the IRI one nor a scheme profile's.
 */
export function uriNormalizationEra(): NormalizingEra {
  const id = TABLE_IDS.find((e) => { const r = rowOf(e); return r?.normalization !== undefined && !r.normalization.iri && r.profile === undefined; });
  if (id === undefined) throw new Error('no era normalizes every URI');
  return id as NormalizingEra;
}

/** The eras that resolve, as a type. */
export type ResolvingEra = {
  [Id in EraId]: (typeof ERA_TABLE)[Id]['resolution'] extends { algorithm: string } ? Id : never;
}[EraId];

/**
 * The eras whose terminals go beyond ASCII: RFC 3987 §2.2's IRIs (ucschar, iprivate) and
 * RFC 6570 §1.6's templates (their literals take ucschar and iprivate). In every other era a
 * character before an error's offset was accepted by some rule, so it is ASCII (the contract).
 */
export function codePointEras(): EraId[] {
  return TABLE_IDS.filter((id) => rowOf(id)?.iri !== undefined || rowOf(id)?.template !== undefined);
}

/** The era whose grammar is the URN syntax `syntax` (its row's `urn`), if one is. */
export function urnEra(syntax: UrnSyntax): EraId | undefined {
  return TABLE_IDS.find((id) => rowOf(id)?.urn === syntax);
}

/**
 * The scheme-profile era of a URI scheme (`file`, `mailto`, `data`): the row whose
 * `profile.schemes` names it. The first such row if several do (`urn`: RFC 8141's, not RFC 2141's).
 */
export function profileEraOf(scheme: string): EraId {
  const id = TABLE_IDS.find((e) => rowOf(e)?.profile?.schemes.includes(scheme));
  if (id === undefined) throw new Error(`no era profiles the scheme ${scheme}`);
  return id;
}
