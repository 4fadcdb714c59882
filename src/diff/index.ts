export { diff, diffOutcomes, readVectorsFile, tally } from './diff.js';
export type { DiffInput, DiffOptions, DiffOutcome, DiffReport, DiffSummary, Disagreement } from './diff.js';
export { askParser, readAnswer, ParserProcessError } from './parser-process.js';
export type { ParserAnswer, ParserFailure, ParserProcessOptions } from './parser-process.js';
