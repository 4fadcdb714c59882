/**
 * The `@example` blocks of src/ as runnable modules: extraction, the expected-value comments
 * (`expr; // value`) and the literal reader and matcher that check them. Used by
 * test/examples.test.ts; kept apart so each part can be tested on its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface ExampleBlock {
  /** `src/x.ts:line`, the line of the opening fence. */
  name: string;
  /** Source file, relative to the repository root. */
  file: string;
  /** 1-based line of the first code line in the source file. */
  line: number;
  code: string;
}

/** Every ```ts block that follows an `@example` tag in a doc comment, in every src file. */
export function extractExamples(root: string): ExampleBlock[] {
  const out: ExampleBlock[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const rel = relative(root, file).split('\\').join('/');
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*\*\s*@example\s*$/.test(lines[i]!)) continue;
      const fence = i + 1;
      if (!/^\s*\*\s*```ts\s*$/.test(lines[fence] ?? '')) throw new Error(`${rel}:${i + 1}: @example not followed by a \`\`\`ts fence`);
      const body: string[] = [];
      let j = fence + 1;
      for (; j < lines.length && !/^\s*\*\s*```\s*$/.test(lines[j]!); j++) {
        // Strip the comment's " * " margin and nothing else: the code keeps its indentation.
        body.push(lines[j]!.replace(/^\s*\* ?/, ''));
      }
      if (j >= lines.length) throw new Error(`${rel}:${fence + 1}: unclosed \`\`\`ts fence`);
      out.push({ name: `${rel}:${fence + 1}`, file: rel, line: fence + 2, code: `${body.join('\n')}\n` });
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** An expression statement with the value its comment says it has. */
export interface Expectation {
  /** 1-based line within the block. */
  line: number;
  expression: string;
  comment: string;
  expected: Pattern;
  /** Offsets of the expression in the block, to instrument it. */
  start: number;
  end: number;
}

/**
 * The checkable lines of a block: an expression statement whose trailing comment (on its last
 * line) or, failing that, the comment line right below it begins with a literal. Comment lines
 * right below a statement that do not begin with a literal are the text it returns, line by line
 * (a rendered report), with `...` or `…` lines standing for any lines. A trailing comment that
 * begins with prose (`// alternatives the valid vectors went through`) checks nothing.
 */
export function expectationsOf(code: string): Expectation[] {
  const sf = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const lines = code.split('\n');
  const out: Expectation[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node)) {
      const endLine = sf.getLineAndCharacterOfPosition(node.end).line;
      const after = lines[endLine]!.slice(sf.getLineAndCharacterOfPosition(node.end).character);
      const trailing = /^\s*\/\/(.*)$/.exec(after)?.[1];
      const below = trailing === undefined ? /^\s*\/\/(.*)$/.exec(lines[endLine + 1] ?? '')?.[1] : undefined;
      const comment = (trailing ?? below)?.trim();
      if (comment !== undefined) {
        let expected = leadingLiteral(comment);
        if (!expected && below !== undefined) {
          const text: string[] = [];
          for (let k = endLine + 1; /^\s*\/\//.test(lines[k] ?? ''); k++) text.push(lines[k]!.replace(/^\s*\/\/ ?/, '').trimEnd());
          expected = { kind: 'lines', lines: text };
        }
        if (expected) {
          const e = node.expression;
          out.push({ line: endLine + 1, expression: e.getText(sf), comment, expected, start: e.getStart(sf), end: e.end });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Literals in comments: JSON with JavaScript's spelling (single quotes, bare keys, undefined)
// and an ellipsis. `...` as an array element or object member means "and more" (a prefix of the
// array, a subset of the keys), as a value "anything", at the end of a string "a prefix".

export type Pattern =
  | { kind: 'value'; value: string | number | boolean | null | undefined }
  | { kind: 'prefix'; value: string }
  | { kind: 'any' }
  | { kind: 'array'; items: Pattern[]; open: boolean }
  | { kind: 'object'; members: [string, Pattern][]; open: boolean }
  /** A multi-line text, each line as printed (trailing spaces aside), `...` or `…` for any lines. */
  | { kind: 'lines'; lines: string[] };

/** The literal a comment begins with, if the rest reads as prose after it (`false: "~" is ...`). */
export function leadingLiteral(comment: string): Pattern | undefined {
  const r = new LiteralReader(comment);
  try {
    const p = r.value();
    const rest = comment.slice(r.pos);
    // After the literal: nothing, or prose after a colon, a semicolon or a parenthesis
    // (`false: "~" is national`, `0; the report on stdout`, `'…' (§6)`). A comment that merely
    // begins with a quoted word (`"~" is unreserved since 1996`) is prose, not a value.
    return /^\s*(?:$|[:;(])/.test(rest) ? p : undefined;
  } catch {
    return undefined;
  }
}

class LiteralReader {
  pos = 0;
  constructor(private readonly s: string) {}

  private ws(): void {
    while (/\s/.test(this.s[this.pos] ?? '')) this.pos++;
  }

  private eat(t: string): boolean {
    this.ws();
    if (this.s.startsWith(t, this.pos)) {
      this.pos += t.length;
      return true;
    }
    return false;
  }

  value(): Pattern {
    this.ws();
    const c = this.s[this.pos];
    if (this.eat('...')) return { kind: 'any' };
    if (c === "'" || c === '"') return this.string();
    if (c === '[') return this.array();
    if (c === '{') return this.object();
    const m = /^(?:-?\d+(?:\.\d+)?|true|false|null|undefined)(?![\w$])/.exec(this.s.slice(this.pos));
    if (!m) throw new Error('not a literal');
    this.pos += m[0].length;
    const w = m[0];
    return { kind: 'value', value: w === 'true' ? true : w === 'false' ? false : w === 'null' ? null : w === 'undefined' ? undefined : Number(w) };
  }

  private string(): Pattern {
    const q = this.s[this.pos]!;
    let v = '';
    for (this.pos++; this.pos < this.s.length && this.s[this.pos] !== q; this.pos++) {
      if (this.s[this.pos] === '\\') {
        const n = this.s[++this.pos];
        v += n === 'n' ? '\n' : n === 't' ? '\t' : (n ?? '');
      } else v += this.s[this.pos];
    }
    if (this.s[this.pos] !== q) throw new Error('unclosed string');
    this.pos++;
    return v.endsWith('...') ? { kind: 'prefix', value: v.slice(0, -3).trimEnd() } : { kind: 'value', value: v };
  }

  private array(): Pattern {
    this.pos++;
    const items: Pattern[] = [];
    let open = false;
    while (!this.eat(']')) {
      if (this.eat('...')) open = true;
      else if (open) throw new Error('an ellipsis ends an array');
      else items.push(this.value());
      if (!this.eat(',')) {
        if (!this.eat(']')) throw new Error('expected , or ]');
        break;
      }
    }
    return { kind: 'array', items, open };
  }

  private object(): Pattern {
    this.pos++;
    const members: [string, Pattern][] = [];
    let open = false;
    while (!this.eat('}')) {
      if (this.eat('...')) open = true;
      else {
        this.ws();
        let key: string;
        const c = this.s[this.pos];
        if (c === "'" || c === '"') {
          const k = this.string();
          if (k.kind !== 'value') throw new Error('bad key');
          key = String(k.value);
        } else {
          const m = /^[A-Za-z_$][\w$-]*/.exec(this.s.slice(this.pos));
          if (!m) throw new Error('bad key');
          key = m[0];
          this.pos += key.length;
        }
        if (!this.eat(':')) throw new Error('expected :');
        members.push([key, this.value()]);
      }
      if (!this.eat(',')) {
        if (!this.eat('}')) throw new Error('expected , or }');
        break;
      }
    }
    return { kind: 'object', members, open };
  }
}

/** Where `actual` departs from the pattern, or undefined when it matches. */
export function mismatch(actual: unknown, p: Pattern, path = '$'): string | undefined {
  const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v));
  switch (p.kind) {
    case 'any':
      return undefined;
    case 'lines': {
      if (typeof actual !== 'string') return `${path}: expected text, got ${show(actual)}`;
      const got = actual.split('\n').map((l) => l.trimEnd());
      return linesMatch(got, 0, p.lines, 0) ? undefined : `${path}: expected text\n${p.lines.join('\n')}\ngot\n${got.join('\n')}`;
    }
    case 'value':
      return Object.is(actual, p.value) ? undefined : `${path}: expected ${show(p.value)}, got ${show(actual)}`;
    case 'prefix':
      return typeof actual === 'string' && actual.startsWith(p.value) ? undefined : `${path}: expected a string starting ${show(p.value)}, got ${show(actual)}`;
    case 'array': {
      if (!Array.isArray(actual)) return `${path}: expected an array, got ${show(actual)}`;
      if (p.open ? actual.length < p.items.length : actual.length !== p.items.length) {
        return `${path}: expected ${p.open ? 'at least ' : ''}${p.items.length} items, got ${actual.length}: ${show(actual)}`;
      }
      for (const [i, q] of p.items.entries()) {
        const m = mismatch(actual[i], q, `${path}[${i}]`);
        if (m) return m;
      }
      return undefined;
    }
    case 'object': {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return `${path}: expected an object, got ${show(actual)}`;
      const rec = actual as Record<string, unknown>;
      for (const [k, q] of p.members) {
        if (!(k in rec) && !(q.kind === 'value' && q.value === undefined)) return `${path}.${k}: missing in ${show(actual)}`;
        const m = mismatch(rec[k], q, `${path}.${k}`);
        if (m) return m;
      }
      if (!p.open) {
        const extra = Object.keys(rec).filter((k) => rec[k] !== undefined && !p.members.some(([n]) => n === k));
        if (extra.length > 0) return `${path}: unexpected keys ${extra.join(', ')} in ${show(actual)}`;
      }
      return undefined;
    }
  }
}

const isGap = (line: string) => line.trim() === '...' || line.trim() === '…';

/** Whether `got` from `i` matches `want` from `j`, a gap line standing for any number of lines. */
function linesMatch(got: string[], i: number, want: string[], j: number): boolean {
  if (j === want.length) return i === got.length;
  if (isGap(want[j]!)) {
    for (let k = i; k <= got.length; k++) if (linesMatch(got, k, want, j + 1)) return true;
    return false;
  }
  return i < got.length && got[i] === want[j] && linesMatch(got, i + 1, want, j + 1);
}
