// Which module of hint rows an era's parts carry, beside the rows for every era (./table.ts):
// rows that only one kind of era uses live in a module of their own, so that another era's
// bundle leaves them out (issue 19's budgets: `validate` from urispec/rfc3986). Read from the
// era's row of the era table by the registry (src/registry.ts, which imports every module) and
// by scripts/build-grammars.ts (each per-era entry point imports its era's module only). This
// file imports none of them.

import type { DiagnosisRow } from '../eras/table.js';

/** A module of rows: its file under src/hints/ and the name it exports them by. */
export interface EraRows {
  module: 'template-rows' | 'urn-rows';
  name: 'TEMPLATE_HINTS' | 'URN_HINTS';
}

const TEMPLATE: EraRows = { module: 'template-rows', name: 'TEMPLATE_HINTS' };
const URN: EraRows = { module: 'urn-rows', name: 'URN_HINTS' };

/** The rows of the era's kind: RFC 6570's for the template era, the URN rows for RFC 2141 and RFC 8141. */
export function eraRowsOf(row: DiagnosisRow): EraRows | undefined {
  if (row.template === true) return TEMPLATE;
  if (row.urn !== undefined) return URN;
  return undefined;
}
