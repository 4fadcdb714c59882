export { vectors, MAX_VECTOR_LENGTH, VECTOR_KINDS } from './vectors.js';
export type { Vector, VectorKind, VectorOptions, VectorIterator, VectorCoverage, RuleCoverage, AlternativeCoverage } from './vectors.js';
