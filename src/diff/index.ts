// urispec/diff: another parser compared with urispec over vectors (docs/differential.md).
// A subpath of its own because it runs subprocesses and reads files: the main entry point
// stays free of Node built-ins, so that it can be bundled for the browser (playground/).
export { diff, diffOutcomes, readVectorsFile } from './diff.js';
export type { DiffInput, DiffOptions, DiffOutcome, DiffReport, DiffSummary, Disagreement } from './diff.js';
export { ParserProcessError } from './parser-process.js';
export type { ParserAnswer, ParserFailure, ParserProcessOptions } from './parser-process.js';
