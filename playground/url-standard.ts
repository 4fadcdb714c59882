// The URL Standard's basic URL parser, as its reference implementation whatwg-url runs it: the
// page's column names the Standard, so it must not be the browser's own URL, which parts from
// the Standard (Chromium accepts "http://exa mple.com/", and reads "|" and file: hosts its own
// way). Loaded in a chunk of its own when first used (IDNA's mapping table is most of it).
//
// whatwg-url's URL class is not used: its WebIDL layer (webidl-conversions) reads
// SharedArrayBuffer when it loads, which a page that is not cross-origin isolated lacks. The
// class below is what its URL-impl.js constructor and href getter do, on the same state machine.

import usm from 'whatwg-url/lib/url-state-machine.js';
import pkg from 'whatwg-url/package.json' with { type: 'json' };

/** WebIDL's USVString conversion, which the URL constructor applies: a lone surrogate is U+FFFD. */
const usv = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** `new StandardURL(input, base)`: the URL constructor of the Standard (§6.1); throws on failure. */
export class StandardURL {
  readonly href: string;
  constructor(input: string, base?: string) {
    let parsedBase: unknown = null;
    if (base !== undefined) {
      parsedBase = usm.basicURLParse(usv(base));
      if (parsedBase === null) throw new TypeError(`Invalid base URL: ${base}`);
    }
    const url = usm.basicURLParse(usv(input), { baseURL: parsedBase });
    if (url === null) throw new TypeError(`Invalid URL: ${input}`);
    this.href = usm.serializeURL(url);
  }
}

/** The implementation's version, shown with the verdict: the Standard is a living one. */
export const version: string = pkg.version;
