/**
 * examples/dask/validate.py on a real Dask LocalCluster of 2 worker processes (issue 18): 20,000
 * lines, valid, invalid and bad rows mixed, give one record per line, in input order, byte for
 * byte what the single-process CLI writes, with its invalid count; and a worker killed
 * mid-partition (SIGKILL, by the task itself, once) costs no row and duplicates none. Runs
 * when Debian's python3-distributed is importable by /usr/bin/python3 (.ci/run installs it as
 * root) and says in its name that it skipped otherwise. Its summary's "invalid" is the CLI's
 * count of invalid records, also for lines under --spec auto (in the --json-input run), whose
 * records repeat "valid" in their "verdicts", and however the pipe cuts the records (tested
 * with tiny reads, without Dask).
 * Last, the claim of docs/scale.md's Spark section: JSON Lines written with Python's
 * surrogateescape get the records of the raw bytes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DaskSummary, parseSummary } from '../examples/dask/summary.js';
import { binary, repoRoot, runInMemory } from './cli/cli-harness.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = join(repoRoot, 'examples/dask/validate.py');
const LINES = 20_000;
/** Small partitions, so that 20,000 lines make about a dozen of them and order is at stake. */
const PARTITION_BYTES = 128 * 1024;

const probe = spawnSync(PYTHON, ['-c', 'import distributed'], { encoding: 'utf8' });
const hasDask = probe.status === 0;
const why = probe.error ? `${PYTHON} is missing` : (probe.stderr.trim().split('\n').pop() ?? 'import failed');

/**
 * Plain lines by kind, each with its verdict as RFC 3986 `URI-reference` (§4.1) reads it, so the
 * invalid count is checked against the grammar's text, not only against the CLI's own output.
 * Every kind but the empty line ends with its line number, so record n can be matched to line n.
 */
const PLAIN_KINDS: Array<{ kind: string; valid: boolean; line: (i: number) => Buffer; source: string }> = [
  { kind: 'http URI', valid: true, line: (i) => Buffer.from(`http://h${i % 13}.example/p?q#f${i}`), source: 'RFC 3986 §3' },
  { kind: 'space in host', valid: false, line: (i) => Buffer.from(`http://exa mple.com/${i}`), source: 'RFC 3986 §3.2.2 reg-name' },
  { kind: 'invalid UTF-8', valid: false, line: (i) => Buffer.concat([Buffer.from('http://a/'), Buffer.from([0xff, 0xfe]), Buffer.from(`${i}`)]), source: 'RFC 3986 §2: ASCII only' },
  { kind: 'NUL', valid: false, line: (i) => Buffer.from(`http://a/\0b${i}`), source: 'RFC 3986 §2: no controls' },
  { kind: 'empty line', valid: true, line: () => Buffer.alloc(0), source: 'RFC 3986 §4.2: relative-ref with path-empty' },
  { kind: 'CRLF ending', valid: true, line: (i) => Buffer.from(`http://a/crlf${i}\r`), source: 'contract: the CR belongs to the line ending' },
  { kind: 'non-ASCII host', valid: false, line: (i) => Buffer.from(`http://例え.jp/${i}`), source: 'RFC 3986 §3.2.2 reg-name' },
  { kind: 'BOM inside the file', valid: false, line: (i) => Buffer.from(`\u{feff}http://bom/${i}`), source: 'RFC 3986 §3.1 scheme: U+FEFF is not ALPHA' },
  { kind: 'percent sign without HEXDIG', valid: false, line: (i) => Buffer.from(`http://a/%g${i}`), source: 'RFC 3986 §2.1 pct-encoded' },
];
/** Line i's kind: mostly valid URIs, every kind at least a few hundred times. */
function plainKind(i: number): (typeof PLAIN_KINDS)[number] {
  const r = i % 40;
  return PLAIN_KINDS[r < PLAIN_KINDS.length - 1 ? r + 1 : 0]!;
}
const MEGA_LINE = 777;
const megaLine = (): Buffer => Buffer.from(`http://a/${'x'.repeat(1 << 20)}${MEGA_LINE}`); // valid: path of unreserved

/**
 * The plain file: LINES lines, one of them a megabyte long, the last without its LF, and at
 * every partition start a line beginning with a byte order mark, which the CLI drops only at
 * the very start of its input: the script must not let it drop one at a partition start.
 */
