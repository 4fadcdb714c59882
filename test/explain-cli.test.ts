// `urispec explain`: the derivation tree on the command line, readable and --json.
import { describe, expect, it } from 'vitest';
import { explain, specs } from '../src/index.js';
import { jsonLine, renderExplanation, withText, type TextNode } from '../src/cli/explain-command.js';
import { records, runBinary, runInMemory } from './cli/cli-harness.js';

/** Every node's text is its span of the input; children lie inside their parent, in order. */
function checkNode(n: TextNode, input: string): void {
  expect(n.text).toBe(input.slice(n.start, n.end));
  let at = n.start;
  for (const c of n.children) {
    expect(c.start).toBeGreaterThanOrEqual(at);
    expect(c.end).toBeLessThanOrEqual(n.end);
    at = c.end;
    checkNode(c, input);
  }
}

describe('urispec explain on lines of many components (no line costs another its record)', () => {
  it('the readable tree of 50,000 segments and of 60,000 query pairs, between two short lines', async () => {
    // One row a segment: more rows than a call takes arguments (Math.max(...rows) overflowed the stack).
    const lines = ['http://first/', '/a'.repeat(50_000), `?${'a&'.repeat(60_000)}`, 'http://last/'];
    const { status, stdout } = await runInMemory(['explain'], lines.join('\n') + '\n');
    expect(status).toBe(0);
    expect(stdout.split('\n').filter((l) => l.startsWith('✓')).length).toBe(4);
    expect(stdout).toContain('http://last/');
  });
  it('a record whose JSON is longer than V8 makes a string is written without its tree, saying why', () => {
    // The tree of a line of megabytes: JSON.stringify throws RangeError ("Invalid string length").
    const record = { input: 'x'.repeat(10), valid: true, tree: { toJSON: () => { throw new RangeError('Invalid string length'); } } };
    const line = jsonLine(record);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({ input: 'x'.repeat(10), valid: true, tree: null, treeOmitted: 'the derivation tree of this input (10 UTF-16 code units) is too large to write as one JSON line' });
    expect(() => jsonLine({ input: '', tree: { toJSON: () => { throw new TypeError('other'); } } })).toThrow(TypeError);
  });
});

describe('urispec explain --json', () => {
  it('gives the nested tree with rule, start, end, text and children, as the library does', async () => {
    const input = 'foo://example.com:8042/over/there?name=ferret#nose';
    const { status, stdout } = await runInMemory(['explain', '--json', '--rule', 'URI', input]);
    expect(status).toBe(0);
    const [record] = records(stdout) as Array<{ valid: boolean; tree: TextNode; spec: string; rule: string }>;
    expect(record).toMatchObject({ input, spec: 'rfc3986', rule: 'URI', valid: true });
    expect(Object.keys(record!.tree)).toEqual(['rule', 'start', 'end', 'text', 'children']);
    expect(record!.tree.children.map((c) => [c.rule, c.text])).toEqual([
      ['scheme', 'foo'],
      ['hier-part', '//example.com:8042/over/there'],
      ['query', 'name=ferret'],
      ['fragment', 'nose'],
    ]);
    checkNode(record!.tree, input);
    expect(record!.tree).toEqual(withText(explain(input, { rule: 'URI' }).tree!, input));
  });

  it.each(specs().map((s) => [s.id, s.rules.find((r) => !r.core && r.name === s.defaultRule)!.name] as const))(
    'names only %s spec rules (never a PEG helper or core rule)',
    async (spec) => {
      const info = specs().find((s) => s.id === spec)!;
      const allowed = new Set(info.rules.filter((r) => !r.core).map((r) => r.name));
      const { stdout } = await runInMemory(['explain', '--json', '--spec', spec, 'http://a.b/c;d?e']);
      const [record] = records(stdout) as Array<{ tree: TextNode | null }>;
      const walk = (n: TextNode) => {
        expect(allowed.has(n.rule), n.rule).toBe(true);
        n.children.forEach(walk);
      };
      if (record!.tree) walk(record!.tree);
    },
  );

  it('for an invalid input gives the partial tree and the error record, exit 1', async () => {
    const input = 'http://[::1]:8x/';
    const { status, stdout } = await runInMemory(['explain', '--json', '--rule', 'URI', input]);
    expect(status).toBe(1);
    const [record] = records(stdout) as Array<{ valid: boolean; tree: TextNode; error: { offset: number; rule: string } }>;
    expect(record).toMatchObject({ valid: false, error: { offset: 14, rule: 'port' } });
    expect(record!.tree.rule).toBe('URI');
    checkNode(record!.tree, input);
  });

  it('reads standard input when no URI is given, one record a line', async () => {
    const { stdout } = await runBinary(['explain', '--json', '--spec', 'rfc1808'], 'g;x?y#s\nhttp://a/~u\n');
    expect(records(stdout).map((r) => [r.input, r.valid])).toEqual([['g;x?y#s', true], ['http://a/~u', false]]);
  });
});

