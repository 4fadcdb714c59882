/** `urispec specs [--json]`: the specs that can be validated against. */
import { specs } from '../index.js';
import { parseCommandArgs, CommandLineError, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_OK, type CliIO } from './io.js';
import { stdoutOf } from './output.js';
import { table } from './table.js';

export const specsOptions: OptionSpecs = {
  json: { type: 'boolean', description: 'a JSON array of {"id","title","date","defaultRule","status"?}' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const specsHelp = commandHelp({
  synopsis: 'urispec specs [--json]',
  summary: 'List the specs, with the id to pass to --spec and the default start rule.',
  options: specsOptions,
});

export async function specsCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec specs', args, specsOptions, null);
  if (positionals.length > 0 && !values.help) throw new CommandLineError(`urispec specs takes no arguments, got '${positionals[0]}'`);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(specsHelp);
  } else if (values.json) {
    const list = specs().map(({ id, title, date, defaultRule, status }) => ({ id, title, date, defaultRule, ...(status ? { status } : {}) }));
    await out.write(JSON.stringify(list, null, 2) + '\n');
  } else {
    const rows = specs().map((s) => [s.id, s.date, s.defaultRule, s.title]);
    // An era whose document was obsoleted says so under the table (RFC 6874 by RFC 9844).
    const notes = specs().flatMap((s) => (s.status ? [`${s.id}: ${s.status}`] : []));
    await out.write(table(['id', 'date', 'default rule', 'title'], rows, io.color) + '\n' + notes.map((n) => `${n}\n`).join(''));
  }
  await out.end();
  return EXIT_OK;
}
