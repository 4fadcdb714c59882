// Declarations shipped without their doc comments (scripts/build.mjs, step 2), kept apart from
// the build so that test/package.test.ts can read the list without running a build.

import { createRequire } from 'node:module';

/**
 * The declarations shipped without their doc comments: the diagnosis's recorder and ranking
 * (src/diagnosis/) and the hint table (src/hints/). The types of the public API reach them (an
 * era's parts name the traced recognizer and the hint rows), so they ship, but nothing an entry
 * point exports is declared in them (test/package.test.ts), and their comments, written for
 * whoever changes the code, are in src/.
 */
export const INTERNAL_DECLARATIONS = ['diagnosis/', 'hints/'];

/** `text` (a declaration file) without its `/** ... *\/` comments and the lines they leave empty. */
export function withoutDocComments(text) {
  const ts = createRequire(import.meta.url)('typescript');
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  let out = '';
  let last = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.MultiLineCommentTrivia || !scanner.getTokenText().startsWith('/**')) continue;
    let start = scanner.getTokenStart();
    let end = scanner.getTokenEnd();
    // A comment alone on its lines goes with its indentation and its line break.
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (/^[ \t]*$/.test(text.slice(lineStart, start)) && /^[ \t]*(?:\r?\n|$)/.test(text.slice(end))) {
      start = lineStart;
      end += /^[ \t]*(?:\r?\n|$)/.exec(text.slice(end))[0].length;
    }
    out += text.slice(last, start);
    last = end;
  }
  return out + text.slice(last);
}
