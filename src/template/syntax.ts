// The parts of a URI Template (RFC 6570 §2) that the level (§1.2), the §2.2 warnings and the
// expansion (§3) need: literal runs, and expressions with their operator and varspecs.
//
// Only for a template the grammar (grammar/rfc6570.peggy) has accepted: validity is the
// grammar's alone, and this only cuts an accepted string where §2 says its pieces end
// ("{" ... the next "}", "," between varspecs, ":" or "*" after a varname).

/** §2.2: the operators. `''` is the default (simple string expansion, §3.2.2). */
export type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&' | '=' | ',' | '!' | '@' | '|';

/** The rfc6570 start rules whose strings are templates: a whole template, or one expression. */
export const TEMPLATE_RULES: ReadonlySet<string> = new Set(['URI-Template', 'expression']);

/** §2.2 op-reserve: "reserved for future extensions". */
export const RESERVED_OPERATORS: ReadonlySet<string> = new Set(['=', ',', '!', '@', '|']);
const OPERATORS: ReadonlySet<string> = new Set(['+', '#', '.', '/', ';', '?', '&', ...RESERVED_OPERATORS]);

export interface VarSpec {
  /** §2.3 varname, as written (pct-encoded triplets are part of the name and stay encoded). */
  name: string;
  /** §2.4.1 max-length, when a prefix modifier is given. */
  prefix?: number;
  /** §2.4.2 explode modifier. */
  explode: boolean;
  /** UTF-16 offset of the varname in the template. */
  offset: number;
  /** UTF-16 offset of the modifier (":" or "*"), when there is one. */
  modifierOffset?: number;
}

export interface Expression {
  type: 'expression';
  operator: Operator;
  varspecs: VarSpec[];
  /** UTF-16 offsets of "{" and just after "}". */
  start: number;
  end: number;
}

export interface Literal {
  type: 'literal';
  text: string;
  start: number;
}

export type Part = Literal | Expression;

/** The parts of `template`, which must be a URI-Template (or an expression) the grammar accepts. */
export function templateParts(template: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open !== i) {
      const end = open < 0 ? template.length : open;
      parts.push({ type: 'literal', text: template.slice(i, end), start: i });
      i = end;
      continue;
    }
    const close = template.indexOf('}', open);
    parts.push(expressionAt(template, open, close));
    i = close + 1;
  }
  return parts;
}

function expressionAt(template: string, open: number, close: number): Expression {
  let p = open + 1;
  let operator: Operator = '';
  if (OPERATORS.has(template[p]!)) operator = template[p++] as Operator;
  const varspecs: VarSpec[] = [];
  for (const text of template.slice(p, close).split(',')) {
    varspecs.push(varspecAt(text, p));
    p += text.length + 1;
  }
  return { type: 'expression', operator, varspecs, start: open, end: close + 1 };
}

function varspecAt(text: string, offset: number): VarSpec {
  // A varname holds no ":" or "*" (§2.3 varchar), so the first of them starts the modifier.
  const colon = text.indexOf(':');
  if (colon >= 0) return { name: text.slice(0, colon), prefix: Number(text.slice(colon + 1)), explode: false, offset, modifierOffset: offset + colon };
  if (text.endsWith('*')) return { name: text.slice(0, -1), explode: true, offset, modifierOffset: offset + text.length - 1 };
  return { name: text, explode: false, offset };
}
