/**
 * Dependency order of a spec's derivations. Each derivation's expression is analysed for the document paths
 * it may read (analyze.ts); derivation A depends on B when a read of A may see B's target. The order is a
 * stable topological sort (Kahn's algorithm, always taking the earliest ready derivation in spec order), so
 * a spec already in dependency order, as the compiler emits it, keeps its order. A cycle is `DERIVATION_CYCLE`
 * naming the paths on it and, for each edge, the read that creates it (`$parent.total`) with its span in the
 * expression, so an author sees which step closes the cycle. A derivation reading its own target (`$.total := $.total + 1`) is not a cycle here:
 * it reads the value from before the run.
 */
import type jsonata from 'jsonata';
import { CodedError } from '../codes/index.js';
import { expressionReadSites, type JNode, type Read, type ReadSite, readTouches } from './analyze.js';
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

/** Why derivation `from` depends on `to`: the first read of `from` that may see `to`'s target. */
export interface DependencyEdge {
  from: number;
  to: number;
  site: ReadSite;
}

function readText(read: Read): string {
  const base = read.base === 'root' ? '$$' : read.base === 'parent' ? '$parent' : '…';
  return [base, ...read.keys].join('.');
}

/** For each derivation, one edge per derivation it depends on (in spec order). */
export function dependencyEdges(
  derivations: readonly Derivation[],
  compiled?: jsonata.Expression[],
): DependencyEdge[][] {
  const info = derivations.map((d, i) => {
    const expr = compiled?.[i] ?? compileExpression(d.expr, `derivation ${d.path}`);
    return { ...keysOf(d.path), sites: expressionReadSites(expr.ast() as JNode, d.expr) };
  });
  return info.map((a, i) =>
    info.flatMap((b, j) => {
      if (i === j) return [];
      const site = a.sites.find((s) => readTouches(s.read, a.ownerKeys, b.keys));
      return site ? [{ from: i, to: j, site }] : [];
    }),
  );
}

/** For each derivation, the indexes of the derivations it depends on. */
export function derivationDependencies(
  derivations: readonly Derivation[],
  compiled?: jsonata.Expression[],
): number[][] {
  return dependencyEdges(derivations, compiled).map((es) => es.map((e) => e.to));
}

/** One edge of a cycle, as reported: which read of `from` (text and span in its `expr`) sees `to`. */
export interface CycleEdge {
  from: string;
  to: string;
  /** The path read, `$$.items.share` or `$parent.total` (`…` for a base the analysis cannot name). */
  read: string;
  span?: { start: number; end: number };
  /** The expression text at `span`. */
  text?: string;
}

export interface DerivationCycle {
  /** The derivation paths on the cycle, the first repeated at the end. */
  cycle: string[];
  /** Their indexes in the spec's `derivations`, in the same order. */
  indexes: number[];
  edges: CycleEdge[];
  message: string;
}

function describeCycle(
  derivations: readonly Derivation[],
  edges: DependencyEdge[][],
): DerivationCycle | undefined {
  const found = findCycle(edges.map((es) => es.map((e) => e.to)));
  if (!found) return undefined;
  const cycle = found.map((i) => derivations[i].path);
  const described = found.slice(1).map((to, k): CycleEdge => {
    const from = found[k];
    const { site } = edges[from].find((e) => e.to === to) as DependencyEdge;
    const out: CycleEdge = {
      from: derivations[from].path,
      to: derivations[to].path,
      read: readText(site.read),
    };
    if (site.start !== undefined && site.end !== undefined) {
      out.span = { start: site.start, end: site.end };
      out.text = derivations[from].expr.slice(site.start, site.end);
    }
    return out;
  });
  const why = described.map(
    (e) => `${e.from} reads ${e.read}${e.span ? ` at ${e.span.start}–${e.span.end} ("${e.text}")` : ''}`,
  );
  return {
    cycle,
    indexes: found,
    edges: described,
    message: `derivation cycle: ${cycle.join(' → ')} (${why.join('; ')})`,
  };
}

/** The first dependency cycle among the derivations, described edge by edge, or undefined. */
export function derivationCycle(
  derivations: readonly Derivation[],
  compiled?: jsonata.Expression[],
): DerivationCycle | undefined {
  return describeCycle(derivations, dependencyEdges(derivations, compiled));
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
  const edges = dependencyEdges(derivations, compiled);
  const cycle = describeCycle(derivations, edges);
  if (cycle) {
    throw new CodedError('DERIVATION_CYCLE', cycle.message, { cycle: cycle.cycle, edges: cycle.edges });
  }
  const deps = edges.map((es) => es.map((e) => e.to));
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
