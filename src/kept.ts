// What the diagnosis works out once for a key it meets again and again (an era, an era's rule
// list, an expected set's shared list) and keeps while the key lives: one mechanism, where each
// module kept its own WeakMap and its own copy of the last key's answer.

/**
 * `make(key)`, made once a key and kept while the key lives (a WeakMap); the last key's without
 * the lookup, since a batch asks about one key line after line (issue 17).
 */
export function keptPer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  let lastKey: K | null = null;
  let lastValue: V | undefined;
  return (key) => {
    if (key === lastKey) return lastValue as V;
    let value = kept.get(key);
    if (value === undefined) kept.set(key, (value = make(key)));
    lastKey = key;
    lastValue = value;
    return value;
  };
}
