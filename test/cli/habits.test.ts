/**
 * The command line's habits (issue 19): spec ids and rule names in any case, "did you mean"
 * for every kind of name, `-` as standard input, `--color` and the colour environment, shell
 * completion from the command table, `--version`, and a byte order mark before the first URI.
 * Through the real binary, as a user meets them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { autoColor } from '../../src/cli/run.js';
import { closest } from '../../src/suggest.js';
import { specs } from '../../src/index.js';
import { binary, records, repoRoot, runBinary, runInMemory } from './cli-harness.js';

const ESC = '\u001b[';

describe('names in any case', () => {
  it.each([['RFC3986'], ['Rfc1808'], ['RFC2396-DRAFT']])('--spec %s is that spec', async (id) => {
    const { status, stdout } = await runInMemory(['validate', '--json', '--spec', id, 'http://a/']);
    expect(status).toBe(0);
    expect(records(stdout)[0]?.spec).toBe(id.toLowerCase());
  });

  it('rules --spec takes an era in any case; auto, which is no era, is refused (exit 2)', async () => {
    const listed = await runInMemory(['rules', '--json', '--spec', 'RFC1808', 'url']);
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ name: 'URL' }]);
    const auto = await runInMemory(['rules', '--spec', 'auto']);
    expect(auto.status).toBe(2);
    expect(auto.stdout).toBe('');
    expect(auto.stderr).toContain('unknown spec "auto"');
  });

  it('--rule is matched in any case', async () => {
    const { stdout } = await runInMemory(['validate', '--json', '--rule', 'ipv4ADDRESS', '1.2.3.4']);
    expect(records(stdout)[0]).toMatchObject({ rule: 'IPv4address', valid: true });
  });

  it('compare --specs takes ids in any case', async () => {
    const { status, stdout } = await runInMemory(['compare', '--json', '--specs', 'RFC3986,RFC1808', 'http://a/~u']);
    expect(status).toBe(1);
    const results = records(stdout)[0]?.results as Array<{ spec: string }> | undefined;
    expect(results?.map((r) => r.spec)).toEqual(['rfc3986', 'rfc1808']);
  });
});

describe('did you mean', () => {
  const rows: Array<{ argv: string[]; suggestion: string }> = [
    { argv: ['valdiate', 'x'], suggestion: 'did you mean "validate"?' },
    { argv: ['compre'], suggestion: 'did you mean "compare"?' },
    { argv: ['validate', '--jsn', 'x'], suggestion: 'did you mean "--json"?' },
    { argv: ['validate', '--spec', 'rfc3896', 'x'], suggestion: 'did you mean "rfc3986"?' },
    { argv: ['validate', '--spec', 'rfc2369', 'x'], suggestion: 'did you mean "rfc2396"?' },
    { argv: ['validate', '--rule', 'IPv4adress', 'x'], suggestion: 'did you mean "IPv4address"?' },
    { argv: ['validate', '--rule', 'URI-refrence', 'x'], suggestion: 'did you mean "URI-reference"?' },
    { argv: ['validate', '--color=alway', 'x'], suggestion: 'did you mean "always"?' },
    { argv: ['completion', 'bsh'], suggestion: 'did you mean "bash"?' },
    { argv: ['normalize', '--spec', 'rfc3896', 'x'], suggestion: 'did you mean "rfc3986"?' },
    { argv: ['expand', '--spec', 'rfc3897', '--vars', 'vars.json', '{x}'], suggestion: 'did you mean "rfc3987"?' },
  ];
  it.each(rows)('$argv: $suggestion (exit 2)', async ({ argv, suggestion }) => {
    const { status, stderr, stdout } = await runInMemory(argv);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(suggestion);
  });

  it('suggests nothing for a name far from every choice', async () => {
    const { status, stderr } = await runInMemory(['validate', '--spec', 'xyzzy', 'x']);
    expect(status).toBe(2);
    expect(stderr).not.toContain('did you mean');
    expect(stderr).toContain('the specs are: ');
  });

  it('closest() takes transpositions as one edit and refuses distant names', () => {
    expect(closest('rfc3896', ['rfc3986', 'rfc1808'])).toBe('rfc3986');
    expect(closest('a', ['b', 'c'])).toBe('b');
    expect(closest('validate', ['explain'])).toBeUndefined();
  });
});

describe('- is standard input', () => {
  it('validate - reads the URIs from standard input', async () => {
    const { status, stdout } = await runInMemory(['validate', '--json', '-'], 'http://a/\nhttp://a b/\n');
    expect(status).toBe(1);
    expect(records(stdout).map((r) => r.valid)).toEqual([true, false]);
  });

  it('resolve BASE - reads the references from standard input', async () => {
    const { status, stdout } = await runInMemory(['resolve', '--json', 'http://a/b/c/d;p?q', '-'], 'g\n../g\n');
    expect(status).toBe(0);
    expect(records(stdout).map((r) => r.target)).toEqual(['http://a/b/c/g', 'http://a/b/g']);
  });

  it('a URI that is "-" goes after --', async () => {
    const { stdout } = await runInMemory(['validate', '--json', '--rule', 'path', '--', '-']);
    expect(records(stdout)).toMatchObject([{ input: '-', valid: true }]);
  });

  it('arguments and standard input are not mixed', async () => {
    const { status, stderr } = await runInMemory(['validate', '-', 'http://a/'], 'x\n');
    expect(status).toBe(2);
    expect(stderr).toContain("'-' (standard input)");
  });

  // Inputs come from the arguments or from standard input, never both (README: "`-` stands for
  // standard input"; the contract: standard input "if there are none"), whichever side of the
  // arguments `-` stands: `validate x -` used to validate x and leave standard input unread.
  // A command that reads no inputs from standard input refuses `-` rather than ignore it.
  // One row a command of the table, so a new command must say which it is.
  const mixed: Record<string, { argv: string[]; stderr: string }> = {
    validate: { argv: ['validate', '--json', 'http://a/', '-'], stderr: 'not both' },
    compare: { argv: ['compare', 'http://a/', '-'], stderr: 'not both' },
    explain: { argv: ['explain', 'http://a/', '-'], stderr: 'not both' },
    parse: { argv: ['parse', 'http://a/', '-'], stderr: 'not both' },
    resolve: { argv: ['resolve', 'http://a/b/c', 'g', '-'], stderr: 'not both' },
    normalize: { argv: ['normalize', 'http://a/', '-'], stderr: 'not both' },
    'to-uri': { argv: ['to-uri', 'http://a/', '-'], stderr: 'not both' },
    'grammar-diff': { argv: ['grammar-diff', 'rfc3986', 'rfc1808', '-'], stderr: 'reads no inputs from standard input' },
    specs: { argv: ['specs', '-'], stderr: 'reads no inputs from standard input' },
    rules: { argv: ['rules', '-'], stderr: 'reads no inputs from standard input' },
    expand: { argv: ['expand', '{x}', '--vars', 'vars.json', '-'], stderr: 'reads no inputs from standard input' },
    vectors: { argv: ['vectors', '-'], stderr: 'reads no inputs from standard input' },
    diff: { argv: ['diff', '--against', 'true', '-'], stderr: 'reads no inputs from standard input' },
    completion: { argv: ['completion', 'bash', '-'], stderr: 'reads no inputs from standard input' },
  };
  it('every command has a row below', () => {
    expect(Object.keys(mixed).sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });
  it.each(Object.entries(mixed))('%s: an operand with - is a usage error (exit 2), standard input unread', async (_name, { argv, stderr }) => {
    const result = await runInMemory(argv, 'http://a b/\n');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(stderr);
  });
});

describe('colour', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
  ] as const)('env %o on a terminal=%s: colour %s', (env, tty, want) => {
    expect(autoColor(env, tty)).toBe(want);
  });

  it('--color=always colours output into a pipe, --color=never and NO_COLOR do not', async () => {
    const always = await runBinary(['validate', '--color=always', 'http://a b/']);
    expect(always.stdout).toContain(ESC);
    const never = await runBinary(['validate', '--color', 'never', 'http://a b/'], '', { FORCE_COLOR: '1' });
    expect(never.stdout).not.toContain(ESC);
    const forced = await runBinary(['validate', 'http://a b/'], '', { FORCE_COLOR: '1' });
    expect(forced.stdout).toContain(ESC);
    const plain = await runBinary(['validate', 'http://a b/'], '', { NO_COLOR: '1' });
    expect(plain.stdout).not.toContain(ESC);
  });

  it('--color after -- is an input', async () => {
    const { stdout } = await runInMemory(['validate', '--json', '--rule', 'path', '--', '--color']);
    expect(records(stdout)[0]?.input).toBe('--color');
  });
});

describe('--version', () => {
  it.each([['--version'], ['-V']])('%s prints package.json\'s version', async (flag) => {
    const manifest = JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as { version: string };
    const { status, stdout } = await runInMemory([flag]);
    expect(status).toBe(0);
    expect(stdout).toBe(`${manifest.version}\n`);
  });
});

describe('a byte order mark at the start of standard input', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  it('is not part of the first URI', async () => {
    const { status, stdout } = await runInMemory(['validate', '--json'], Buffer.concat([BOM, Buffer.from('http://a/\nhttp://b/\n')]));
    expect(status).toBe(0);
    expect(records(stdout).map((r) => r.input)).toEqual(['http://a/', 'http://b/']);
  });

  it('only at the start: a later U+FEFF is input, and fails', async () => {
    const { stdout } = await runInMemory(['validate', '--json'], Buffer.concat([Buffer.from('http://a/\n'), BOM, Buffer.from('x\n')]));
    expect(records(stdout).map((r) => [r.input, r.valid])).toEqual([['http://a/', true], ['\ufeffx', false]]);
  });

  it('also through --jobs and the real binary, split over reads', async () => {
    const { stdout } = await runBinary(['validate', '--json', '--jobs', '2'], Buffer.concat([BOM, Buffer.from('http://a/\n')]));
    expect(records(stdout)[0]?.input).toBe('http://a/');
  });

  it('a stream holding only part of a mark keeps its bytes', async () => {
    const { stdout } = await runInMemory(['validate', '--json'], Buffer.from([0xef, 0xbb]));
    expect(records(stdout)).toHaveLength(1);
  });
});

describe('completion', () => {
  const names = COMMANDS.map((c) => c.name);
  it.each(['bash', 'zsh', 'fish'])('%s: every command of the table, its options and every spec id', async (shell) => {
    const { status, stdout } = await runInMemory(['completion', shell]);
    expect(status).toBe(0);
    for (const name of names) expect(stdout).toContain(name);
    for (const s of specs()) expect(stdout).toContain(s.id);
    for (const c of COMMANDS) for (const option of Object.keys((await c.load()).options)) expect(stdout).toContain(option);
  });

  it('the bash script completes in a real bash', () => {
    let bashPath = '';
    try {
      bashPath = execFileSync('sh', ['-c', 'command -v bash']).toString().trim();
    } catch {
      console.warn('bash not found: the completion run is skipped');
      return;
    }
    const script = `source <(node ${binary} completion bash)
COMP_WORDS=(urispec val); COMP_CWORD=1; _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec validate --spec rfc2); COMP_CWORD=3; _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec validate --js); COMP_CWORD=2; _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec completion ''); COMP_CWORD=2; _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec validate --spec au); COMP_CWORD=3; _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec parse --spec au); COMP_CWORD=3; COMPREPLY=(); _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec validate --spec = rfc2); COMP_CWORD=4; _urispec; echo "\${COMPREPLY[@]}"
COMP_WORDS=(urispec explain --color =); COMP_CWORD=3; _urispec; echo "\${COMPREPLY[@]}"`;
    const out = execFileSync(bashPath, ['-c', script]).toString().split('\n');
    const rfc2 = specs().map((s) => s.id).filter((id) => id.startsWith('rfc2')).sort();
    expect(out[0]).toBe('validate');
    expect(out[1]?.split(' ').sort()).toEqual(rfc2);
    expect(out[2]?.split(' ')).toEqual(['--json', '--json-input']);
    // The operand of completion is a shell; validate alone takes --spec auto.
    expect(out[3]?.split(' ').slice(0, 3)).toEqual(['bash', 'zsh', 'fish']);
    expect(out[4]).toBe('auto');
    expect(out[5]).toBe('');
    // --spec=rfc2 and --color=: bash splits the word at "=" (COMP_WORDBREAKS).
    expect(out[6]?.split(' ').sort()).toEqual(rfc2);
    expect(out[7]?.split(' ')).toEqual(['auto', 'always', 'never']);
  });

  it('the main help lists every command of the table and every spec', async () => {
    const { stdout } = await runInMemory(['--help']);
    for (const name of names) expect(stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    for (const s of specs()) expect(stdout).toContain(s.id);
  });
});
