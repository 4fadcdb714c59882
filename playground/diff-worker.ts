// The grammar-diff search off the page's thread: it takes about a second for distant eras,
// and the verdicts must keep updating as the learner types meanwhile.
import { grammarDiff } from '../src/index.js';

self.onmessage = (event: MessageEvent<{ a: string; b: string }>) => {
  const { a, b } = event.data;
  try {
    self.postMessage({ a, b, diff: grammarDiff(a, b) });
  } catch (error) {
    self.postMessage({ a, b, error: String(error) });
  }
};
