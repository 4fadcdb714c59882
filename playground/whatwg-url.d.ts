// whatwg-url ships no declarations; the page uses its state machine's parser and serializer.
declare module 'whatwg-url/lib/url-state-machine.js' {
  const usm: {
    basicURLParse(input: string, options?: { baseURL?: unknown }): unknown | null;
    serializeURL(url: unknown): string;
  };
  export default usm;
}
declare module 'whatwg-url/package.json' {
  const pkg: { version: string };
  export default pkg;
}
