// urispec diff adapter: Node's global URL (node-url.mjs), which is the ada parser in Node 20.
//
// Node's URL implements the WHATWG URL Standard, not RFC 3986 nor any RFC: it parses what
// browsers parse. It removes leading and trailing C0 controls and spaces and every tab and
// newline before parsing, percent-encodes spaces and non-ASCII characters instead of failing,
// accepts backslashes as slashes in special schemes, and it requires an absolute URL (there is
// no base here), so every relative reference is "invalid" to it. Its disagreements with urispec
// are the differences between the two standards, not bugs.
//
//   urispec diff --spec rfc3986 --rule URI --against 'node examples/adapters/node-url.mjs'
//   node examples/adapters/node-url.mjs resolve 'http://a/b/c/d;p?q'   (resolution mode)
import { serve, strip } from './protocol.mjs';

await serve(
  (input) => {
    const url = new URL(input);
    const { username, password, hostname, port, pathname, search, hash } = url;
    const userinfo = username || password ? (password ? `${username}:${password}` : username) : undefined;
    return {
      valid: true,
      components: {
        scheme: strip(url.protocol, ":", true), userinfo, host: hostname || undefined, port: port || undefined, path: pathname,
        query: strip(search, '?'), fragment: strip(hash, '#'),
      },
    };
  },
  (base, ref) => new URL(ref, base).href,
);
