// Scheme profiles (issue 25): what a scheme's RFC says in prose about the strings its grammar
// accepts, checked after the grammar. The interface every profile module implements; the
// shared runner is ./run.ts.
//
// How to add one (e.g. RFC 6068 mailto, RFC 2397 data, RFC 8089 file):
//   1. A module src/profiles/<scheme>.ts exporting one `SchemeProse` object: the document, the
//      era's rule each scheme's URIs are checked by, and `check`.
//   2. One line in `PROSE_MODULES` of ./of-era.ts: `mailto: MAILTO_PROSE`.
//   3. The era's row in src/eras/table.ts names it by that key: `profile: { schemes, on,
//      prose: 'mailto' }` (a key, not an import: the table stays out of the profiles' import
//      graph, so a bundle of an era without a profile leaves them out; issue 19's budget).
//      Nothing else names an era: validate, isValid, `--spec auto`, parse and the CLI ask the
//      table (through ./of-era.ts) for the profile of an era or of a scheme.
//
// `check(input, rule)` is called only on a string that the era's grammar accepts as `rule`
// (one of `rules`' values), so it may take the string apart the way RFC 3986 Appendix B does
// ("breaking down an already well-formed reference"): that split is exact on a valid string,
// and it needs no derivation tree, so `isValid` stays a fast recognizer plus a linear scan (the
// per-era entry points load no diagnostic parser for it). It returns one finding for each rule
// of the prose that the string breaks:
//   - level 'error': a MUST of the text (RFC 9110 §4.2.1, an empty host "MUST reject it as
//     invalid"): `validate` gives an error record with `layer: 'profile'`, `isValid` false;
//   - level 'warning': a policy (SHOULD, deprecated, reserved: RFC 9110 §4.2.4 userinfo, RFC
//     2141 §2.3.2): the result stays valid and carries it in `warnings`.
// The option `grammarOnly: true` (CLI `--grammar-only`) skips the checks: the grammar's
// language alone.

import type { Component } from '../parse.js';

/** One rule of the scheme's prose that the input breaks. */
export interface ProseFinding {
  level: 'error' | 'warning';
  /** The section whose words it is, with its document: `RFC 9110 §4.2.1`. */
  section: string;
  /** The spec rule whose span it is about (`host`), as the grammar names it. */
  rule: string;
  /** The rules from the start rule down to `rule`: `['http-URI', 'authority', 'host']`. */
  rulePath: string[];
  /** 0-based UTF-16 index where that span starts. */
  offset: number;
  /** The grammar rule that lets the string through, with its section: `RFC 3986 §3.2.2`. */
  holds: string;
  /** The prose rule in the spec's words: `an http URI with an empty host MUST be rejected`. */
  says: string;
}

/** A component as src/parse.ts gives it; `kind: 'default'` when the text gives it, not the input. */
export type ProseComponent = Component;

/** The prose rules of one scheme RFC, for the eras whose table row names it. */
export interface SchemeProse {
  /** The document: `RFC 9110`. */
  document: string;
  /**
   * The era's rule a URI of each scheme (lower case) is checked by under `--spec auto`:
   * `{ http: 'http-URI', https: 'https-URI' }`. `check` runs for these rules only.
   */
  rules: Readonly<Record<string, string>>;
  /**
   * The findings on `input`, which the grammar accepts as `rule`; none when it keeps every rule.
   * With `warnings` false (`isValid`, which reads only the errors) it may leave the warnings
   * out: they run on every accepted line, and some cost more than the errors (issue 17).
   */
  check(input: string, rule: string, warnings?: boolean): ProseFinding[];
  /**
   * Optional: components of a valid `input` that its derivation tree does not carry (src/parse.ts
   * adds them to the table's): http's scheme, a literal of `http-URI`, and its effective port.
   */
  components?(input: string, rule: string): Record<string, ProseComponent>;
  /**
   * Optional: a hint for a grammar failure that the scheme's text explains (`http-URI` has no
   * fragment, RFC 9110 §4.2.5), from the error's `found` and `rule`; src/diagnose.ts asks it
   * before the common hints.
   */
  hint?(startRule: string, input: string, e: { found: string | null; rule: string; offset: number; rulePath?: readonly string[] }): string | undefined;
  /**
   * Optional: the rule of `rulePath` (the grammar's diagnosis of a failure at `offset`) that the
   * scheme's text reads the failing text as, where the grammar leaves two readings open there
   * (RFC 2397 §3: after ";", text without "=" is the ";base64" extension of `dataurl`, not a
   * `parameter`); src/diagnose.ts names it, `rulePath` ending there.
   */
  reads?(startRule: string, input: string, offset: number, rulePath: readonly { readonly name: string }[]): string | undefined;
  /**
   * What the scheme's rules say of a fragment, where a URI of the scheme is checked by its rule
   * from another rule (`--spec auto`, or the era's `URI-reference`: src/profiles/of-era.ts
   * `schemeTargets`). Absent: its rule ends before a fragment, as a scheme's definition does
   * (RFC 3986 §3.5: "the fragment identifier is not used in the scheme-specific processing of a
   * URI"; RFC 9110 §4.2.5: the fragment "is not part of the scheme definition for a URI
   * scheme"), so the URI before its first "#" is checked by the scheme's rule, and the fragment by
   * the generic syntax alone. `'own'`: its rule takes the fragment itself (RFC 8141's
   * `f-component`). An advice: as when absent, and a warning at the "#" in the text's words (RFC
   * 6068 §2: fragment identifiers "SHOULD NOT be used on 'mailto' URIs").
   */
  fragment?: 'own' | { section: string; says: string };
  /**
   * Rules the prose holds for whatever the scheme (an era's own `prose`, not a scheme's): RFC
   * 3987 §4.1's "IRIs MUST NOT contain bidirectional formatting characters" holds for the rules
   * whose strings are IRIs and IRI references. A component's rule (`ihost`, `ucschar`) stays
   * the grammar's: §4.1 speaks of IRIs, and `ucschar` is a range that holds the characters.
   */
  anyScheme?: readonly string[];
}
