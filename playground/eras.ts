// The eras of the page, loaded on first use: the first load carries the library and no era's
// recognizers (issue 20: at most 150 kB of gzip'd JavaScript, however many eras there are).
// The page knows every era by its summary from the start; an era's recognizers, rules and
// grammar come in a chunk of their own (playground/build.mjs) and join the library's registry
// when they arrive, after which the library's functions serve that era as in Node.

import { loaders, summaries, type EraSummary } from 'playground:eras';
import { addEras, newestFirst } from '../src/registry.js';
import { noteEras } from '../src/known-eras.js';

export type { EraSummary };

/** Every era, newest first: the order of `specs()` once all are loaded. */
export const eraList: readonly EraSummary[] = [...summaries].sort((a, b) => newestFirst({ spec: a.id, date: a.date }, { spec: b.id, date: b.date }));

// Advice naming another era ("an IRI (spec rfc3987) takes it as typed") asks which eras exist: all of
// them do, loaded or not, so the page's hints are the command line's.
noteEras(eraList.map((e) => e.id));

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Whether the era's parts have arrived: the library can validate in it. */
export function isLoaded(id: string): boolean {
  return loaded.has(id);
}

/** Loads the era's chunk once and adds it to the registry; an unknown id is refused. */
export function loadEra(id: string): Promise<void> {
  let p = loading.get(id);
  if (!p) {
    const load = loaders[id];
    p = load
      ? load().then((m) => {
          addEras([m.default]);
          loaded.add(id);
        })
      : Promise.reject(new Error(`no era ${id} in this build`));
    loading.set(id, p);
  }
  return p;
}
