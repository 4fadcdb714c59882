/**
 * `urispec explain [--spec ID] [--rule NAME] [--union] [--appendix-e] [--grammar-only] [--json] [URI...]`
 *
 * The derivation tree of each URI in the spec's rule names: which rule matched which span.
 * Readable: the input on top, then one line a rule, indented by depth, with the text the rule
 * matched written under the same columns of the input. For an invalid input the partial tree
 * (the failing path, with what each rule had matched) and then the error record with its
 * caret. The verdict is `validate`'s for the same options: where the grammar derives the URI
 * and a scheme profile's prose rejects it (RFC 9110 §4.2.1's empty host), the whole tree and
 * then the profile's error. URIs from the arguments or, when there are none, from standard
 * input, one a line. Exit status 0 when every URI is valid, 1 otherwise, 2 for a usage error.
 */
import { explain, type DerivationNode, type Explanation } from '../index.js';
import { displayInput, displayToken, formatResult, renderInput } from '../format.js';
import { maxOf } from '../large-arrays.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { forEachInput } from './lines.js';
import { Output } from './output.js';

/**
 * The options of `urispec explain`, from which its parser and help are made.
 *
 * @example
 * ```ts
 * import { parseCommandArgs } from './args.js';
 * import { explainOptions } from './explain-command.js';
 * parseCommandArgs('urispec explain', ['--spec', 'rfc1808', 'g;x'], explainOptions).values.spec; // 'rfc1808'
 * ```
 */