function plainFile(): { bytes: Buffer; expectedInvalid: number } {
  const parts: Buffer[] = [];
  let position = 0;
  let boundary = PARTITION_BYTES;
  let expectedInvalid = 0;
  for (let i = 0; i < LINES; i++) {
    let kind = plainKind(i);
    let line = i === MEGA_LINE ? megaLine() : kind.line(i);
    while (boundary <= position) boundary += PARTITION_BYTES;
    if (i !== MEGA_LINE && position + line.length + 1 > boundary - 40) {
      // Pad this line so that the next one starts exactly at the partition boundary, with a BOM.
      const pad = boundary - position - 1 - `http://pad/${i}`.length;
      line = Buffer.from(`http://pad/${'p'.repeat(Math.max(0, pad))}${i}`);
      kind = PLAIN_KINDS[0]!;
      if (position + line.length + 1 === boundary && i + 1 < LINES && i + 1 !== MEGA_LINE) {
        parts.push(line, Buffer.from('\n'));
        position += line.length + 1;
        i++;
        kind = PLAIN_KINDS.find((k) => k.kind === 'BOM inside the file')!;
        line = kind.line(i);
      }
    }
    if (i === MEGA_LINE + 1) {
      // The partition after the megabyte line starts here, mid-range: a BOM line too.
      kind = PLAIN_KINDS.find((k) => k.kind === 'BOM inside the file')!;
      line = kind.line(i);
    }
    if (i !== MEGA_LINE && !kind.valid) expectedInvalid++;
    parts.push(line, Buffer.from('\n'));
    position += line.length + 1;
  }
  parts.pop(); // the last line without its LF, which the CLI reads all the same
  return { bytes: Buffer.concat(parts), expectedInvalid };
}

/**
 * JSON Lines: strings, objects naming their own spec, unreadable lines (cut JSON, an empty line,
 * a raw NUL inside a string, an unknown spec), raw invalid UTF-8 inside a string, CRLF, and a
 * megabyte-long string. Each readable line's input ends with its line number.
 */
