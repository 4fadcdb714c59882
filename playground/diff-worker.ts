// The grammar-diff search off the page's thread: it takes about a second for distant eras,
// and the verdicts must keep updating as the learner types meanwhile.
// The worker loads the two eras' recognizers itself (./eras.ts), from the page's chunks.
import { grammarDiff } from '../src/index.js';
import { loadEra } from './eras.js';

self.onmessage = async (event: MessageEvent<{ a: string; b: string }>) => {
  const { a, b } = event.data;
  try {
    await Promise.all([loadEra(a), loadEra(b)]);
    self.postMessage({ a, b, diff: grammarDiff(a, b) });
  } catch (error) {
    self.postMessage({ a, b, error: String(error) });
  }
};
