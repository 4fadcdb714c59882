// The heavier half of a per-era entry point (generated/entries/<era>.js): parse and resolve,
// which read components and resolution from the library's tables, bound to the era. The types
// of every per-era entry point are written here once (EraEntry), for generated/entries/*.d.ts.

import type { EraId, KnownRule, ValidationResult } from './validate.js';
import { parse } from './parse.js';
import type { ParseResult } from './parse.js';
import { resolve } from './resolve/index.js';
import type { ResolveOptions, ResolveResult } from './resolve/index.js';

/** The exports of `urispec/<era>`: the main entry point's functions with the era fixed. */
export interface EraEntry<S extends EraId> {
  isValid<R extends string = string>(input: string, options?: { rule?: R; union?: boolean; appendixE?: boolean; grammarOnly?: boolean } & KnownRule<S, R>): boolean;
  validate<R extends string = string>(input: string, options?: { rule?: R; union?: boolean; appendixE?: boolean; grammarOnly?: boolean } & KnownRule<S, R>): ValidationResult<S>;
  parse<R extends string = string>(input: string, options?: { rule?: R } & KnownRule<S, R>): ParseResult;
  resolve(base: string, reference: string, options?: Omit<ResolveOptions, 'spec'>): ResolveResult;
}

/** `parse` of one era. */
export function parseFor(spec: EraId): (input: string, options?: { rule?: string }) => ParseResult {
  return (input, options) => parse(input, { ...options, spec });
}

/** `resolve` of one era (a UsageError, as in the main entry point, where the era defines none). */
export function resolveFor(spec: EraId): (base: string, reference: string, options?: Omit<ResolveOptions, 'spec'>) => ResolveResult {
  return (base, reference, options) => resolve(base, reference, { ...options, spec });
}