function jsonLine(i: number): Buffer {
  if (i === MEGA_LINE) return Buffer.from(JSON.stringify(`http://a/${'y'.repeat(1 << 20)}${i}`));
  switch (i % 30) {
    case 1: return Buffer.from(`{"input": "http://a/${i}"`); // not JSON: cut short
    case 2: return Buffer.alloc(0); // not JSON: empty
    case 3: return Buffer.from(`"http://a/\0${i}"`); // not JSON: a raw control character in a string
    case 4: return Buffer.from(JSON.stringify({ input: `http://a/${i}`, spec: 'rfc9999' })); // unknown spec
    case 5: return Buffer.from(JSON.stringify({ input: `http://a/;x${i}`, spec: 'rfc1808' }));
    case 6: return Buffer.concat([Buffer.from('"http://a/'), Buffer.from([0xc3, 0x28]), Buffer.from(`${i}"`)]);
    case 7: return Buffer.from(`${JSON.stringify(`http://a/b ${i}`)}\r`);
    case 8: return Buffer.from(JSON.stringify(`http://a/\n${i}`));
    // --spec auto on a line: its record repeats "valid" in its "verdicts" (RFC 3986's true, RFC
    // 9110's false), which the summary's "invalid" must count once (docs/scale.md).
    case 9: return Buffer.from(JSON.stringify({ input: `http://:80/${i}`, spec: 'auto' }));
    default: return Buffer.from(JSON.stringify(`http://h${i % 13}.example/${i}?q#f`));
  }
}

/**
 * The single-process CLI over the same bytes: the reference. In memory (`run`, the code the
 * binary runs with one job; its output is UTF-8 text, so its bytes are those of its string),
 * which saves a cold start of the binary per reference: the binary itself runs here as the
 * workers' CLI (`--cli`), and over pipes in test/cli/bin.test.ts.
 */
async function reference(input: Buffer, args: string[]): Promise<{ stdout: Buffer; status: number | null }> {
  const run = await runInMemory(['validate', '--json', ...args], input);
  return { stdout: Buffer.from(run.stdout, 'utf8'), status: run.status };
}

function runScript(dir: string, args: string[]): { summary: DaskSummary; status: number | null; stderr: string } {
  const run = spawnSync(
    PYTHON,
    [SCRIPT, '--workers', '2', '--threads-per-worker', '1', '--partition-bytes', String(PARTITION_BYTES),
      '--cli', `${process.execPath} ${binary}`, ...args],
    { cwd: dir, encoding: 'utf8', timeout: 110_000 },
  );
  expect(run.stdout.trim().split('\n').length, `stdout: ${run.stdout}\nstderr: ${run.stderr}`).toBe(1);
  return { summary: parseSummary(run.stdout), status: run.status, stderr: run.stderr };
}

function invalidCount(stdout: Buffer): number {
  return stdout.toString('utf8').split('\n').filter((l) => l !== '' && (JSON.parse(l) as { valid: boolean }).valid === false).length;
}

const dir = mkdtempSync(join(tmpdir(), 'urispec-dask-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/dask/validate.py on a LocalCluster of 2 workers', () => {
  const skipped = `SKIPPED: ${PYTHON} cannot import distributed (${why}); apt-get install python3-distributed`;

  it.skipIf(!hasDask)(hasDask ? `${LINES} plain lines with bad rows: every row, in order, as the single-process CLI` : skipped, async () => {
    const { bytes, expectedInvalid } = plainFile();
    writeFileSync(join(dir, 'plain.txt'), bytes);
    const ref = await reference(bytes, []);
    const { summary, status } = runScript(dir, ['plain.txt', 'plain.jsonl']);
    const out = readFileSync(join(dir, 'plain.jsonl'));

    expect(summary.rows_in).toBe(LINES);
    expect(summary.rows_out).toBe(LINES);
    expect(summary.workers).toBe(2);
    const records = out.toString('utf8').split('\n');
    expect(records.pop()).toBe('');
    expect(records.length).toBe(LINES);
    // Input order, read off the records: line n's input ends with n (the empty line is empty).
    const misplaced = records.findIndex((r, n) => {
      const input = (JSON.parse(r) as { input: string }).input;
      return input === '' ? plainKind(n).kind !== 'empty line' : !input.endsWith(String(n));
    });
    expect(misplaced).toBe(-1);
    // Byte order marks at partition starts stayed part of their rows.
    expect(records.filter((r) => r.startsWith('{"input":"\u{feff}http://bom/')).length).toBeGreaterThan(5);
    expect(out.equals(ref.stdout)).toBe(true);
    expect(summary.invalid).toBe(expectedInvalid);
    expect(summary.invalid).toBe(invalidCount(ref.stdout));
    expect([status, ref.status]).toEqual([1, 1]);
  }, 120_000);

  it.skipIf(!hasDask)(hasDask ? `--json-input, a worker killed mid-partition: no row lost or duplicated` : skipped, async () => {
    const lines = Array.from({ length: LINES }, (_, i) => jsonLine(i));
    const bytes = Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));
    writeFileSync(join(dir, 'uris.jsonl'), bytes);
    const ref = await reference(bytes, ['--json-input']);
    const marker = join(dir, 'killed');
    const { summary, status } = runScript(dir, ['--json-input', '--kill-worker-once', marker, '--parts-dir', 'parts', 'uris.jsonl', 'verdicts.jsonl']);

    // The worker really died: its pid is gone, and the attempt it was making left a partial part.
    const killed = JSON.parse(readFileSync(marker, 'utf8')) as { pid: number; partition: number };
    expect(() => process.kill(killed.pid, 0)).toThrow(/ESRCH/);
    const name = `part-${String(killed.partition).padStart(6, '0')}.jsonl`;
    const stale = readdirSync(join(dir, 'parts')).filter((f) => f.startsWith(`${name}.`) && f.endsWith('.tmp'));
    expect(stale.length).toBe(1);
    const partial = readFileSync(join(dir, 'parts', stale[0]!));
    const whole = readFileSync(join(dir, 'parts', name));
    expect(partial.length).toBeLessThan(whole.length);
    expect(whole.subarray(0, partial.length).equals(partial)).toBe(true);

    const out = readFileSync(join(dir, 'verdicts.jsonl'));
    expect(summary.rows_in).toBe(LINES);
    expect(summary.rows_out).toBe(LINES);
    expect(out.toString('utf8').split('\n').length).toBe(LINES + 1);
    expect(out.equals(ref.stdout)).toBe(true);
    expect(summary.invalid).toBe(invalidCount(ref.stdout));
    expect(status).toBe(1);
    expect(existsSync(join(dir, 'verdicts.jsonl'))).toBe(true);
  }, 120_000);

  // docs/scale.md: 3 when the run failed, with a message; here the parts directory, made beside
  // OUT, cannot be (mkdtemp raised a traceback, status 1, which means "some row invalid").
  it.skipIf(!hasDask)(hasDask ? 'OUT in a missing directory, or a directory: exit 3 with a message, no traceback, nothing left' : skipped, () => {
    writeFileSync(join(dir, 'one.txt'), 'http://a/\n');
    const run = spawnSync(PYTHON, [SCRIPT, '--workers', '1', '--cli', `${process.execPath} ${binary}`, 'one.txt', join(dir, 'missing', 'out.jsonl')],
      { cwd: dir, encoding: 'utf8', timeout: 110_000 });
    expect(run.stderr).not.toContain('Traceback');
    expect(run.stderr).toMatch(/^validate\.py: the run failed: cannot make the parts directory beside OUT .*missing.*No such file or directory/m);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(3);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
    // OUT a directory: found before the cluster starts (it was found only when the records were
    // written, after every partition had run).
    mkdirSync(join(dir, 'out-dir'));
    const late = spawnSync(PYTHON, [SCRIPT, '--workers', '1', '--cli', `${process.execPath} ${binary}`, 'one.txt', 'out-dir'],
      { cwd: dir, encoding: 'utf8', timeout: 110_000 });
    expect(late.stderr).not.toContain('Traceback');
    expect(late.stderr).toMatch(/^validate\.py: the run failed: OUT out-dir is a directory/m);
    expect(late.status).toBe(3);
    expect(readdirSync(dir).filter((f) => f.startsWith('out-dir.') || f.startsWith('.validate-parts-'))).toEqual([]);
  }, 120_000);
});

