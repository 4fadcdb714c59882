// The module-level constants of a generated recognizer (ASCII tables, RegExps, sets of lowered
// literals): one declaration for each distinct value, in order of first use, as Peggy's compiler
// interns its constants (lib/compiler/intern.js). Both emitters (./emit-fast.ts, ./emit-traced.ts)
// and the set analysis (./char-sets.ts, which names each class's RegExp) write to the one table
// of the module being generated.

/** Module-level constants: tables and RegExps, deduplicated, in order of first use. */
export class Constants {
  private readonly names = new Map<string, string>();
  readonly code: string[] = [];

  name(kind: string, code: string): string {
    const key = kind + ':' + code;
    let name = this.names.get(key);
    if (!name) {
      name = `${kind}${this.names.size}`;
      this.names.set(key, name);
      this.code.push(`const ${name} = ${code};`);
    }
    return name;
  }
}
