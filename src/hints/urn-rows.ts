// The URN eras' rows of the hint table (./table.ts; RFC 2141, RFC 8141): tried before the rows
// for every era. Only the URN eras' parts carry them (src/era.ts `hints`, chosen by the era
// table's `urn`: ./era-rows.ts), so that another era's bundle leaves them out (issue 19's
// budgets: `validate` from urispec/rfc3986).

import type { DiagnosisRow } from '../eras/table.js';
import { percentEncoded } from '../schemes/percent.js';
import { eraFor, EXPECTS_PERCENT, has, nidOf } from './context.js';
import { also, type HintRow } from './table.js';

const urn8141 = (row: DiagnosisRow): boolean => row.urn === 'RFC 8141 §2';
const urn2141 = (row: DiagnosisRow): boolean => row.urn === 'RFC 2141 §2';

// RFC 2141 §2.4's excluded characters that RFC 8141 allows in an NSS (Appendix B.1).
const ALLOWED_LATER = new Set(['~', '&']);

export const URN_HINTS: readonly HintRow[] = [
  // URNs: RFC 2141 allowed a one-letter NID and a final "-", RFC 8141 §2 does not; a "?" in an
  // RFC 8141 NSS may only begin "?+" or "?="; RFC 2141 §2.4 excludes "~" and "&".
  {
    id: 'URN: NID of RFC 8141',
    section: 'RFC 8141 §2',
    eras: urn8141,
    rule: 'NID',
    give: (c) => {
      const nid = nidOf(c.input);
      const rule = 'an NID is 2 to 32 letters, digits or "-", beginning and ending with a letter or digit (RFC 8141 §2)';
      if (/^[A-Za-z0-9]$/.test(nid)) return `${rule}; ${also(eraFor('RFC 2141 §2'), 'RFC 2141 allowed a one-letter NID')}`;
      if (/^[A-Za-z0-9][A-Za-z0-9-]*-$/.test(nid)) return `${rule}; ${also(eraFor('RFC 2141 §2'), 'RFC 2141 allowed a final "-"')}`;
      return rule;
    },
  },
  {
    id: 'URN: "?" in an RFC 8141 NSS',
    section: 'RFC 8141 §2',
    eras: urn8141,
    rule: 'rq-components',
    give: (c) =>
      c.before === '?'
        ? 'after the NSS, "?" begins "?+" (an r-component) or "?=" (a q-component) (RFC 8141 §2); a "?" in the NSS is written "%3F"'
        : null,
  },
  {
    id: 'URN: NID of RFC 2141',
    section: 'RFC 2141 §2.1',
    eras: urn2141,
    rule: 'NID',
    found: (found) => found !== null,
    give: () => 'an NID is 1 to 32 letters, digits or "-", beginning with a letter or digit (RFC 2141 §2.1)',
  },
  {
    id: 'URN: character RFC 2141 excludes',
    section: 'RFC 2141 §2.4',
    eras: urn2141,
    found: (found) => found !== null && ALLOWED_LATER.has(found),
    needs: EXPECTS_PERCENT, // its condition
    give: (c) =>
      has(c, EXPECTS_PERCENT)
        ? `"${c.found}" is excluded (RFC 2141 §2.4): "if used in an URN, MUST be %encoded": write "${percentEncoded(c.found!)}"; ${also(eraFor('RFC 8141 §2'), 'RFC 8141 allows it in an NSS')}`
        : null,
  },
];
