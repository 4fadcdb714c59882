// Hints for URNs written as people write them, in the two URN eras: an NID of the other era's
// shape (RFC 2141 allowed one letter and a final "-", RFC 8141 §2 and Appendix B.1 do not), a
// character RFC 2141 §2.4 excludes that RFC 8141 allows ("~", "&"), and a "?" in an RFC 8141
// NSS, which only "?+" and "?=" may follow (§2).

import type { ValidationError } from '../diagnose.js';
import { erasWith, rowOf, type UrnSyntax } from '../eras/table.js';

type Hint = (startRule: string, input: string, e: Omit<ValidationError, 'message'>) => string | undefined;

/** The NID that the error is in: from after "urn:" to the next ":" (or the end). */
function nidOf(input: string): string {
  const rest = input.slice(4);
  const colon = rest.indexOf(':');
  return colon < 0 ? rest : rest.slice(0, colon);
}

/** `text`, naming the era whose grammar is the URN syntax `syntax` (from the era table), if one is. */
const also = (syntax: UrnSyntax, text: string): string => {
  const era = erasWith('urn').find((id) => rowOf(id)?.urn === syntax);
  return era === undefined ? text : `${text} (spec ${era})`;
};

const rfc8141: Hint = (_startRule, input, e) => {
  if (e.rule === 'NID') {
    const nid = nidOf(input);
    const rule = 'an NID is 2 to 32 letters, digits or "-", beginning and ending with a letter or digit (RFC 8141 §2)';
    if (/^[A-Za-z0-9]$/.test(nid)) return `${rule}; ${also('RFC 2141 §2', 'RFC 2141 allowed a one-letter NID')}`;
    if (/^[A-Za-z0-9][A-Za-z0-9-]*-$/.test(nid)) return `${rule}; ${also('RFC 2141 §2', 'RFC 2141 allowed a final "-"')}`;
    return rule;
  }
  if (e.rule === 'rq-components' && input[e.offset - 1] === '?') {
    return 'after the NSS, "?" begins "?+" (an r-component) or "?=" (a q-component) (RFC 8141 §2); a "?" in the NSS is written "%3F"';
  }
  return undefined;
};

/** RFC 2141 §2.4's excluded characters that RFC 8141 allows in an NSS (Appendix B.1). */
const ALLOWED_LATER = new Set(['~', '&']);

const rfc2141: Hint = (_startRule, _input, e) => {
  if (e.rule === 'NID' && e.found !== null) {
    return 'an NID is 1 to 32 letters, digits or "-", beginning with a letter or digit (RFC 2141 §2.1)';
  }
  if (e.found !== null && ALLOWED_LATER.has(e.found) && e.expected.includes('"%"')) {
    const hex = `%${e.found.charCodeAt(0).toString(16).toUpperCase()}`;
    return `"${e.found}" is excluded (RFC 2141 §2.4): "if used in an URN, MUST be %encoded": write "${hex}"; ${also('RFC 8141 §2', 'RFC 8141 allows it in an NSS')}`;
  }
  return undefined;
};

/** The hints of an era of URN syntax (its row's `urn`). */
export function urnHint(syntax: UrnSyntax): Hint {
  return syntax === 'RFC 8141 §2' ? rfc8141 : rfc2141;
}
