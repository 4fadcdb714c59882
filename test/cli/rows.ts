/** Data rows shared by the in-memory and the real-binary tests of the command line. */

/** The contract's examples (`rfc3986`, start rule `URI`) as `--json-input` lines. */
export const contractExamples = [
  { line: '{"input":"http://exa mple.com/","rule":"URI"}', offset: 10, rule: 'reg-name', found: ' ' },
  { line: '{"input":"http://[::1]:8x/","rule":"URI"}', offset: 14, rule: 'port', found: 'x' },
  { line: '{"input":"http://a/b%2","rule":"URI"}', offset: 12, rule: 'pct-encoded', found: null },
  { line: '{"input":"http://a:8x/","rule":"uri"}', offset: 11, rule: 'userinfo', found: '/' },
];

export interface ExitRow {
  name: string;
  argv: string[];
  stdin?: string;
  status: number;
  /** What standard error must say; absent means it must be empty. */
  stderr?: RegExp;
}

export const exitStatusRows: ExitRow[] = [
  { name: 'valid arguments', argv: ['validate', 'http://a/b', '//a', ''], status: 0 },
  { name: 'valid lines', argv: ['validate'], stdin: 'http://a/b\r\n?q\n', status: 0 },
  { name: 'no input at all', argv: ['validate'], stdin: '', status: 0 },
  { name: 'an invalid argument', argv: ['validate', 'http://a/b', 'http://exa mple.com/'], status: 1 },
  { name: 'an invalid line', argv: ['validate', '--json'], stdin: 'http://a/\nhttp://a/b%2\n', status: 1 },
  { name: 'an argument after --', argv: ['validate', '--', '-a'], status: 0 },
  { name: 'a line that is not JSON', argv: ['validate', '--json-input'], stdin: '"http://a/"\nhttp://a/\n', status: 1 },
  { name: "a line's unknown spec", argv: ['validate', '--json-input'], stdin: '{"input":"a","spec":"rfc9999"}\n', status: 1 },
  { name: 'an unknown option', argv: ['validate', '--frob'], status: 2, stderr: /unknown option '--frob'.*--spec ID.*--json-input/ },
  { name: 'a flag given a value', argv: ['validate', '--json=yes'], status: 2, stderr: /--json/ },
  { name: 'a missing value', argv: ['validate', '--spec'], status: 2, stderr: /--spec/ },
  { name: 'a missing value before a flag', argv: ['validate', '--spec', '--json', 'x'], status: 2, stderr: /--spec/ },
  { name: 'an unknown spec', argv: ['validate', '--spec', 'rfc9999', 'x'], status: 2, stderr: /rfc9999.*rfc3986/ },
  { name: 'an unknown rule', argv: ['validate', '--rule', 'nope', 'x'], status: 2, stderr: /nope.*URI-reference/ },
  { name: 'an unknown command', argv: ['check', 'x'], status: 2, stderr: /unknown command 'check'.*validate/ },
  { name: 'no command', argv: [], status: 2, stderr: /Usage: urispec/ },
  { name: 'arguments to specs', argv: ['specs', 'x'], status: 2, stderr: /no arguments/ },
  { name: 'an unknown spec for rules', argv: ['rules', '--spec', 'rfc9999'], status: 2, stderr: /rfc9999.*rfc3986/ },
  { name: 'an unknown rule for rules', argv: ['rules', 'nope'], status: 2, stderr: /nope/ },
  { name: 'main help', argv: ['--help'], status: 0 },
  { name: 'validate help', argv: ['validate', '-h'], status: 0 },
  { name: 'specs help', argv: ['specs', '--help'], status: 0 },
  { name: 'rules help', argv: ['rules', '--help'], status: 0 },
  { name: 'the version', argv: ['--version'], status: 0 },
  { name: 'specs', argv: ['specs', '--json'], status: 0 },
  { name: 'rules', argv: ['rules', '--json', 'PORT'], status: 0 },
];

/** Hostile standard input, one line each: the bytes of the line, and the input it must give. */
export const badLines: Array<{ name: string; bytes: Buffer; input: string }> = [
  { name: 'an empty line', bytes: Buffer.from(''), input: '' },
  { name: 'NUL', bytes: Buffer.from('http://a/\u0000'), input: 'http://a/\u0000' },
  { name: 'controls', bytes: Buffer.from('\u001b[2J\u0007\t\u007f'), input: '\u001b[2J\u0007\t\u007f' },
  { name: 'non-ASCII', bytes: Buffer.from('http://bücher.example/'), input: 'http://bücher.example/' },
  { name: 'invalid UTF-8', bytes: Buffer.from([0x68, 0xff, 0xc3, 0x28]), input: 'h\udcff\udcc3(' },
  { name: 'a CRLF ending', bytes: Buffer.from('http://a/\r'), input: 'http://a/' },
  { name: 'a line of 1 MB', bytes: Buffer.from('http://a/' + 'x'.repeat(1 << 20)), input: 'http://a/' + 'x'.repeat(1 << 20) },
  { name: 'an invalid line of 1 MB', bytes: Buffer.from('http://a/' + 'x'.repeat(1 << 20) + ' '), input: 'http://a/' + 'x'.repeat(1 << 20) + ' ' },
];

/** Hostile `--json-input` lines, and whether each must give an inputError. */
export const badJsonLines: Array<{ line: string; input: string; inputError: boolean }> = [
  { line: '"\\ud800"', input: '\ud800', inputError: false },
  { line: '"\\u0000"', input: '\u0000', inputError: false },
  { line: '{"input":"http://a/\\nb"}', input: 'http://a/\nb', inputError: false },
  { line: '{"input":"x","spec":"rfc3986","valid":true,"source":"ignored"}', input: 'x', inputError: false },
  { line: '', input: '', inputError: true },
  { line: 'http://a/', input: 'http://a/', inputError: true },
  { line: '{"input":', input: '{"input":', inputError: true },
  { line: '[1]', input: '[1]', inputError: true },
  { line: 'null', input: 'null', inputError: true },
  { line: '{"input":1}', input: '{"input":1}', inputError: true },
  { line: '{"input":"a","spec":7}', input: '{"input":"a","spec":7}', inputError: true },
  { line: '{"input":"a","spec":"rfc9999"}', input: '{"input":"a","spec":"rfc9999"}', inputError: true },
  { line: '{"input":"a","rule":"nope"}', input: '{"input":"a","rule":"nope"}', inputError: true },
];
