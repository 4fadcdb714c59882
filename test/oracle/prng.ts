// The seeded generator of the tests, the oracle's derivations and the bench corpus: the same one
// the library's vector generator uses (mulberry32), so a seed means the same stream everywhere.
// Only the generator is shared; what the oracle derives comes from the printed grammars alone.
export { mulberry32, type Rng } from '../../src/vectors/prng.js';