/**
 * JSON Lines under --spec auto: strings (checked by the command's auto), lines naming auto or
 * another spec, valid and invalid for RFC 3986 or the scheme's profile, unreadable lines, and a
 * long line. An auto record holds a "valid" in each of its verdicts besides its own.
 */
function autoLine(i: number): Buffer {
  if (i === MEGA_LINE) return Buffer.from(JSON.stringify({ input: `http://a/${'z'.repeat(1 << 16)}${i}`, spec: 'auto' }));
  switch (i % 12) {
    case 1: return Buffer.from(JSON.stringify(`http://exa mple.com/${i}`)); // invalid in RFC 3986
    case 2: return Buffer.from(JSON.stringify(`http:///x${i}`)); // RFC 3986 holds, RFC 9110 §4.2.1 does not
    case 3: return Buffer.from(JSON.stringify({ input: `http://u@a/${i}`, spec: 'auto' })); // valid, with a warning
    case 4: return Buffer.from(JSON.stringify({ input: `http://a b/${i}`, spec: 'rfc3986' }));
    case 5: return Buffer.from(JSON.stringify({ input: `mailto:a@b?x=${i}`, spec: 'AUTO' }));
    case 6: return Buffer.from(`{"input": "http://a/${i}"`); // not JSON: an inputError record
    case 7: return Buffer.from(JSON.stringify({ input: `urn:x:${i}`, spec: 'auto' })); // RFC 8141: NID too short
    default: return Buffer.from(JSON.stringify(`http://h${i % 13}.example/${i}`));
  }
}

/** The records' invalid count as examples/dask/validate.py counts them, the CLI's output read through `pieces`. */
const COUNT_IN_PIECES = `
import json, random, sys
sys.path.insert(0, sys.argv[1])
import validate
data = open(sys.argv[2], 'rb').read()
records = data.count(b'\\n')
class Pipe:
    def __init__(self, sizes):
        self.position, self.sizes = 0, sizes
    def read(self, n):
        size = min(n, next(self.sizes))
        piece = data[self.position:self.position + size]
        self.position += size
        return piece
class Popen:
    def __init__(self, sizes):
        self.stdout = Pipe(sizes)
    def poll(self):
        return None
def cycle(sizes):
    while True:
        yield from sizes
def shuffled(seed):
    r = random.Random(seed)
    while True:
        yield r.choice([1, 1, 2, 3, 5, 7, 8, 9, 64, 700, 1 << 20])
counts = {}
for name, sizes in [('whole', cycle([1 << 30])), ('1 byte', cycle([1])), ('56, 2, 2, 21 (carry.py)', cycle([56, 2, 2, 21])),
                    ('3, 5, 7', cycle([3, 5, 7])), ('random', shuffled(7))]:
    process = validate.CliProcess.__new__(validate.CliProcess)
    process.popen, process.cli = Popen(sizes), ['urispec']
    counts[name] = process.records(records)
print(json.dumps(counts))
`;

