// What the generated modules carry as text (the rest of their runtime is ./runtime/*.ts, which
// they import): the fast recognizer's exports, and the helpers of ./helpers.ts, transpiled.

import { readFileSync } from 'node:fs';
import ts from 'typescript';

let helpers: Map<string, string> | null = null;

/**
 * The JavaScript of a helper of ./helpers.ts, with its doc comment, as a module-private function
 * declaration for a generated module to carry.
 */
export function helperSource(name: string): string {
  if (!helpers) {
    const source = readFileSync(new URL('./helpers.ts', import.meta.url), 'utf8');
    const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 } }).outputText;
    const file = ts.createSourceFile('helpers.js', js, ts.ScriptTarget.ES2022, true);
    helpers = new Map();
    for (const statement of file.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      // The function with the doc comment right above it (not the module's header).
      const full = js.slice(statement.getFullStart(), statement.getEnd());
      const start = full.indexOf('export function ');
      const doc = full.lastIndexOf('/**', start);
      const text = full.slice(doc >= 0 ? doc : start).replace('export function ', 'function ');
      helpers.set(statement.name.text, `${text}\n`);
    }
  }
  const text = helpers.get(name);
  if (text === undefined) throw new Error(`no helper ${name} in scripts/codegen/helpers.ts`);
  return text;
}

export const FAST_ACCEPTS = `/** The function of rule \`startRule\`, \`(input, p) => end | -1\`: for a caller that asks about one rule many times. */
export function ruleOf(startRule) {
  const rule = START.get(startRule);
  if (rule === undefined) throw new Error(\`Can't start parsing from rule "\${startRule}".\`);
  return rule;
}

/** Whether the rule \`startRule\` matches all of \`input\` (Peggy: a result, and at the end). */
export function accepts(input, startRule) {
  return ruleOf(startRule)(input, 0) === input.length;
}

/** Where the rule \`startRule\` stops matching \`input\` from its start, or -1. */
export function matchEnd(input, startRule) {
  return ruleOf(startRule)(input, 0);
}
`;
