/**
 * Ordering formula columns by what they read: Kahn's algorithm with ties broken by column order, and the
 * cycle each unordered column lies on (for CIRCULAR_REFERENCE).
 */
/**
 * Kahn's algorithm with ties broken by the given order. `cyclic` maps each node that could not be ordered to
 * the cycle it lies on (empty when it only depends on a cycle).
 */
export function topoOrder(
  nodes: readonly string[],
  depsOf: (n: string) => readonly string[],
): { order: string[]; cyclic: Map<string, string[]> } {
  const remaining = new Set(nodes);
  const order: string[] = [];
  let progress = true;
  while (progress) {
    progress = false;
    for (const n of nodes) {
      if (!remaining.has(n)) continue;
      if (depsOf(n).every((d) => !remaining.has(d))) {
        remaining.delete(n);
        order.push(n);
        progress = true;
        break; // restart from the first node so ties keep column order
      }
    }
  }
  const cyclic = new Map<string, string[]>();
  for (const n of nodes) {
    if (!remaining.has(n)) continue;
    cyclic.set(n, cycleThrough(n, depsOf, remaining) ?? []);
  }
  // Cyclic nodes still get visited (to be refused) in column order after the ordered ones.
  return { order: [...order, ...nodes.filter((n) => remaining.has(n))], cyclic };
}

function cycleThrough(
  start: string,
  depsOf: (n: string) => readonly string[],
  within: Set<string>,
): string[] | undefined {
  const path: string[] = [];
  const seen = new Set<string>();
  const dfs = (n: string): boolean => {
    path.push(n);
    for (const d of depsOf(n)) {
      if (!within.has(d)) continue;
      if (d === start) {
        path.push(d);
        return true;
      }
      if (seen.has(d)) continue;
      seen.add(d);
      if (dfs(d)) return true;
    }
    path.pop();
    return false;
  };
  return dfs(start) ? path : undefined;
}