export const explainOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec to explain against (default: rfc3986)' },
  rule: { type: 'string', value: 'NAME', description: "the start rule (default: the spec's default rule)" },
  union: { type: 'boolean', description: "RFC 1738 url: read as the printed union (any scheme matches otherurl)" },
  'appendix-e': { type: 'boolean', description: "file URIs: also accept the file scheme RFC's Appendix E forms (its Appendix F's rules)" },
  'grammar-only': { type: 'boolean', description: "the grammar alone: skip the prose rules a scheme profile checks after it (an http URI's empty host)" },
  json: { type: 'boolean', description: 'one JSON object a line: {"input","spec","rule","valid","tree","level"?,"warnings"?,"error"?} (a profile\'s error has "layer")' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

/**
 * The text of `urispec explain --help`.
 *
 * @example
 * ```ts
 * import { explainHelp } from './explain-command.js';
 * explainHelp.startsWith('Usage: urispec explain'); // true
 * ```
 */
export const explainHelp = commandHelp({
  synopsis: 'urispec explain [--spec ID] [--rule NAME] [--union] [--appendix-e] [--grammar-only] [--json] [URI...]',
  summary: "Show each URI's derivation tree in the spec's rule names: which rule matched which span.",
  options: explainOptions,
  details: [
    'The tree holds spec rules only: PEG helpers and core rules (ALPHA, DIGIT, ...) are folded',
    'away. Consecutive matches of the same one-character rule share a line (unreserved ×3).',
    'For an invalid URI: the rules on the failing path with what each had matched, then the',
    'error with a caret under the failing offset.',
    '',
    'The verdict is that of urispec validate with the same options. A scheme profile (see',
    '`urispec specs`) checks the rules its RFC states in prose after the grammar: where the',
    'grammar derives the URI and such a MUST fails (an http URI\'s empty host, RFC 9110',
    '§4.2.1), the whole tree, then the error whose "layer" is "profile"; a SHOULD or a',
    'deprecation is a warning. --grammar-only skips them.',
    '',
    '--json tree nodes: {"rule","start","end","text","children"}, offsets into the input',
    '(UTF-16 code units, as in the error record).',
    '',
    'URIs come from the arguments or, when there are none, from standard input, one a line.',
    '',
    'Exit status: 0 every URI valid, 1 any invalid, 2 usage error.',
  ],
});

/**
 * A derivation node with the text it matched: the `--json` form.
 *
 * @example
 * ```ts
 * import type { TextNode } from './explain-command.js';
 * const node: TextNode = { rule: 'scheme', start: 0, end: 4, text: 'http', children: [] };
 * ```
 */
export interface TextNode {
  rule: string;
  start: number;
  end: number;
  text: string;
  children: TextNode[];
}

/**
 * One record as a JSON line. Each node of the tree carries its text, so the JSON of a line of
 * megabytes can pass the longest string V8 makes (about 512 MB): that record is then written
 * without its tree, saying why, and the run goes on to the next line (no line costs another
 * its record).
 */
export function jsonLine<T extends { input: string; tree: unknown }>(record: T): string {
  try {
    return JSON.stringify(record) + '\n';
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const treeOmitted = `the derivation tree of this input (${record.input.length} UTF-16 code units) is too large to write as one JSON line`;
    return JSON.stringify({ ...record, tree: null, treeOmitted }) + '\n';
  }
}

/**
 * `node` and its children with the matched text added.
 *
 * @example
 * ```ts
 * import { explain } from 'urispec';
 * import { withText } from './explain-command.js';
 * withText(explain('a:b', { rule: 'URI' }).tree!, 'a:b').children[0];
 * // { rule: 'scheme', start: 0, end: 1, text: 'a', children: [] }
 * ```
 */
export function withText(node: DerivationNode, input: string): TextNode {
  return {
    rule: node.rule,
    start: node.start,
    end: node.end,
    text: input.slice(node.start, node.end),
    children: node.children.map((c) => withText(c, input)),
  };
}

/**
 * Runs `urispec explain` with `args` (after the command name); resolves to the exit status.
 *
 * @example
 * ```ts
 * import { explainCommand } from './explain-command.js';
 * import { PassThrough } from 'node:stream';
 * const io = { stdin: (async function* () {})(), stdout: new PassThrough(), stderr: new PassThrough(), color: false };
 * await explainCommand(['--json', 'http://a/b'], io); // 0; one JSON record on io.stdout
 * ```
 */
export async function explainCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec explain', args, explainOptions);
  const out = new Output(io.stdout, (message) => io.stderr.write(`urispec: ${message}\n`));
  if (values.help) {
    await out.write(explainHelp);
    await out.end();
    return EXIT_OK;
  }
  const options = {
    ...(typeof values.spec === 'string' ? { spec: values.spec } : {}),
    ...(typeof values.rule === 'string' ? { rule: values.rule } : {}),
    ...(values.union ? { union: true } : {}),
    ...(values['appendix-e'] ? { appendixE: true } : {}),
    ...(values['grammar-only'] ? { grammarOnly: true } : {}),
  };
  explain('', options); // an unknown spec or rule is a usage error (exit 2) before any input is read
  const color = io.color && values.json !== true;

  let allValid = true;
  let first = true;
  const emit = async (input: string) => {
    const e = explain(input, options);
    if (!e.valid) allValid = false;
    if (values.json) {
      // validate --json's fields, in its order, with the tree after the verdict.
      const record = { input: e.input, spec: e.spec, rule: e.rule, valid: e.valid, tree: e.tree && withText(e.tree, input), level: e.level, warnings: e.warnings };
      await out.write(jsonLine(e.error ? { ...record, error: e.error } : record));
    } else {
      await out.write((first ? '' : '\n') + renderExplanation(e, color) + '\n');
    }
    first = false;
  };
  await forEachInput(positionals, io.stdin, out, emit);
  await out.end();
  return allValid ? EXIT_OK : EXIT_INVALID;
}

/** An input wider than this (in display columns) is not drawn in columns. */
const WIDE = 100;

/** One line of the readable tree: a rule (or a run of one rule), its depth and its span. */
interface Row {
  label: string;
  depth: number;
  start: number;
  end: number;
}

