// File URIs as people write them (RFC 8089): the nonstandard forms of Appendix E, which §2's
// file-URI does not derive (drive letters without a slash, a vertical line for the colon, UNC
// paths, user information), each with the §2 form where there is one. The hints that use them
// are rows of the hint table (../hints/table.ts).

import type { Era, RuleMeta } from '../era.js';

/** The helper that reads a rule as Appendix F collects it (grammar/rfc8089.peggy). */
export const appendixEId = (rule: RuleMeta): string => `_${rule.id}_appendix_e`;

/** Whether the era prints Appendix E's nonstandard rules (a reading by the appendixE option). */
export function hasAppendixE(era: Era): boolean {
  let has = APPENDIX_E.get(era);
  if (has === undefined) APPENDIX_E.set(era, (has = era.meta.helpers.some((h) => h.id.endsWith('_appendix_e'))));
  return has;
}

const APPENDIX_E = new WeakMap<Era, boolean>();

/** The Appendix E form `input` is written in, and the §2 file-URI that says the same, if any. */
export function formOf(input: string): { section: string; what: string; standard?: string } {
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
