// urispec diff adapter: url-parse (https://github.com/unshiftio/url-parse), "a small footprint
// URL parser that works seamlessly across Node.js and browser environments".
//
// url-parse is a splitter: it takes any string apart and never reports an error, so every
// input is valid to it unless it throws. Its components are read as it gives them (it lowercases
// the scheme and host and drops a default port). A relative reference is parsed against an
// empty base (`{}`), not against the machine's location.
//
//   urispec diff --spec rfc3986 --against 'node examples/adapters/url-parse.mjs'
import Url from 'url-parse';
import { serve, strip } from './protocol.mjs';

await serve(
  (input) => {
    const url = new Url(input, {});
    return {
      valid: true,
      components: {
        scheme: strip(url.protocol, ':', true) || undefined, userinfo: url.auth || undefined,
        host: url.hostname || undefined, port: url.port || undefined, path: url.pathname,
        query: strip(url.query, '?'), fragment: strip(url.hash, '#'),
      },
    };
  },
  (base, ref) => new Url(ref, base).href,
);
