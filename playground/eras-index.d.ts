// The modules playground/build.mjs writes from generated/index.js (plugin lazy-eras).
declare module 'playground:eras' {
  import type { GeneratedEra, GeneratedGrammarMeta } from '#generated';
  /** An era as the page lists it before loading it. */
  export type EraSummary = { id: string } & Pick<GeneratedGrammarMeta, 'title' | 'date' | 'defaultRule' | 'status' | 'amended'>;
  export const summaries: EraSummary[];
  /** Each era's chunk: its generated parts. */
  export const loaders: Record<string, () => Promise<{ default: GeneratedEra }>>;
}
