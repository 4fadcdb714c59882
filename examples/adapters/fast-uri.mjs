// urispec diff adapter: fast-uri (https://github.com/fastify/fast-uri), an RFC 3986 parser.
// An input is valid when `parse` reports no `error`. Resolution: `resolve(base, ref)`.
//
//   urispec diff --spec rfc3986 --against 'node examples/adapters/fast-uri.mjs'
import fastUri from 'fast-uri';
import { serve } from './protocol.mjs';

await serve(
  (input) => {
    const { error, ...components } = fastUri.parse(input);
    return error === undefined ? { valid: true, components } : { valid: false, components, error };
  },
  (base, ref) => fastUri.resolve(base, ref),
);
