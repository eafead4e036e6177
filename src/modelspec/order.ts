/**
 * Dependency order of a spec's derivations. Each derivation's expression is analysed for the document paths
 * it may read (analyze.ts); derivation A depends on B when a read of A may see B's target. The order is a
 * stable topological sort (Kahn's algorithm, always taking the earliest ready derivation in spec order), so
 * a spec already in dependency order, as the compiler emits it, keeps its order. A cycle is `DERIVATION_CYCLE`
 * naming the paths on it. A derivation reading its own target (`$.total := $.total + 1`) is not a cycle here:
 * it reads the value from before the run.
 */
import type jsonata from 'jsonata';
import { expressionReads, type JNode, type Read, readTouches } from './analyze.js';
import { CodedError } from '../codes/index.js';
import { compileExpression } from './bind.js';
import { parsePath } from './paths.js';
import type { Derivation } from './types.js';

function keysOf(path: string): { keys: string[]; ownerKeys: string[] | null } {
  const segs = parsePath(path);
  let star = -1;
  segs.forEach((s, i) => {
    if ('all' in s) star = i;
  });
  const keys: string[] = [];
  let ownerKeys: string[] | null = null;
  segs.forEach((s, i) => {
    if ('key' in s) keys.push(s.key);
    if (i === star) ownerKeys = [...keys];
  });
  return { keys, ownerKeys };
}

/** For each derivation, the indexes of the derivations it depends on. */
export function derivationDependencies(
  derivations: readonly Derivation[],
  compiled?: jsonata.Expression[],
): number[][] {
  const info = derivations.map((d, i) => {
    const expr = compiled?.[i] ?? compileExpression(d.expr, `derivation ${d.path}`);
    return { ...keysOf(d.path), reads: expressionReads(expr.ast() as JNode) as Read[] };
  });
  return info.map((a, i) =>
    info.flatMap((b, j) => (i !== j && a.reads.some((r) => readTouches(r, a.ownerKeys, b.keys)) ? [j] : [])),
  );
}

/** A cycle among the derivations (as indexes, first repeated at the end), or undefined. */
export function findCycle(deps: readonly number[][]): number[] | undefined {
  const state = new Array<number>(deps.length).fill(0);
  const stack: number[] = [];
  let found: number[] | undefined;
  const dfs = (i: number): boolean => {
    state[i] = 1;
    stack.push(i);
    for (const j of deps[i]) {
      if (state[j] === 1) {
        found = [...stack.slice(stack.indexOf(j)), j];
        return true;
      }
      if (state[j] === 0 && dfs(j)) return true;
    }
    stack.pop();
    state[i] = 2;
    return false;
  };
  for (let i = 0; i < deps.length; i++) if (state[i] === 0 && dfs(i)) return found;
  return undefined;
}

/** Indexes of the derivations in dependency order; throws `DERIVATION_CYCLE`. */
export function orderDerivations(
  derivations: readonly Derivation[],
  compiled?: jsonata.Expression[],
): number[] {
  const deps = derivationDependencies(derivations, compiled);
  const cycle = findCycle(deps);
  if (cycle) {
    const paths = cycle.map((i) => derivations[i].path);
    throw new CodedError('DERIVATION_CYCLE', `derivation cycle: ${paths.join(' → ')}`, { cycle: paths });
  }
  const remaining = deps.map((d) => d.length);
  const dependents: number[][] = deps.map(() => []);
  deps.forEach((ds, i) => {
    for (const j of ds) dependents[j].push(i);
  });
  const done = new Array<boolean>(deps.length).fill(false);
  const order: number[] = [];
  while (order.length < deps.length) {
    // Earliest ready one first: keeps the spec's own order where it is already valid. O(n²) on the count of
    // derivations, which is small (one per column).
    const next = remaining.findIndex((r, i) => r === 0 && !done[i]);
    done[next] = true;
    order.push(next);
    for (const k of dependents[next]) remaining[k]--;
  }
  return order;
}
