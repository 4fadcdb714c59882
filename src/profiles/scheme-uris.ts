// A URI of a scheme that a profile defines, read by its scheme's rule from another rule (the
// era's `URI-reference`: ./of-era.ts `schemeTargets`; `--spec auto`: ./auto.ts): the part that
// rule reads (before the fragment, unless it takes one: ./profile.ts `fragment`). Apart from
// src/validate-era.ts, which reaches it through `Target.run` (./of-era.ts `PROFILES`), so that a
// bundle of an era without a profile leaves it out (issue 19's budgets).

import { messageOf } from '../diagnose.js';
import { acceptsIn, validateIn, type AnyValidationResult, type Target } from '../validate-era.js';
import { fragmentWarnings, schemePartEnd } from './run.js';

/**
 * The URI as its scheme's rule reads it: with its scheme lower-cased. The scheme was matched in
 * any case to find that rule (./of-era.ts `schemeOf`), and RFC 2396 §3.1 says "programs
 * interpreting URI should treat upper case letters as equivalent to lower case in scheme names
 * (e.g., allow "HTTP" as well as "http")"; RFC 3986 §3.1: "Although schemes are
 * case-insensitive, the canonical form is lowercase". So RFC 2397's `"data:"`, a case-sensitive
 * literal (RFC 822's style), holds `DATA:,a` read by RFC 2396's `URI-reference`, while `dataurl`
 * itself does not. Only ASCII letters change, so the string keeps its length and every offset.
 */
function schemeLowered(input: string): string {
  const colon = input.indexOf(':');
  if (colon <= 0) return input;
  const scheme = input.slice(0, colon);
  const lower = scheme.replace(/[A-Z]+/g, (c) => c.toLowerCase());
  return lower === scheme ? input : lower + input.slice(colon);
}

/**
 * Whether a URI of a scheme holds its scheme's rule (`s`, a target of src/profiles/of-era.ts
 * `schemeTargets`, or of `--spec auto`): the part of it that rule reads (before the fragment,
 * unless the rule takes one: src/profiles/profile.ts `fragment`), its scheme lower-cased, with
 * the rule's prose.
 */
export function schemeAccepts(s: Target, input: string): boolean {
  const end = schemePartEnd(s.explains!, input);
  const read = schemeLowered(input);
  return acceptsIn(s, end === input.length ? read : read.slice(0, end));
}

/**
 * The record of a URI against its scheme's rule (`s`, as in `schemeAccepts`): `validateIn` of
 * the part that rule reads (its scheme lower-cased: `schemeLowered`), as a record of the whole
 * input as given, with `upTo` its end when it is not the input's. An error at the part's end
 * finds the "#" that ends it. The text's advice against a fragment is a warning.
 */
export function schemeVerdict(s: Target, input: string): AnyValidationResult & { upTo?: number } {
  const prose = s.explains!;
  const end = schemePartEnd(prose, input);
  const read = schemeLowered(input);
  if (end === input.length) {
    const whole = validateIn(s, read);
    if (read !== input) whole.input = input;
    return whole;
  }
  const r = validateIn(s, read.slice(0, end));
  if (!r.valid && r.error.offset === end) {
    r.error.found = '#';
    if (r.error.layer !== 'profile') r.error.message = messageOf(s.era, s.rule.name, r.error);
  }
  const warnings = [...(r.warnings ?? []), ...fragmentWarnings(prose, input, end)];
  const { warnings: _w, ...rest } = r;
  return warnings.length > 0 ? { ...rest, input, upTo: end, warnings } : { ...rest, input, upTo: end };
}

/**
 * The record of a string that the era's rule accepts, when the string is a URI of a scheme the
 * era's profile defines (`Target.ofScheme`): the scheme rule's verdict, as a record of the rule
 * asked for. Its error is the scheme rule's, `rulePath` from that rule (`http-URI`).
 */
export function withScheme(t: Target, input: string, s: Target): AnyValidationResult {
  const r = schemeVerdict(s, input);
  const spec = t.era.id;
  const rule = t.rule.name;
  const w = r.warnings !== undefined ? { warnings: r.warnings } : {};
  return r.valid ? { valid: true, input, spec, rule, ...w } : { valid: false, input, spec, rule, error: r.error, ...w };
}

