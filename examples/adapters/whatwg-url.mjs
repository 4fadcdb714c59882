// urispec diff adapter: whatwg-url (https://github.com/jsdom/whatwg-url), the WHATWG URL
// Standard's reference implementation in JavaScript.
//
// Like Node's URL it follows the WHATWG URL Standard, not RFC 3986: it cleans its input up,
// percent-encodes instead of failing and needs an absolute URL without a base. An input is
// valid when `parseURL` returns a URL record rather than failure. Its components are the
// record's, which tells an absent query or fragment (null) from an empty one.
//
//   urispec diff --spec rfc3986 --rule URI --against 'node examples/adapters/whatwg-url.mjs'
import { parseURL, serializeURL, serializeHost, serializePath } from 'whatwg-url';
import { serve } from './protocol.mjs';

await serve(
  (input) => {
    const url = parseURL(input);
    if (url === null) return { valid: false, error: 'failure' };
    const userinfo = url.username || url.password ? (url.password ? `${url.username}:${url.password}` : url.username) : undefined;
    return {
      valid: true,
      components: {
        scheme: url.scheme, userinfo, host: url.host === null ? undefined : serializeHost(url.host),
        port: url.port === null ? undefined : String(url.port), path: serializePath(url),
        query: url.query ?? undefined, fragment: url.fragment ?? undefined,
      },
    };
  },
  (base, ref) => {
    const baseURL = parseURL(base);
    const url = baseURL === null ? null : parseURL(ref, { baseURL });
    if (url === null) throw new Error('failure');
    return serializeURL(url);
  },
);
