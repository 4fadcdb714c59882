// Which prose a scheme profile checks after an era's grammar: the module the era table's
// `profile.prose` names by key, for the rules it names. Apart from ./run.ts so that what does
// not look profiles up (the per-era `isValid` and `validate` of an era without one) loads no
// profile module: the table names them by key, and only this module imports them.
//
// How to add a profile's prose: a module ./<scheme>.ts exporting one `SchemeProse` (./profile.ts
// says what it is), one line in `PROSE_MODULES` below, and its key in the era's row of
// src/eras/table.ts (`profile: { schemes, on, prose: '<key>' }`).

import { rowOf } from '../eras/table.js';
import { DATA_PROSE } from './data.js';
import { FILE_PROSE } from './file.js';
import { IRI_PROSE } from './iri.js';
import { HTTP_PROSE } from './http.js';
import { MAILTO_PROSE } from './mailto.js';
import { URN2141_PROSE, URN8141_PROSE } from './urn.js';
import type { SchemeProse } from './profile.js';
import { proseAccepts, proseVerdict } from './run.js';
import { schemeAccepts, withScheme } from './scheme-uris.js';

/** Every profile's prose, by the key an era's row names it by (`prose: 'http'`). */
const PROSE_MODULES = {
  http: HTTP_PROSE,
  mailto: MAILTO_PROSE,
  urn: URN8141_PROSE,
  urn2141: URN2141_PROSE,
  file: FILE_PROSE,
  data: DATA_PROSE,
  iri: IRI_PROSE,
} as const satisfies Readonly<Record<string, SchemeProse>>;

/** The key of a profile's prose, as an era's row of the table names it. */
export type ProseKey = keyof typeof PROSE_MODULES;

/** Looks up the prose of an era's rule: `proseOf` below, or none (`grammarOnly`). */
export type ProseLookup = (era: string, rule: string) => SchemeProse | undefined;

/** The prose of an era's profile, whatever the rule; undefined: the era has none. */
export function profileProse(era: string): SchemeProse | undefined {
  const row = rowOf(era);
  const key = row?.profile?.prose ?? row?.prose;
  return key === undefined ? undefined : PROSE_MODULES[key];
}

/** The prose an era checks after its grammar when `rule` is the start rule, if any. */
export const proseOf: ProseLookup = (era, rule) => {
  const prose = profileProse(era);
  return prose !== undefined && (prose.anyScheme?.includes(rule) === true || Object.values(prose.rules).includes(rule)) ? prose : undefined;
};

/**
 * For a rule of a profile's era whose strings begin with their scheme (the `withScheme` of the
 * era the profile builds on: RFC 9110's `URI-reference`), the target of a string's scheme rule
 * when the profile defines its scheme (`http:/a` → `http-URI`), made by `make` and kept; else
 * undefined. The scheme's RFC defines its URIs by that rule ("http-URI = "http" "://" authority
 * path-abempty [ "?" query ]", RFC 9110 §4.2.1), and its prose holds for them, whichever rule of
 * the era reads them: so the era's `URI-reference` holds for `http:/a` only where `http-URI`
 * does.
 */
function schemeTargets<T>(era: string, rule: string, make: (rule: string) => T): ((input: string) => T | undefined) | undefined {
  const profile = rowOf(era)?.profile;
  const prose = profileProse(era);
  const on = profile?.on === undefined ? undefined : rowOf(profile.on);
  if (prose === undefined || !(on?.withScheme as readonly string[] | undefined)?.includes(rule)) return undefined;
  const made = new Map<string, T>();
  return (input) => {
    const scheme = schemeOf(input);
    const name = scheme === undefined ? undefined : prose.rules[scheme];
    if (name === undefined) return undefined;
    let t = made.get(name);
    if (t === undefined) made.set(name, (t = make(name)));
    return t;
  };
}

/**
 * The profiles as src/validate-era.ts checks them (its `AfterGrammar.profiles`): the lookups with
 * the runner (./run.ts), passed together by the main entry point and by the per-era entry points
 * of eras with a profile, so that a bundle of an era without one holds neither.
 */
export const PROFILES = { proseOf, schemeTargets, schemeAccepts, withScheme, accepts: proseAccepts, verdict: proseVerdict } as const;

export type Profiles = typeof PROFILES;

/** RFC 3986 §3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, before the first ":". */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*(?=:)/;

/** The input's scheme in lower case ("schemes are case-insensitive", RFC 3986 §3.1), if it has one. */
export function schemeOf(input: string): string | undefined {
  return SCHEME.exec(input)?.[0].toLowerCase();
}

/** The rule an era's prose checks a URI of the input's scheme by (`https` → `https-URI`), if any. */
export function ruleForScheme(era: string, input: string): string | undefined {
  const scheme = schemeOf(input);
  return scheme === undefined ? undefined : profileProse(era)?.rules[scheme];
}
