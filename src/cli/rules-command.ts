/** `urispec rules [--spec ID] [--json] [RULE...]`: a spec's rules as the spec prints them. */
import { specs, type RuleInfo } from '../index.js';
import { sectionLabel } from '../format.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_OK, type CliIO } from './io.js';
import { stdoutOf } from './output.js';
import { resolveSelection } from './selection.js';
import { eraOf } from '../registry.js';

export const rulesOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec whose rules to list (default rfc3986)' },
  json: { type: 'boolean', description: 'a JSON array of {"name","section","text","core"}' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const rulesHelp = commandHelp({
  synopsis: 'urispec rules [--spec ID] [--json] [RULE...]',
  summary: "List a spec's rules in the spec's order, each with its section and definition.",
  options: rulesOptions,
  details: ['With RULE arguments (any case), only those rules. Every rule can be a --rule of validate.'],
});

export async function rulesCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec rules', args, rulesOptions, null);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(rulesHelp);
    await out.end();
    return EXIT_OK;
  }
  // The library resolves the spec id and each rule name (any case) or names the choices. An era
  // only: `auto` (validate's RFC 3986 with a scheme's profile) has no rules of its own.
  const given = typeof values.spec === 'string' ? values.spec : undefined;
  const spec = eraOf(given).id;
  const wanted = new Set(positionals.map((name) => resolveSelection(spec, name).rule));
  const info = specs().find((s) => s.id === spec);
  const rules = (info?.rules ?? []).filter((rule) => wanted.size === 0 || wanted.has(rule.name));
  if (values.json) {
    await out.write(JSON.stringify(rules.map(({ name, section, text, core }) => ({ name, section, text, core })), null, 2) + '\n');
  } else {
    for (const rule of rules) await out.write(describe(rule, spec, io.color) + '\n');
  }
  await out.end();
  return EXIT_OK;
}

function describe(rule: RuleInfo, spec: string, color: boolean): string {
  const name = color ? `\u001b[1m${rule.name}\u001b[22m` : rule.name;
  const core = rule.core ? '  (core rule)' : '';
  const text = rule.text.split('\n').map((line) => `    ${line}`);
  return [`${name}  ${sectionLabel(spec, rule.section)}${core}`, ...text].join('\n');
}
