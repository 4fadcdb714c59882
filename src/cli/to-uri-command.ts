/**
 * `urispec to-uri [--rule NAME] [--idna] [--json] [IRI...]`
 *
 * RFC 3987 §3.1, the mapping of IRIs to URIs: one URI a line. IRIs from the arguments or, when
 * there are none, from standard input, one a line, streamed. An input that is not an IRI
 * reference (RFC 3987 §2.2) gets the diagnosis of `urispec validate --spec rfc3987` and no URI.
 * The bidi advice of §4 goes to standard error (text) or into `warnings` (JSON). Exit status 0
 * when every input maps, 1 when any does not, 2 for a usage error.
 */
import { toURI, type ToUriResult } from '../iri/to-uri.js';
import { escapeUnsafe, formatResult } from '../format.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { forEachInput } from './lines.js';
import { stdoutOf } from './output.js';
import { eraWith } from '../eras/table.js';

export const toUriOptions: OptionSpecs = {
  rule: { type: 'string', value: 'NAME', description: 'the RFC 3987 rule each input must match (default IRI-reference)' },
  idna: { type: 'boolean', description: 'for schemes known to use domain names (ftp, http, https, gopher, nntp, telnet, wais, prospero, file), convert a non-ASCII host (ireg-name) to ASCII instead of percent-encoding it: UTS #46 mapping (the URL parser, as Node url.domainToASCII; not RFC 3490 Nameprep: faß.de gives xn--fa-hia.de, not fass.de), then RFC 3490 §4.1 STD3 rules (LDH only, no leading or trailing "-") and labels of 1 to 63 code points' },
  json: { type: 'boolean', description: 'one JSON object a line: {"input","uri","warnings"} or {"input","error"} or {"input","idnaError","warnings"}' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const toUriHelp = commandHelp({
  synopsis: 'urispec to-uri [--rule NAME] [--idna] [--json] [IRI...]',
  summary: 'Map each IRI to a URI by RFC 3987 §3.1: every ucschar and iprivate as its UTF-8, percent-encoded.',
  options: toUriOptions,
  details: [
    'An input that is not an RFC 3987 IRI reference gets the diagnosis of `urispec validate`.',
    'RFC 3987 §4.2 bidi advice (mixed directions, a component\'s ends) is a warning, on standard',
    'error (with --json: in "warnings"); §4.1\'s bidi formatting characters are refused, as validate refuses them.',
    'IRIs come from the arguments or, when there are none, from standard input, one a line.',
    '',
    'Exit status: 0 all mapped, 1 any not, 2 usage error.',
  ],
});

export async function toUriCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec to-uri', args, toUriOptions);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(toUriHelp);
    await out.end();
    return EXIT_OK;
  }
  const options = { rule: typeof values.rule === 'string' ? values.rule : undefined, idna: values.idna === true };
  toURI('', options); // an unknown rule is a usage error (exit 2) before any input is read
  const json = values.json === true;
  const color = io.color && !json;

  let allMapped = true;
  const emit = async (input: string) => {
    const r = toURI(input, options);
    if (r.uri === undefined) allMapped = false;
    if (!json) for (const w of r.warnings) io.stderr.write(`urispec: warning: ${escapeUnsafe(w.message)}\n`);
    await out.write(render(r, json, color) + '\n');
  };
  await forEachInput(positionals, io.stdin, out, emit);
  await out.end();
  return allMapped ? EXIT_OK : EXIT_INVALID;
}

function render(r: ToUriResult, json: boolean, color: boolean): string {
  if (json) {
    if (r.error) return JSON.stringify({ input: r.input, error: r.error });
    if (r.idnaError) return JSON.stringify({ input: r.input, idnaError: r.idnaError, warnings: r.warnings });
    return JSON.stringify({ input: r.input, uri: r.uri, warnings: r.warnings });
  }
  if (r.error) return formatResult({ valid: false, input: r.input, spec: eraWith('iri'), rule: r.rule, error: r.error }, { color });
  if (r.idnaError) return `✗ ${escapeUnsafe(r.input)}  ${r.idnaError}`;
  return r.uri!;
}