/**
 * The readable explanation: a heading with the verdict, the input, the tree with each rule's
 * text under the input's columns, and for an invalid input the error record with its caret.
 *
 * @example
 * ```ts
 * import { explain } from 'urispec';
 * import { renderExplanation } from './explain-command.js';
 * renderExplanation(explain('a:b', { rule: 'URI' }), false);
 * // ✓ a:b  valid rfc3986 URI
 * //                       a:b
 * // URI                   a:b
 * //   scheme              a
 * //   hier-part             b
 * // ...
 * ```
 */
export function renderExplanation(e: Explanation, color: boolean): string {
  const rows: Row[] = [];
  const walk = (n: DerivationNode, depth: number) => {
    rows.push({ label: n.rule, depth, start: n.start, end: n.end });
    for (let i = 0; i < n.children.length; i++) {
      const c = n.children[i]!;
      // A run of leaves of one rule, each right after the other: one line.
      let j = i;
      while (
        c.children.length === 0 &&
        j + 1 < n.children.length &&
        n.children[j + 1]!.rule === c.rule &&
        n.children[j + 1]!.children.length === 0 &&
        n.children[j + 1]!.start === n.children[j]!.end
      ) j++;
      if (j > i) {
        rows.push({ label: `${c.rule} ×${j - i + 1}`, depth: depth + 1, start: c.start, end: n.children[j]!.end });
        i = j;
      } else walk(c, depth + 1);
    }
  };
  if (e.tree) walk(e.tree, 0);

  // Display columns of each code unit's position: the input as typed, hidden characters
  // escaped, wide ones two columns (format.ts displayToken); a pair's low surrogate adds none.
  const column: number[] = [0];
  for (let i = 0; i < e.input.length; ) {
    const t = displayToken(e.input, i);
    for (let u = 1; u < t.units; u++) column.push(column[i]!);
    column.push(column[i]! + t.columns);
    i += t.units;
  }
  const shown = (start: number, end: number) => displayInput(e.input, start, end);
  // Not Math.max(...rows): a tree of 50,000 segments is more arguments than a call takes.
  const width = maxOf(rows.map((r) => r.depth * 2 + r.label.length), 0) + 2;
  const dim = (t: string) => (color ? `\u001b[2m${t}\u001b[22m` : t);
  // A valid record's lines as validate prints them: the heading (with RFC 6570's level), then
  // the warnings, which go after the tree.
  const [validHeading, ...warnings] = e.valid ? formatResult({ valid: true, input: e.input, spec: e.spec, rule: e.rule, level: e.level, warnings: e.warnings }, { color }).split('\n') : [];
  const heading = validHeading ?? `✗ ${e.input === '' ? '(empty)' : renderInput(e.input)}  ${dim(`invalid ${e.spec} ${e.rule}`)}`;
  const lines = [heading];
  if (rows.length > 0 && column[e.input.length]! > WIDE) {
    // Too wide to write under the input: each rule with its offsets and (a window of) its text.
    for (const r of rows) {
      const label = ('  '.repeat(r.depth) + r.label).padEnd(width);
      lines.push(`${label}${r.start}-${r.end}  ${r.end > r.start ? renderInput(e.input.slice(r.start, r.end)) : dim('(empty)')}`);
    }
  } else if (rows.length > 0) {
    lines.push(' '.repeat(width) + shown(0, e.input.length));
    for (const r of rows) {
      const label = ('  '.repeat(r.depth) + r.label).padEnd(width);
      const span = r.end > r.start ? shown(r.start, r.end) : dim('^ (empty)');
      lines.push((label + ' '.repeat(column[r.start]!) + span).trimEnd());
    }
  } else if (!e.valid) {
    lines.push(dim('  (no rule matched anything)'));
  }
  if (warnings.length > 0) lines.push('', ...warnings);
  // The error as validate prints it, with the profile's warnings; a profile's error follows the
  // whole tree, which the grammar derives (src/explain.ts).
  if (e.error) {
    lines.push('', formatResult({ valid: false, input: e.input, spec: e.spec, rule: e.rule, error: e.error, warnings: e.warnings }, { color }));
  }
  return lines.join('\n');
}
