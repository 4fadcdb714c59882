// docs/conformance.md from the report's data (docs/conformance.json): the same numbers, as
// tables a person reads.
import type { ConformanceReport, Verdicts } from './report.js';
import { jsonSchemaFormats } from './cases.js';
import { eraOf } from '../../src/registry.js';
import { sectionInEra } from '../../src/spec-label.js';

const CLASS_TEXT: Record<string, string> = {
  'backslash confusion': 'the input holds a `\\`, which no RFC allows outside a quoted form and which the WHATWG URL Standard reads as `/` in special schemes',
  'scheme mix-up': 'the parser answers otherwise once the scheme is swapped (a special scheme such as `http` for `x`, or back), while the RFC\'s generic syntax does not depend on the scheme (for a WHATWG parser, special schemes are its standard\'s rule: class WHATWG)',
  'scheme confusion': 'the text before the first `:` is not a valid scheme (empty, or starting with a digit, or holding other characters), or the parser refuses a valid one',
  'slashes confusion': 'the scheme is followed by three or more slashes, or urispec stops at a `/` where a path cannot have it (`//` starting a path without authority)',
  'URL-encoded data confusion': 'a `%` that does not begin two hex digits is accepted, or a valid reference is refused for its `%XX` triplets (the parser accepts it once they are written as plain letters)',
  'era mismatch': 'the parser\'s verdict is the verdict of another RFC than the one counted (the era is named): it follows another generation of the grammar (never said of a WHATWG parser, which claims no RFC)',
  WHATWG: 'a parser of the WHATWG URL Standard, whose disagreement follows that standard\'s rules (input clean-up, percent-encoding instead of failure, special schemes)',
};

function cell(v: Verdicts | undefined): string {
  if (!v) return '';
  return `${v.agree} / ${v.falseAccepts} / ${v.falseRejects} of ${v.total}`;
}

function pct(n: number, d: number): string {
  return d === 0 ? '' : `${((100 * n) / d).toFixed(1)} %`;
}

