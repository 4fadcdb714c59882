// What a terminal of the traced recognizer expects, described once, when the recognizer is
// generated, as the diagnosis lists it (contract: `expected`, "described as the grammar writes
// them"): a literal as a JSON string, a class in ABNF notation (`%x41-5A / %x61-7A`), any
// character. A named rule's expectation is its name (TracedEmitter.node, `named`). The traced recognizer
// reports these strings (src/diagnosis/trace.ts); src/diagnosis/recorder.ts names an expectation
// by its core rule instead when one was tried there (`ALPHA`).

import { type Node, Unsupported } from './ast.js';

const hex = (c: string): string => '%x' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

export function describeExpectation(node: Node): string {
  switch (node.type) {
    case 'literal':
      return JSON.stringify(node.value);
    case 'any':
      return 'any character';
    case 'class': {
      const parts = node.parts.map((p) => {
        if (Array.isArray(p)) return `${hex(p[0]!)}-${hex(p[1]!).slice(2)}`;
        if (typeof p !== 'string') throw new Unsupported('a class escape in a class (its expectation)', node);
        return hex(p);
      });
      return (node.inverted ? 'not ' : '') + parts.join(' / ');
    }
    default:
      throw new Error(`no expectation for a ${node.type}`);
  }
}
