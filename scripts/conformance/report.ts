// The shape of docs/conformance.json. Each parser carries the fields the issue fixed (name,
// language, version, claims, adapter, verdicts, components?, resolution?) and what the report
// shows beside them (its start rule, the standard it follows, its classes, its consensus).

export interface Verdicts {
  total: number;
  agree: number;
  falseAccepts: number;
  falseRejects: number;
}

/** A minimal example of a class: urispec's rule and section, and both sides' words. */
export interface Example {
  input: string;
  disagreement: 'false-accept' | 'false-reject';
  rule: string;
  section: string;
  urispec?: string;
  parserError?: string;
}

export interface ClassRow {
  class: string;
  falseAccepts: number;
  falseRejects: number;
  example: Example;
}

export interface ComponentsReport {
  /** Valid inputs both accept, on which the parser gave components. */
  compared: number;
  /** Of them, those on which every component the parser gave is urispec's. */
  agreeAll: number;
  byComponent: Record<string, { compared: number; agree: number; example?: { input: string; urispec: string | null; parser: string | null } }>;
}

export interface ResolutionReport {
  total: number;
  /** The parser's target is urispec's, character for character. */
  agree: number;
  /** Not the same string, but equivalent by RFC 3986 §6.2.2 (case, percent-encoding, dot segments). */
  equivalent: number;
  /** The parser gave another target. */
  differ: number;
  /** The parser gave no target (it refused the reference or the base). */
  refused: number;
  /** Of the total, RFC 3986 §5.4's own examples. */
  rfc3986Examples: { total: number; agree: number };
  examples: { base: string; ref: string; source: string; expected: string | null; got: string | null; parserError?: string }[];
}

export interface ParserReport {
  name: string;
  language: string;
  version: string;
  claims: string;
  adapter: string;
  command: string;
  /** What makes an input valid to the adapter. */
  validWhen: string;
  /** The urispec start rule its verdicts are counted against (RFC 3986's name). */
  rule: 'URI-reference' | 'URI';
  follows?: 'WHATWG URL Standard';
  verdicts: Record<string, Verdicts>;
  classes: Record<string, ClassRow[]>;
  /** How often it says what most parsers of its start rule say (inputs with a majority). */
  consensus?: Record<string, { decided: number; agree: number }>;
  components?: ComponentsReport;
  resolution?: ResolutionReport;
}

export interface ConformanceReport {
  generated: {
    by: string;
    vectors: Record<string, { file: string; rule: string; count: number }>;
    resolutionBases: string[];
  };
  parsers: ParserReport[];
  skipped: { name: string; adapter: string; reason: string }[];
  /** Per era and start rule: the parsers, and how often their majority is urispec's verdict. */
  consensus: Record<string, { parsers: string[]; inputs: number; decided: number; agreeWithUrispec: number }>;
  /** Per era: parsers of the same start rule whose verdicts are the same on every vector. */
  sameVerdicts: { era: string; parsers: string[] }[];
  /** Per era and start rule: how many of the vectors urispec finds invalid. */
  invalidVectors: Record<string, number>;
  /** Every minimal example, with every parser's verdict. */
  examples: { era: string; input: string; visible: string; urispec: Record<string, boolean>; acceptedBy: string[]; parsers: number }[];
}