/** An input in a table: JSON-quoted so that every character is visible, `|` escaped. */
function code(s: string | null | undefined): string {
  if (s === null || s === undefined) return '(none)';
  const json = JSON.stringify(s).replace(/[\u0080-\u{10ffff}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  const text = json.replace(/\|/g, '\\|');
  // A backtick inside needs a longer fence (CommonMark code spans).
  return text.includes('`') ? '`` ' + text + ' ``' : '`' + text + '`';
}

function classDescription(cls: string): string {
  if (cls.startsWith('era mismatch')) return CLASS_TEXT['era mismatch']!;
  if (CLASS_TEXT[cls]) return CLASS_TEXT[cls]!;
  if (cls === 'accepts a relative reference') return 'a parser of absolute URIs accepts a relative reference (Go\'s ParseRequestURI takes an absolute path, HTTP\'s origin-form, by design)';
  if (cls === 'accepts an absolute URI with a fragment') return 'RFC 2396\'s `absoluteURI` has no fragment (its fragment belongs to `URI-reference`): a parser of absolute URIs with fragments is counted against `absoluteURI` there';
  if (cls.startsWith('accepts')) return 'accepted, though the grammar has no place for it (urispec names the rule that stops)';
  return 'a valid reference holding it, refused by the parser (urispec names the rule that derives it)';
}

/** The report's headlines, each computed from its numbers. */
function findings(r: ConformanceReport): string[] {
  const out: string[] = [];
  const era = 'rfc3986';
  const counted = r.parsers.filter((x) => x.verdicts[era]);
  const exact = counted.filter((x) => x.verdicts[era]!.agree === x.verdicts[era]!.total);
  if (exact.length > 0) {
    out.push(`${exact.map((x) => x.name).join(', ')} ${exact.length === 1 ? 'agrees' : 'agree'} with urispec on every one of the ${exact[0]!.verdicts[era]!.total} RFC 3986 vectors.`);
  }
  const all = counted.filter((x) => x.verdicts[era]!.falseAccepts > 0 && x.verdicts[era]!.falseAccepts === r.invalidVectors[`${era} ${x.rule}`]);
  if (all.length > 0) {
    out.push(`${all.map((x) => x.name).join(', ')} ${all.length === 1 ? 'accepts' : 'accept'} every RFC 3986 vector urispec finds invalid: a splitter, not a validator.`);
  }
  const ranked = counted.filter((x) => !x.follows).sort((a, b) => b.verdicts[era]!.agree - a.verdicts[era]!.agree);
  const best = ranked.slice(0, 3).map((x) => `${x.name} (${x.verdicts[era]!.agree})`).join(', ');
  if (best) out.push(`Closest to RFC 3986 among the parsers that do not follow WHATWG, by agreements of ${r.generated.vectors[era]!.count}: ${best}.`);
  for (const g of r.sameVerdicts.filter((g) => g.era === era)) {
    out.push(`${g.parsers.join(' and ')} give the same verdict on every ${era} vector.`);
  }
  const c = r.consensus[`${era} URI-reference`];
  if (c) {
    out.push(`Where the ${c.parsers.length} parsers of \`URI-reference\` have a majority, it says what urispec says on ${c.agreeWithUrispec} of ${c.decided} vectors (${pct(c.agreeWithUrispec, c.decided)}): most of them accept what the grammar refuses.`);
  }
  const classes = new Map<string, number>();
  for (const x of counted) for (const k of x.classes[era] ?? []) classes.set(k.class.replace(/ \(.*\)$/, ''), (classes.get(k.class.replace(/ \(.*\)$/, '')) ?? 0) + 1);
  const confusion = ['backslash confusion', 'scheme confusion', 'slashes confusion', 'URL-encoded data confusion', 'scheme mix-up'].map((k) => `${k} (${classes.get(k) ?? 0})`);
  out.push(`Parsers with at least one disagreement of each class of the URL parsing confusion study, in RFC 3986: ${confusion.join(', ')}; era mismatch: ${classes.get('era mismatch') ?? 0}.`);
  return out;
}

export function renderMarkdown(r: ConformanceReport): string {
  const lines: string[] = [];
  const p = (s = '') => lines.push(s);
  const languages = new Set(r.parsers.map((x) => x.language));
  const v3986 = r.generated.vectors.rfc3986!;
  p('# Conformance: URI parsers rated by urispec');
  p();
  p(`<!-- Generated by \`npm run conformance\` (scripts/conformance/run.ts) from docs/conformance.json: do not edit by hand. -->`);
  p();
  p(`${r.parsers.length} parsers in ${languages.size} languages (${[...languages].join(', ')}), each run through its adapter in`);
  p('`examples/adapters/` on the curated vectors of [vectors/](../vectors/README.md), with urispec as the oracle:');
  p(`${v3986.count} RFC 3986 vectors (\`${v3986.rule}\` records of \`${v3986.file}\`) for every parser, and RFC 2396's`);
  p('for the parsers that say they implement RFC 2396. The machine-readable report is');
  p('[conformance.json](conformance.json); the cases are published in [vectors/conformance/](../vectors/conformance/README.md).');
  p();
  p('To regenerate it on a fresh machine (Debian 12, root for apt-get; Node 20 and `npm ci` done):');
  p();
  p('```sh');
  p('npm run conformance -- --setup');
  p('```');
  p();
  p('`--setup` first runs `scripts/conformance/setup.sh`, which installs the runtimes and parsers from');
  p('Debian\'s packages (apt-get, when root) and builds the compiled');
  p('adapters (C, Go, Java, Rust) into `build/conformance/`; the runner skips, and lists below, any');
  p('adapter whose runtime is missing.');
  p();
  p('## Findings');
  p();
  p('Read off the tables below (each sentence is computed from docs/conformance.json):');
  p();
  for (const line of findings(r)) p(`- ${line}`);
  p();
  p('## How to read it');
  p();
  p('- A **false accept**: the parser accepts a string the spec\'s grammar does not derive. A **false');
  p('  reject**: it refuses one the grammar derives. Cells read *agreements / false accepts / false rejects of vectors*.');
  p('- **Start rule**: a parser is counted against the rule matching what it parses: `URI-reference` when it');
  p('  takes relative references, `URI` (absolute, with a fragment) when it parses absolute URIs only.');
  p('  In RFC 2396 those are `URI-reference` and `absoluteURI`, which has no fragment.');
  p('- **Claims** is what the parser\'s own documentation says it implements. A parser that claims');
  p('  nothing, or another standard, is not wrong for disagreeing: it is measured, not judged.');
  p('- **Parsers of the WHATWG URL Standard** (marked *WHATWG*) follow another specification, written');
  p('  for browsers: it cleans its input up, percent-encodes instead of failing, and gives special schemes');
  p('  their own rules. Their numbers say how far that standard is from RFC 3986, not that they are wrong.');
  p('- **Consensus**: on each input, what most parsers of the same start rule say (inputs where they');
  p('  split evenly are left out); the column says how often the parser says it.');
  p();
  p('## The parsers');
  p();
  p('| parser | language | version | claims | start rule | rfc3986 | rfc2396 | with consensus (rfc3986) | adapter |');
  p('|---|---|---|---|---|---|---|---|---|');
  for (const x of r.parsers) {
    const c = x.consensus?.rfc3986;
    p(`| ${x.name}${x.follows ? ' *(WHATWG)*' : ''} | ${x.language} | ${x.version} | ${x.claims} | \`${x.rule}\` | ${cell(x.verdicts.rfc3986)} | ${cell(x.verdicts.rfc2396)} | ${c ? `${c.agree} of ${c.decided} (${pct(c.agree, c.decided)})` : ''} | [${x.adapter.split('/').pop()}](../${x.adapter}) |`);
  }
  p();
  p('What each adapter counts as accepting, and how it is run from the repository\'s root:');
  p();
  p('| parser | valid when | command |');
  p('|---|---|---|');
  for (const x of r.parsers) p(`| ${x.name} | ${x.validWhen.replace(/\|/g, '\\|')} | \`${x.command}\` |`);
  p();
  p('Consensus against urispec: on each input with a majority, whether the majority says what urispec says.');
  p();
  p('| era and start rule | parsers | inputs | with a majority | majority = urispec |');
  p('|---|---|---|---|---|');
  for (const [key, c] of Object.entries(r.consensus)) {
    p(`| ${key} | ${c.parsers.length} | ${c.inputs} | ${c.decided} | ${c.agreeWithUrispec} (${pct(c.agreeWithUrispec, c.decided)}) |`);
  }
  p();
  if (r.skipped.length > 0) {
    p('Skipped on the machine that generated this report (their runtime was missing):');
    p();
    for (const s of r.skipped) p(`- ${s.name} (\`${s.adapter}\`): ${s.reason}`);
    p();
  }
  p('## Classes of disagreement');
  p();
  p('Every disagreement is put in the first class that fits, in this order. The first five are the');
  p('classes of the 2022 study of URL parsing confusion (Claroty and Snyk, "Exploiting URL Parsing');
  p('Confusion"); "era mismatch" and "WHATWG" name a parser following another spec; the rest are');
  p('named by what urispec says: the kind of character accepted, or the part of a valid reference refused.');
  p();
  for (const [cls, text] of Object.entries(CLASS_TEXT)) p(`- **${cls}**: ${text}.`);
  p();
  p('Each class of each parser has one **minimal example**: its shortest input, shrunk by deleting');
  p('characters (one at a time and in runs) while the parser still disagrees the same way and in the');
  p('same class. The rule and section are urispec\'s: for a false accept, the rule where it stops; for a');
  p('false reject, the rule that derives the part refused. Inputs are shown as JSON strings.');
  for (const era of Object.keys(r.generated.vectors)) {
    const rows = r.parsers.flatMap((x) => (x.classes[era] ?? []).map((c) => ({ x, c })));
    if (rows.length === 0) continue;
    p();
    p(`### ${era}`);
    p();
    // An era-mismatch row names the eras a parser's verdict matches (docs' era lists: test/era-lists.test.ts).
    p('<!-- eras: not a list (the eras an era mismatch names) -->');
    p('| parser | class | false accepts | false rejects | minimal example | urispec: rule (section) | parser says |');
    p('|---|---|---|---|---|---|---|');
    for (const { x, c } of rows) {
      const e = c.example;
      const says = e.disagreement === 'false-accept' ? 'accepts' : `rejects${e.parserError ? ': ' + e.parserError.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 80) : ''}`;
      p(`| ${x.name} | ${c.class.replace(/\|/g, '\\|')} | ${c.falseAccepts} | ${c.falseRejects} | ${code(e.input)} | \`${e.rule}\` (${sectionInEra(eraOf(era), e.section)}) | ${says} |`);
    }
  }
  p();
  p('Class meanings beyond the named ones:');
  p();
  const residual = new Set(r.parsers.flatMap((x) => Object.values(x.classes).flat().map((c) => c.class)).filter((c) => c.startsWith('accepts') || c.startsWith('rejects')));
  for (const c of [...residual].sort()) p(`- **${c}**: ${classDescription(c)}.`);
  p();
  p('## The minimal examples, asked of every parser');
  p();
  p('Every minimal example above, given to every parser: urispec\'s verdict for both start rules, and');
  p('how many parsers accept it. A parser is listed when it accepts.');
  p();
  p('| era | input | urispec | accepted by | parsers that accept |');
  p('|---|---|---|---|---|');
  for (const e of r.examples) {
    const u = Object.entries(e.urispec).map(([rule, ok]) => `${rule}: ${ok ? '✓' : '✗'}`).join(', ');
    p(`| ${e.era} | ${code(e.input)} | ${u} | ${e.acceptedBy.length} of ${e.parsers} | ${e.acceptedBy.join(', ')} |`);
  }
  p();
  p('## Components');
  p();
  p('On the valid RFC 3986 vectors that both urispec and the parser accept, each component the parser');
  p('reports against urispec\'s (`urispec parse`, RFC 3986 §3): scheme and host compared without case,');
  p('a host without its brackets, and an absent component the same as an empty one (most APIs cannot');
  p('tell them apart). A component the adapter does not report is left out. Parsers that normalize');
  p('(WHATWG: lowercasing, percent-encoding, dropping a default port) differ by design.');
  p();
  p('| parser | inputs | all agree | ' + ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'].join(' | ') + ' |');
  p('|---|---|---|---|---|---|---|---|---|---|');
  for (const x of r.parsers.filter((x) => x.components)) {
    const c = x.components!;
    const cols = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'].map((n) => {
      const b = c.byComponent[n];
      return b ? `${b.agree}/${b.compared}` : '';
    });
    p(`| ${x.name} | ${c.compared} | ${c.agreeAll} (${pct(c.agreeAll, c.compared)}) | ${cols.join(' | ')} |`);
  }
  p();
  p('One difference of each component, shortest input first:');
  p();
  p('| parser | component | input | urispec | parser |');
  p('|---|---|---|---|---|');
  for (const x of r.parsers.filter((x) => x.components)) {
    for (const [n, b] of Object.entries(x.components!.byComponent)) {
      if (b.example) p(`| ${x.name} | ${n} | ${code(b.example.input)} | ${code(b.example.urispec)} | ${code(b.example.parser === null ? null : String(b.example.parser))} |`);
    }
  }
  p();
  p('## Resolution');
  p();
  p(`Each parser with a resolution API resolves RFC 3986 §5.4's examples (base \`http://a/b/c/d;p?q\`,`);
  p(`the rows of test/resolution/rfc3986.json) and generated pairs (valid references from the vectors`);
  p(`against the bases ${r.generated.resolutionBases.map((b) => '`' + b + '`').join(', ')}), compared with`);
  p('`urispec resolve` (RFC 3986 §5.2): the same string, or a string equivalent to it by RFC 3986');
  p('§6.2.2 (`urispec normalize`: case, percent-encoding, dot segments; many parsers lowercase the');
  p('scheme or the hex digits of a triplet), or another target, or none (refused).');
  p();
  p('| parser | §5.4 examples: same | all pairs: same | equivalent (§6.2.2) | other target | refused |');
  p('|---|---|---|---|---|---|');
  const resolving = r.parsers.filter((x) => x.resolution);
  for (const x of resolving) {
    const s = x.resolution!;
    p(`| ${x.name} | ${s.rfc3986Examples.agree} of ${s.rfc3986Examples.total} | ${s.agree} of ${s.total} | ${s.equivalent} | ${s.differ} | ${s.refused} |`);
  }
  p();
  p('Examples where they part ways (not equivalent):');
  p();
  p('| parser | base | reference | RFC 3986 §5.2 (urispec) | parser |');
  p('|---|---|---|---|---|');
  for (const x of resolving) {
    for (const e of x.resolution!.examples) {
      p(`| ${x.name} | \`${e.base}\` | ${code(e.ref)} | ${code(e.expected)} | ${e.got === null ? 'refused' + (e.parserError ? ': ' + e.parserError.replace(/\|/g, '\\|').slice(0, 60) : '') : code(e.got)} |`);
    }
  }
  p();
  p('## Published cases');
  p();
  p('<!-- eras: not a list -->');
  p('[vectors/conformance/](../vectors/conformance/README.md) holds, for any harness: one list of cases');
  p(`an era (${Object.keys(r.generated.vectors).map((e) => '`' + e + '.json`').join(', ')}), valid ones and invalid ones with`);
  p('exactly one fault each (a valid case with one edit), each tagged with the rule and section urispec');
  p(`reports; and the JSON Schema Test Suite's shape for the formats ${jsonSchemaFormats().map((f) => '`' + f.format + '`').join(', ')}`);
  p(jsonSchemaFormats().some((f) => f.format === 'iri')
    ? '(`iri` and `iri-reference` from the rfc3987 era).'
    : '(`iri` and `iri-reference` are written once urispec has the rfc3987 era, which it does not have yet).');
  p();
  p('## The adapter protocol');
  p();
  p('An adapter is a program that reads one JSON string a line on standard input and answers one line');
  p('an input on standard output, at once (flushed): `true`, `false`, or');
  p('`{"valid": true|false, "components"?: {...}, "error"?: "..."}` ([docs/differential.md](differential.md#the-protocol)).');
  p('The adapters of this report also have a **resolution mode**: run as `ADAPTER resolve BASE`, each input');
  p('is a reference, answered `{"valid": true, "components": {"target": "..."}}` with the parser\'s');
  p('resolution against BASE, or `{"valid": false, "error": "..."}`. Components use RFC 3986\'s names');
  p('(`scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`) where the adapter can give them.');
  p('To add a parser: write its adapter, add it to `scripts/conformance/parsers.ts` (its command, version,');
  p('claim and start rule), its runtime to `scripts/conformance/setup.sh`, and rerun.');
  p();
  return lines.join('\n');
}