describe('examples/dask/validate.py: the invalid count', () => {
  const hasPython = spawnSync(PYTHON, ['-c', 'pass']).status === 0;
  const lines = Array.from({ length: 1_200 }, (_, i) => autoLine(i));
  const bytes = Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));

  // Plain lines give records that hold one "valid" each; under auto, records repeat it in their
  // verdicts, and counting occurrences would overcount.
  const plain = Buffer.concat(Array.from({ length: lines.length }, (_, i) => [plainKind(i).line(i), Buffer.from('\n')]).flat());
  const runs: Array<[string, Buffer, string[]]> = [
    ['plain lines', plain, []],
    ['--json-input --spec auto', bytes, ['--json-input', '--spec', 'auto']],
  ];
  it.skipIf(!hasPython).each(runs)(
    hasPython ? '%s: each record is counted once, by its own "valid", however the pipe cuts it (tiny reads)' : `SKIPPED: ${PYTHON} is missing (%s)`,
    async (_name, input, args) => {
      const ref = await reference(input, args);
      const expected = invalidCount(ref.stdout);
      expect(expected).toBeGreaterThan(100);
      const file = join(dir, `records-${args.length}.jsonl`);
      writeFileSync(file, ref.stdout);
      const run = spawnSync(PYTHON, ['-c', COUNT_IN_PIECES, join(repoRoot, 'examples/dask'), file], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const counts = JSON.parse(run.stdout) as Record<string, [number, number]>;
      expect(Object.keys(counts).length).toBe(5);
      for (const [name, count] of Object.entries(counts)) expect([name, count]).toEqual([name, [lines.length, expected]]);
    },
  );
});

describe('docs/scale.md: JSON Lines for Spark', () => {
  const hasPython = spawnSync(PYTHON, ['-c', 'pass']).status === 0;
  it.skipIf(!hasPython)(
    hasPython ? "lines escaped by Python's surrogateescape get the records of the raw bytes" : `SKIPPED: ${PYTHON} is missing`,
    async () => {
      // Raw lines with every kind of ill-formed UTF-8 (Unicode Table 3-7): lone continuation
      // bytes, truncated sequences, overlongs, encoded surrogates, beyond U+10FFFF, and good ones.
      const pieces = [[0x61], [0x2f], [0x80], [0xbf], [0xc0, 0xaf], [0xc3, 0xa9], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98], [0xf4, 0x90, 0x80, 0x80], [0xff]];
      const raw = Array.from({ length: 400 }, (_, i) =>
        Buffer.from([0x68, ...Array.from({ length: 1 + (i % 6) }, (_, j) => pieces[(i * 7 + j * 3 + Math.floor(i / 11)) % pieces.length]!).flat()]),
      );
      const plain = Buffer.concat(raw.flatMap((r) => [r, Buffer.from('\n')]));
      const escaped = spawnSync(PYTHON, ['-c',
        'import sys, json\nfor line in sys.stdin.buffer.read().split(b"\\n")[:-1]: print(json.dumps(line.decode("utf-8", "surrogateescape")))'],
        { input: plain });
      expect(escaped.status, String(escaped.stderr)).toBe(0);
      expect(/^[\x20-\x7e\n]*$/.test(escaped.stdout.toString('latin1'))).toBe(true); // ASCII, no CR
      expect((await reference(escaped.stdout, ['--json-input'])).stdout.equals((await reference(plain, [])).stdout)).toBe(true);
    },
  );
});

describe('examples/dask/validate.py without Dask', () => {
  const hasPython = spawnSync(PYTHON, ['-c', 'pass']).status === 0;
  // `-S`: no site-packages, where Debian's python3-distributed lives: a Python without Dask.
  it.skipIf(!hasPython)(hasPython ? 'says which Python lacks dask.distributed and what to install: exit 3, no traceback' : `SKIPPED: ${PYTHON} is missing`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'urispec-nodask-'));
    try {
      writeFileSync(join(dir, 'one.txt'), 'http://a/\n');
      const run = spawnSync(PYTHON, ['-S', SCRIPT, '--workers', '1', 'one.txt', 'out.jsonl'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
      expect(run.stderr).not.toContain('Traceback');
      expect(run.stderr).toMatch(/^validate\.py: this Python \(.*\) cannot import dask\.distributed .*install it/m);
      expect(run.status).toBe(3);
      expect(existsSync(join(dir, 'out.jsonl'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
