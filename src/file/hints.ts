// Hints for file URIs as people write them (RFC 8089): the nonstandard forms of Appendix E,
// which §2's file-URI does not derive (drive letters without a slash, a vertical line for the
// colon, UNC paths, user information), each with the §2 form where there is one and the option
// that reads Appendix E; a backslash for a separator (Appendix E.4); an authority with no path.

import type { ValidationError } from '../diagnose.js';
import type { Era, RuleMeta } from '../era.js';

/** The helper that reads a rule as Appendix F collects it (grammar/rfc8089.peggy). */
const appendixEId = (rule: RuleMeta): string => `_${rule.id}_appendix_e`;

/** Whether the era prints Appendix E's nonstandard rules (a reading by the appendixE option). */
export function hasAppendixE(era: Era): boolean {
  return era.meta.helpers.some((h) => h.id.endsWith('_appendix_e'));
}

/** The Appendix E form `input` is written in, and the §2 file-URI that says the same, if any. */
function formOf(input: string): { section: string; what: string; standard?: string } {
  const auth = /^file:\/\/([^/]*)/i.exec(input)?.[1];
  if (auth?.includes('@')) return { section: 'E.1', what: 'user information in the authority' };
  const unc = /^(file:)\/\/\/{2,3}(.*)$/is.exec(input);
  if (unc) return { section: 'E.3.2', what: 'a UNC string in the path', standard: `${unc[1]}//${unc[2]}` };
  const drive = /^(file:(?:\/\/[^/]*)?)(\/?)([A-Za-z])([:|])(.*)$/is.exec(input);
  if (drive) {
    const [, before = '', slash, letter, sign, after] = drive;
    const standard = `${before.includes('//') ? before : `${before}//`}/${letter}:${after}`;
    if (sign === '|') return { section: 'E.2.2', what: 'a vertical line "|" for the colon of a drive letter', standard };
    if (slash === '') return { section: 'E.2', what: 'a drive letter with no authority and no "/" before it', standard };
  }
  return { section: 'F', what: 'a form of the collected nonstandard rules' };
}

/**
 * A hint for a string that §2 refuses: Appendix E's reading when it accepts the string (the
 * start rule has one), a backslash, or a file URI without a path after its authority.
 */
export function fileHint(era: Era, rule: RuleMeta, input: string, e: Omit<ValidationError, 'message'>): string | undefined {
  const id = appendixEId(rule);
  if (era.helperIds.has(id) && era.fast.accepts(input, id)) {
    const form = formOf(input);
    const standard = form.standard !== undefined && era.fast.accepts(form.standard, rule.id) ? `§2 writes "${form.standard}"` : '§2 has no such form';
    return `${form.what} is RFC 8089 Appendix ${form.section}'s nonstandard syntax (${standard}); the appendixE option (--appendix-e) accepts it`;
  }
  if (e.found === '\\') {
    return 'a backslash is no separator in a file URI (RFC 8089 Appendix E.4: "forbidden by both [RFC1738] and [RFC3986]"): write "/", or "%5C" for a backslash in a name';
  }
  if (e.found === null && e.rule === 'path-absolute' && /^file:\/\/[^/]*$/i.test(input)) {
    return `a file URI has a path after its host (RFC 8089 §2: auth-path = [ file-auth ] path-absolute): "${input}/"`;
  }
  return undefined;
}