describe('urispec explain, readable', () => {
  it('writes the input on top and each rule with its text under the same columns', async () => {
    const { stdout } = await runInMemory(['explain', '--rule', 'URI', 'http://a/b?q']);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^✓ http:\/\/a\/b\?q\s+valid rfc3986 URI$/);
    const column = lines[1]!.indexOf('http://a/b?q');
    expect(column).toBeGreaterThan(0);
    const at = (rule: string) => lines.find((l) => l.trimStart().startsWith(rule + ' '))!;
    expect(at('URI').indexOf('http://a/b?q')).toBe(column);
    expect(at('scheme').indexOf('http')).toBe(column);
    expect(at('hier-part').indexOf('//a/b')).toBe(column + 5);
    expect(at('query').lastIndexOf('q')).toBe(column + 11);
    expect(at('hier-part').startsWith('  hier-part')).toBe(true);
  });

  it('shows an invalid input as its partial tree, then the error record with a caret', async () => {
    const { status, stdout } = await runInMemory(['explain', '--spec', 'rfc1808', 'http://a/~u']);
    expect(status).toBe(1);
    expect(stdout).toMatch(/abs_path/);
    expect(stdout).toContain('✗ http://a/~u  invalid rfc1808 URL at offset 9\n           ^');
    expect(stdout).toMatch(/rule\s+fsegment/);
  });

  it('escapes what a terminal must not see and keeps the columns', () => {
    const text = renderExplanation(explain('a\tb', { rule: 'segment' }), false);
    expect(text).not.toContain('\t');
    expect(text.split('\n')[0]).toContain('a\\tb');
  });

  it('draws a very long input as offsets instead of columns', () => {
    const input = 'http://a/' + 'b'.repeat(500);
    const text = renderExplanation(explain(input, { rule: 'URI' }), false);
    expect(text).toMatch(/path-abempty\s+8-509 /);
    expect(text.split('\n').every((l) => l.length < 200)).toBe(true);
  });

  it.each([
    [['explain', '--spec', 'nope', 'x'], /unknown spec "nope"/],
    [['explain', '--rule', 'nope', 'x'], /unknown rule "nope"/],
    [['explain', '--bogus', 'x'], /unknown option '--bogus'/],
  ])('usage error %j: exit 2', async (argv, message) => {
    const { status, stderr } = await runInMemory(argv);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
  });
});

// `explain --help`: "Exit status: 0 every URI valid". Where the grammar derives a URI and its
// scheme profile's prose rejects it (src/profiles/), explain said valid and exited 0 while
// validate exited 1; its verdict, record and status are validate's (src/explain.ts).
describe('urispec explain with a scheme profile: the verdict and exit status of validate', () => {
  const rejects = [
    ['rfc9110', 'http:///x'], // RFC 9110 §4.2.1: "MUST reject it as invalid"
    ['rfc2141', 'urn:urn:x'], // RFC 2141 §2.1: the NID "urn" "MUST NOT be used"
    ['rfc8141', 'urn:ex:a?+b?='], // RFC 8141 §2.3.1: "?=" begins a q-component, here empty
    ['rfc6068', 'mailto:a@b?subject=x&subject=y'], // RFC 6068 §2: "subject" at most once
  ] as const;

  it.each(rejects)('%s %s: exit 1, the whole tree, the profile\'s error as validate --json gives it', async (spec, input) => {
    const explained = await runInMemory(['explain', '--json', '--spec', spec, input]);
    const validated = await runInMemory(['validate', '--json', '--spec', spec, input]);
    expect(validated.status).toBe(1);
    expect(explained.status).toBe(validated.status);
    const [record] = records(explained.stdout) as Array<{ tree: TextNode } & Record<string, unknown>>;
    const { tree, ...verdict } = record!;
    expect(verdict).toEqual(records(validated.stdout)[0]);
    expect(verdict).toMatchObject({ valid: false, error: { layer: 'profile' } });
    expect([tree.start, tree.end]).toEqual([0, input.length]);
    checkNode(tree, input);
  });

  it('exits 1 from the binary, and 0 with --grammar-only, as validate does', async () => {
    for (const [args, status] of [[['--spec', 'rfc9110', 'http:///x'], 1], [['--spec', 'rfc9110', '--grammar-only', 'http:///x'], 0]] as const) {
      const explained = await runBinary(['explain', ...args]);
      expect(explained.status, args.join(' ')).toBe(status);
      expect((await runBinary(['validate', ...args])).status).toBe(status);
    }
  });

  it('reads as validate prints the profile\'s error and warnings, after the whole tree', async () => {
    const { status, stdout } = await runInMemory(['explain', '--spec', 'rfc9110', 'http://u@/']);
    expect(status).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toContain('invalid rfc9110 http-URI');
    // The whole derivation, down to the empty host's reg-name, then the error block.
    expect(lines.some((l) => /^ {6}reg-name +\^ \(empty\)$/.test(l))).toBe(true);
    expect(stdout).toMatch(/layer {5}profile/);
    expect(stdout).toMatch(/warning {3}at offset 7, in userinfo/);
    expect(stdout).toContain('RFC 9110 §4.2.1');
  });
});
