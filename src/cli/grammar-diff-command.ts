/**
 * `urispec grammar-diff A B [--json]`
 *
 * What changed between two eras: rules only in one grammar, rules of the same name whose
 * definition changed (both as printed, side by side), and witnesses: short strings that one
 * era's default start rule accepts and the other's rejects, each confirmed by both parsers,
 * with the failing rule in the era that rejects it. Exit status 0, 2 for a usage error.
 */
import { grammarDiff, specs, type GrammarDiff } from '../index.js';
import { escapeInput, sectionLabel } from '../format.js';
import { eraOf } from '../registry.js';
import { sectionInEra } from '../spec-label.js';
import { CommandLineError, parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_OK, type CliIO } from './io.js';
import { stdoutOf } from './output.js';
import { table } from './table.js';

/**
 * The options of `urispec grammar-diff`, from which its parser and help are made.
 *
 * @example
 * ```ts
 * import { parseCommandArgs } from './args.js';
 * import { grammarDiffOptions } from './grammar-diff-command.js';
 * parseCommandArgs('urispec grammar-diff', ['--json', 'rfc1808', 'rfc3986'], grammarDiffOptions).positionals;
 * // ['rfc1808', 'rfc3986']
 * ```
 */
export const grammarDiffOptions: OptionSpecs = {
  json: {
    type: 'boolean',
    description: 'one JSON object: {"a","b","onlyIn":{A:[...],B:[...]},"changed":[{"rule",A,B}],"witnesses":[{"input","valid":{A,B},"error"}]}',
  },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

/**
 * The text of `urispec grammar-diff --help`.
 *
 * @example
 * ```ts
 * import { grammarDiffHelp } from './grammar-diff-command.js';
 * grammarDiffHelp.startsWith('Usage: urispec grammar-diff A B'); // true
 * ```
 */
export const grammarDiffHelp = commandHelp({
  synopsis: 'urispec grammar-diff A B [--json]',
  summary: 'What changed between two eras A and B (spec ids): rule by rule, and strings that show it.',
  options: grammarDiffOptions,
  details: [
    'Rules only in A, only in B, and rules of the same name whose definition changed (notation',
    'and layout aside), with both definitions as printed.',
    '',
    "Witnesses: short strings valid under one era's default start rule and invalid under the",
    "other's, found by a deterministic search over the two grammars and confirmed by both parsers;",
    'one for each difference found, shortest first, with the rejecting era\'s failing rule.',
    '',
    'Exit status: 0, or 2 for a usage error (an unknown spec id).',
  ],
});

/**
 * Runs `urispec grammar-diff` with `args` (after the command name); resolves to the exit status.
 *
 * @example
 * ```ts
 * import { grammarDiffCommand } from './grammar-diff-command.js';
 * import { PassThrough } from 'node:stream';
 * const io = { stdin: (async function* () {})(), stdout: new PassThrough(), stderr: new PassThrough(), color: false };
 * await grammarDiffCommand(['rfc1808', 'rfc3986'], io); // 0; the readable report on io.stdout
 * ```
 */
export async function grammarDiffCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec grammar-diff', args, grammarDiffOptions, null);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(grammarDiffHelp);
    await out.end();
    return EXIT_OK;
  }
  if (positionals.length !== 2) {
    throw new CommandLineError(`grammar-diff takes two spec ids (A B), got ${positionals.length}; specs: ${specs().map((s) => s.id).join(', ')}`);
  }
  const [a, b] = positionals as [string, string];
  const diff = grammarDiff(a, b);
  await out.write((values.json ? JSON.stringify(diff) : renderGrammarDiff(diff, io.color)) + '\n');
  await out.end();
  return EXIT_OK;
}

/**
 * The readable report: the rule lists, the changed rules side by side, the witnesses.
 *
 * @example
 * ```ts
 * import { grammarDiff } from 'urispec';
 * import { renderGrammarDiff } from './grammar-diff-command.js';
 * renderGrammarDiff(grammarDiff('rfc1808', 'rfc2396-draft'), false);
 * // grammar-diff rfc1808 (1995-06, start rule URL) → rfc2396-draft (1996-11, start rule URL-reference)
 * // ...
 * // Witnesses (2), shortest first:
 * //   input   rfc1808  rfc2396-draft  why the other era rejects it
 * //   "~"     ✗        ✓              rfc1808: offset 0 in URL (§2.2), found "~"
 * // ...
 * ```
 */
export function renderGrammarDiff(d: GrammarDiff, color: boolean): string {
  const info = new Map(specs().map((s) => [s.id, s]));
  const bold = (t: string) => (color ? `\u001b[1m${t}\u001b[22m` : t);
  const about = (id: string) => {
    const s = info.get(id)!;
    return `${id} (${s.date}, start rule ${s.defaultRule})`;
  };
  const lines = [`${bold('grammar-diff')} ${about(d.a)} → ${about(d.b)}`];

  for (const id of [d.a, d.b]) {
    const names = d.onlyIn[id] ?? [];
    lines.push('', bold(`Rules only in ${id} (${names.length}):`), ...wrap(names.join(', '), 92).map((l) => `  ${l}`));
  }

  lines.push('', bold(`Rules in both whose definition changed (${d.changed.length}):`));
  const section = (id: string, rule: string) => info.get(id)!.rules.find((r) => r.name === rule)?.section ?? '';
  for (const c of d.changed) {
    const left = (c[d.a] ?? '').split('\n');
    const right = (c[d.b] ?? '').split('\n');
    const width = Math.max(d.a.length, ...left.map((l) => l.length)) + 4;
    lines.push('', `  ${bold(c.rule)}  ${sectionLabel(d.a, section(d.a, c.rule))} → ${sectionLabel(d.b, section(d.b, c.rule))}`);
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      lines.push(`    ${(left[i] ?? '').padEnd(width)}${right[i] ?? ''}`.trimEnd());
    }
  }

  lines.push('', bold(`Witnesses (${d.witnesses.length}), shortest first:`));
  if (d.witnesses.length > 0) {
    const rows = d.witnesses.map((w) => {
      const rejecting = w.valid[d.a] ? d.b : d.a;
      const e = w.error;
      const found = e.found === null ? 'end of input' : `"${escapeInput(e.found)}"`;
      return [
        `"${escapeInput(w.input)}"`,
        w.valid[d.a] ? '✓' : '✗',
        w.valid[d.b] ? '✓' : '✗',
        `${rejecting}: offset ${e.offset} in ${e.rule} (${sectionInEra(eraOf(rejecting), e.section)}), found ${found}`,
      ];
    });
    lines.push(...table(['input', d.a, d.b, 'why the other era rejects it'], rows, color).split('\n').map((l) => `  ${l}`));
  } else {
    lines.push(d.a === d.b ? '  (the same era)' : '  (none found: the search found no string the two eras disagree on)');
  }
  return lines.join('\n');
}

/** Words of `text` in lines of at most `width` columns (a longer word gets a line alone). */
function wrap(text: string, width: number): string[] {
  if (text === '') return ['(none)'];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}
