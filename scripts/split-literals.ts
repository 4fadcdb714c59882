// A Peggy plugin for the diagnostic build only: every literal of more than one character
// becomes a sequence of one-character literals. Peggy matches a literal all at once, so
// `"http://"` against `http:x` fails at offset 0, where nothing is wrong; split, it fails at 5,
// where the `/` is missing, which is the furthest position the attempt really reached
// (contract: `offset` is the furthest position any alternative reached). The language is the
// same, and the fast build keeps whole literals.
import peggy from 'peggy';

interface LiteralNode {
  type: string;
  value?: string;
  ignoreCase?: boolean;
  elements?: unknown[];
  location: unknown;
}

function splitLiteralsPass(ast: peggy.ast.Grammar): void {
  const split = peggy.compiler.visitor.build({
    literal(node: LiteralNode) {
      const value = node.value!;
      if (value.length < 2) return;
      // Turned into a sequence in place: the visitor offers no way to replace a node.
      const { ignoreCase, location } = node;
      node.type = 'sequence';
      node.elements = value.split('').map((c) => ({ type: 'literal', value: c, ignoreCase, location }));
      delete node.value;
      delete node.ignoreCase;
    },
  });
  split(ast);
}

export const splitLiterals: peggy.Plugin = {
  use(config) {
    config.passes.transform.unshift(splitLiteralsPass as never);
  },
};
