// The era ids loaded in this process: the registry notes every era it loads, a per-era entry
// point (generated/entries/) only its own. Advice that names another era (src/hints/table.ts: "valid in
// an IRI, spec rfc3987") asks here, so that it stays true whichever eras exist, without loading
// the registry (which would load every era into a one-era bundle).

const known = new Set<string>();

/** Note eras as loaded. */
export function noteEras(ids: Iterable<string>): void {
  for (const id of ids) known.add(id);
}

/** Whether the era `id` is loaded. */
export function isKnownEra(id: string): boolean {
  return known.has(id);
}

/**
 * The era a hint names for a feature (`iri`, `zoneIdentifiers`, a URN syntax), as the era table
 * says (its eraWith, urnEra): noted by the registry, which loads the table with every era. A
 * bundle of one era's `validate` has neither, so there no other era is known to be named
 * (src/hints/table.ts names one only when it is loaded).
 */
const named = new Map<string, string>();

export function noteEraNamed(feature: string, id: string | undefined): void {
  if (id !== undefined) named.set(feature, id);
}

export function eraNamed(feature: string): string | undefined {
  return named.get(feature);
}
