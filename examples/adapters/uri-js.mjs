// urispec diff adapter: uri-js (https://github.com/garycourt/uri-js), an RFC 3986 parser.
// An input is valid when `parse` reports no `error`. Resolution: `resolve(base, ref)`.
//
//   urispec diff --spec rfc3986 --against 'node examples/adapters/uri-js.mjs'
import uriJs from 'uri-js';
import { serve } from './protocol.mjs';

await serve(
  (input) => {
    const { error, ...components } = uriJs.parse(input);
    return error === undefined ? { valid: true, components } : { valid: false, components, error };
  },
  (base, ref) => uriJs.resolve(base, ref),
);
