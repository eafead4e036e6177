/**
 * Three repairs of HyperFormula’s dependency graph: two linear-time ones, and a sort without an array per node.
 *
 * 1. A linear edge insert.
 *
 * Why: HyperFormula 3.5's `Graph.addEdge` checks for a duplicate edge with `Array.prototype.includes` over
 * the source node's whole list of dependants, so a cell or range that N formulas read costs O(N²) to build.
 * That is the common shape of a business table: 100,000 rows reading one rate cell, one lookup table or one
 * hoisted aggregate. Measured on the benchmark workbook (100,000 rows, a VLOOKUP table and a hoisted
 * SUMPRODUCT both read by every row): `addEdge` alone was 28.5 s of a 145 s conversion (`node --cpu-prof`).
 *
 * What changes: only the duplicate test. For a list longer than `SHORT` entries, membership is answered by a
 * Set kept beside the list; the list itself (its contents and order, which the topological sort walks) is
 * exactly what the original method builds. The Set is tied to the list object and its length, rebuilt when
 * either changed behind its back, and dropped by the two methods that delete entries in place
 * (`removeEdge`, `removeEdgeIfExists`); `removeNode` and `fixEdgesArrayForNode` replace or delete the list,
 * which the identity check notices.
 *
 * The patch is applied to the Graph class once, reached through an engine instance (HyperFormula does not
 * export the class). If the class does not have the shape this was written against (another HyperFormula
 * version), nothing is patched and the original, quadratic but correct, method stays; `graphPatchState`
 * says which happened, and a test pins it for the version in package.json.
 */
/*
 * 2. A range read once (`patchRangeDependencies`). Why: `DependencyGraph.processCellDependencies` walks every
 *    cell of a range each time a formula that reads it is added, re-adding the same cell → range edges, so a
 *    column of N formulas each reading the same locked N-row range (`SUMIF($B$2:$B$N,B2,$E$2:$E$N)`, which
 *    must cost linear time) costs O(N²) to build: at 4,000 rows this walk was most of the oracle's time
 *    (`node --cpu-prof`: processCellDependencies, addEdge and AbsoluteCellRange.addresses). What changes: a
 *    finite range whose vertex this patch saw fully processed earlier gets only its one new edge (range →
 *    formula); its cell → range edges already exist (a cell replaced later keeps its outgoing edges:
 *    `exchangeGraphNode`), so the graph is the same set of edges. Ranges seen for the first time, cells,
 *    names, and any call while the graph holds an infinite range (whose corrections the original applies)
 *    take the original path unchanged.
 */
/*
 * 3. The topological sort without an array per node (`patchTopologicalSort`). Why: HyperFormula 3.5 sorts the
 *    graph with an iterative Tarjan (DependencyGraph/TopSort.js) that allocates as it walks: each node's
 *    dependants filtered into a new array three times (entering it, leaving it, ordering it), each strongly
 *    connected component an array, and its state in sparse arrays. At 100,000 rows of the wide bench workbook
 *    the sort was 1.4 s of the oracle thread's 17.5 s (`node --cpu-prof`, self time), and at 1,000 rows about
 *    12 of a conversion's 183 MiB allocated (the sampling heap profiler). What changes: the same algorithm step
 *    for step (the same stack, a node pushed again by each node entered before it is and its parent the last
 *    that pushed it, the same low-link arithmetic, the components in the same order), its state in typed arrays
 *    indexed by node id, each dependants list walked in place skipping what the filter skipped (holes,
 *    `undefined`, removed nodes). The ordering pass copies a node's dependants before it calls back
 *    (`operatingFunction`, `onCycle`), as the original's array was taken before. The same `sorted` and `cycled`
 *    arrays, the same calls in the same order. A modified id outside the node arrays takes the original, and so
 *    does a recomputation of fewer than 1/8 of the graph's nodes (the typed arrays cost the graph's size);
 *    `withoutShortcuts` (hf-parse.ts) runs the original, for the tests' comparisons.
 */
import type { HyperFormula } from 'hyperformula';
import { shortcutsOn } from './hf-parse.js';

/** Below this many dependants the original linear scan is as fast as a Set. */
const SHORT = 32;

type NodeRef = number | { idInGraph?: number };

interface GraphLike {
  edgesSparseArray: (number | undefined)[][];
  getNodeIdIfNotNumber(node: NodeRef): number | undefined;
  missingNodeError(node: NodeRef): Error;
  addEdge(from: NodeRef, to: NodeRef): void;
  removeEdge(from: NodeRef, to: NodeRef): void;
  removeEdgeIfExists(from: NodeRef, to: NodeRef): void;
}

interface Membership {
  list: (number | undefined)[];
  length: number;
  set: Set<number | undefined>;
}

const memberships = new WeakMap<GraphLike, Map<number, Membership>>();
let state: 'unpatched' | 'patched' | 'unsupported' = 'unpatched';

/** Whether the linear edge insert is in place (`unsupported`: HyperFormula's Graph is not the expected shape). */
export function graphPatchState(): 'unpatched' | 'patched' | 'unsupported' {
  return state;
}

function membershipOf(graph: GraphLike, fromId: number, list: (number | undefined)[]): Membership {
  let byNode = memberships.get(graph);
  if (byNode === undefined) {
    byNode = new Map();
    memberships.set(graph, byNode);
  }
  let m = byNode.get(fromId);
  if (m === undefined || m.list !== list || m.length !== list.length) {
    m = { list, length: list.length, set: new Set(list) };
    byNode.set(fromId, m);
  }
  return m;
}

function forget(graph: GraphLike, from: NodeRef): void {
  const id = graph.getNodeIdIfNotNumber(from);
  if (id !== undefined) memberships.get(graph)?.delete(id);
}

/** Patches HyperFormula's Graph class (once) through an engine instance; see the header. */
export function patchDependencyGraph(hf: HyperFormula): void {
  if (state !== 'unpatched') return;
  const graph = (hf as unknown as { graph?: unknown }).graph as GraphLike | undefined;
  const proto = graph ? (Object.getPrototypeOf(graph) as GraphLike) : undefined;
  const shaped =
    graph !== undefined &&
    proto !== undefined &&
    Array.isArray(graph.edgesSparseArray) &&
    ['addEdge', 'removeEdge', 'removeEdgeIfExists', 'getNodeIdIfNotNumber', 'missingNodeError'].every(
      (m) => typeof (proto as unknown as Record<string, unknown>)[m] === 'function',
    ) &&
    /\.includes\(toId\)/.test(String(proto.addEdge));
  if (!shaped || proto === undefined) {
    state = 'unsupported';
    return;
  }
  const removeEdge = proto.removeEdge;
  const removeEdgeIfExists = proto.removeEdgeIfExists;
  proto.addEdge = function addEdge(this: GraphLike, fromNode: NodeRef, toNode: NodeRef): void {
    const fromId = this.getNodeIdIfNotNumber(fromNode);
    const toId = this.getNodeIdIfNotNumber(toNode);
    if (fromId === undefined) throw this.missingNodeError(fromNode);
    if (toId === undefined) throw this.missingNodeError(toNode);
    const list = this.edgesSparseArray[fromId];
    if (list.length < SHORT) {
      if (!list.includes(toId)) list.push(toId);
      return;
    }
    const m = membershipOf(this, fromId, list);
    if (m.set.has(toId)) return;
    list.push(toId);
    m.set.add(toId);
    m.length = list.length;
  };
  proto.removeEdge = function (this: GraphLike, fromNode: NodeRef, toNode: NodeRef): void {
    forget(this, fromNode);
    removeEdge.call(this, fromNode, toNode);
  };
  proto.removeEdgeIfExists = function (this: GraphLike, fromNode: NodeRef, toNode: NodeRef): void {
    forget(this, fromNode);
    removeEdgeIfExists.call(this, fromNode, toNode);
  };
  state = 'patched';
}

interface RangeLike {
  start: unknown;
  end: unknown;
  isFinite(): boolean;
}
interface DependencyGraphLike {
  graph: GraphLike & { infiniteRangeIds: Set<number> };
  getRange(start: unknown, end: unknown): { idInGraph?: number } | undefined;
  processCellDependencies(deps: unknown[], endVertex: { idInGraph?: number }): void;
}

const processedRanges = new WeakSet<object>();
let rangeState: 'unpatched' | 'patched' | 'unsupported' = 'unpatched';

/** Whether ranges are read once (`unsupported`: HyperFormula's DependencyGraph is not the expected shape). */
export function rangePatchState(): 'unpatched' | 'patched' | 'unsupported' {
  return rangeState;
}

const isRangeDep = (d: unknown): d is RangeLike =>
  typeof d === 'object' &&
  d !== null &&
  'start' in d &&
  'end' in d &&
  typeof (d as { isFinite?: unknown }).isFinite === 'function';

/** Patches HyperFormula's DependencyGraph class (once) through an engine instance; see the header (2). */
export function patchRangeDependencies(hf: HyperFormula): void {
  if (rangeState !== 'unpatched') return;
  const dg = (hf as unknown as { dependencyGraph?: unknown }).dependencyGraph as
    | DependencyGraphLike
    | undefined;
  const proto = dg ? (Object.getPrototypeOf(dg) as DependencyGraphLike) : undefined;
  const source = proto ? String(proto.processCellDependencies) : '';
  const shaped =
    dg !== undefined &&
    proto !== undefined &&
    dg.graph?.infiniteRangeIds instanceof Set &&
    typeof proto.getRange === 'function' &&
    source.includes('this.getRange(range.start, range.end)') &&
    source.includes('restRange.addresses(this)');
  if (!shaped || proto === undefined) {
    rangeState = 'unsupported';
    return;
  }
  const original = proto.processCellDependencies;
  proto.processCellDependencies = function (this: DependencyGraphLike, deps, endVertex): void {
    const endId = endVertex.idInGraph;
    if (endId === undefined || this.graph.infiniteRangeIds.size > 0) {
      original.call(this, deps, endVertex);
      return;
    }
    const rest: unknown[] = [];
    const seen: { idInGraph?: number }[] = [];
    for (const dep of deps) {
      const vertex = isRangeDep(dep) && dep.isFinite() ? this.getRange(dep.start, dep.end) : undefined;
      if (vertex?.idInGraph !== undefined && processedRanges.has(vertex)) seen.push(vertex);
      else rest.push(dep);
    }
    if (rest.length > 0) original.call(this, rest, endVertex);
    for (const vertex of seen) this.graph.addEdge(vertex.idInGraph as number, endId);
    for (const dep of rest) {
      if (!isRangeDep(dep) || !dep.isFinite()) continue;
      const vertex = this.getRange(dep.start, dep.end);
      if (vertex !== undefined) processedRanges.add(vertex);
    }
  };
  rangeState = 'patched';
}

type Vertex = unknown;
interface SortableGraph {
  nodesSparseArray: Vertex[];
  edgesSparseArray: (number | undefined)[][];
  nextId: number;
  getTopSortedWithSccSubgraphFrom(
    modifiedNodes: { idInGraph?: number }[],
    operatingFunction: (node: Vertex) => boolean,
    onCycle: (node: Vertex) => void,
  ): { sorted: Vertex[]; cycled: Vertex[] };
}

let sortState: 'unpatched' | 'patched' | 'unsupported' = 'unpatched';
/** The typed sort runs when the modified nodes are at least 1/SORT_SHARE of the graph (an engine's first run: all). */
const SORT_SHARE = 8;
/** In this thread so far: sorts run by the typed arrays, and by HyperFormula's original. */
const sortCounts = { typed: 0, original: 0 };

/** This thread's sort counts (`sortCounts`), for tests. */
export function topSortCounts(): { typed: number; original: number } {
  return { ...sortCounts };
}

/** Whether the sort runs without an array per node (`unsupported`: HyperFormula's Graph is not the expected shape). */
export function topSortPatchState(): 'unpatched' | 'patched' | 'unsupported' {
  return sortState;
}

/** Patches HyperFormula's Graph class (once) through an engine instance; see the header (3). */
export function patchTopologicalSort(hf: HyperFormula): void {
  if (sortState !== 'unpatched') return;
  const graph = (hf as unknown as { graph?: unknown }).graph as SortableGraph | undefined;
  const proto = graph ? (Object.getPrototypeOf(graph) as SortableGraph) : undefined;
  const shaped =
    graph !== undefined &&
    proto !== undefined &&
    Array.isArray(graph.nodesSparseArray) &&
    Array.isArray(graph.edgesSparseArray) &&
    typeof graph.nextId === 'number' &&
    /new [\w$]*\.?TopSort\(this\.nodesSparseArray, this\.edgesSparseArray\)/.test(
      String(proto.getTopSortedWithSccSubgraphFrom),
    );
  if (!shaped || proto === undefined) {
    sortState = 'unsupported';
    return;
  }
  const original = proto.getTopSortedWithSccSubgraphFrom;
  proto.getTopSortedWithSccSubgraphFrom = function (
    this: SortableGraph,
    modifiedNodes,
    operatingFunction,
    onCycle,
  ) {
    if (!shortcutsOn()) return original.call(this, modifiedNodes, operatingFunction, onCycle);
    const ids: number[] = [];
    for (const node of modifiedNodes) if (node.idInGraph !== undefined) ids.push(node.idInGraph);
    const size = Math.max(this.nodesSparseArray.length, this.edgesSparseArray.length, this.nextId);
    // Why the share: the typed arrays cost the graph's size each call, the original what it visits; a small
    // recomputation (a named expression added, an edit) on a large graph stays with the original.
    if (ids.length * SORT_SHARE < size || !ids.every((id) => Number.isInteger(id) && id >= 0 && id < size)) {
      sortCounts.original++;
      return original.call(this, modifiedNodes, operatingFunction, onCycle);
    }
    sortCounts.typed++;
    return topSort(this.nodesSparseArray, this.edgesSparseArray, size, ids, operatingFunction, onCycle);
  };
  sortState = 'patched';
}

const ON_STACK = 1;
const PROCESSED = 2;
const POPPED = 3;
const IN_SCC = 1;
const ON_CYCLE = 2;
const UPDATE = 4;

/**
 * HyperFormula's TopSort.getTopSortedWithSccSubgraphFrom over `ids` (each below `size`), as described in the
 * header (3): Tarjan's components from each id in reverse order, then the nodes in reverse finishing order,
 * each either on a cycle (`onCycle`) or recomputed when marked (`operatingFunction`), its dependants marked.
 */
function topSort(
  nodes: Vertex[],
  edges: (number | undefined)[][],
  size: number,
  ids: number[],
  operatingFunction: (node: Vertex) => boolean,
  onCycle: (node: Vertex) => void,
): { sorted: Vertex[]; cycled: Vertex[] } {
  const entrance = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const parent = new Int32Array(size).fill(-1);
  const status = new Uint8Array(size);
  const flags = new Uint8Array(size);
  const order = new Int32Array(size);
  const components = new Int32Array(size);
  const dfs: number[] = [];
  let ordered = 0;
  let top = 0; // of `components`, the stack of entered nodes not yet in a component
  let time = 0;

  for (let r = ids.length - 1; r >= 0; r--) {
    const root = ids[r];
    if (status[root] !== 0) continue;
    status[root] = ON_STACK;
    dfs.push(root);
    while (dfs.length > 0) {
      const u = dfs[dfs.length - 1];
      const state = status[u];
      if (state === ON_STACK) {
        entrance[u] = time;
        low[u] = time;
        time++;
        components[top++] = u;
        const list = edges[u];
        for (let i = 0; i < list.length; i++) {
          const t = list[i];
          if (t === undefined || !nodes[t]) continue;
          if (entrance[t] === -1) {
            dfs.push(t);
            parent[t] = u;
            status[t] = ON_STACK;
          }
        }
        status[u] = PROCESSED;
      } else if (state === PROCESSED) {
        let uLow = entrance[u];
        const list = edges[u];
        for (let i = 0; i < list.length; i++) {
          const t = list[i];
          if (t === undefined || !nodes[t] || flags[t] & IN_SCC) continue;
          uLow = parent[t] === u ? Math.min(uLow, low[t]) : Math.min(uLow, entrance[t]);
        }
        low[u] = uLow;
        if (uLow === entrance[u]) {
          // The component is the stack from its top down to u, in that order.
          let k = top;
          do k--;
          while (k > 0 && components[k] !== u);
          // u was entered, so it is on the stack: a miss is a bug, said rather than looped on (as the original would).
          if (components[k] !== u)
            throw new Error('topological sort: a node left the stack before its component');
          const cycle = top - k > 1;
          for (let j = top - 1; j >= k; j--) {
            const t = components[j];
            flags[t] |= cycle ? IN_SCC | ON_CYCLE : IN_SCC;
            order[ordered++] = t;
          }
          top = k;
        }
        dfs.pop();
        status[u] = POPPED;
      } else {
        dfs.pop(); // a node pushed again and already done
      }
    }
  }

  for (const id of ids) flags[id] |= UPDATE;
  const sorted: Vertex[] = [];
  const cycled: Vertex[] = [];
  let adjacent = new Int32Array(16);
  for (let i = ordered - 1; i >= 0; i--) {
    const t = order[i];
    const list = edges[t];
    let n = 0;
    let self = false;
    for (let j = 0; j < list.length; j++) {
      const s = list[j];
      if (s === undefined || !nodes[s]) continue;
      if (n === adjacent.length) {
        const grown = new Int32Array(2 * n);
        grown.set(adjacent);
        adjacent = grown;
      }
      adjacent[n++] = s;
      if (s === t) self = true;
    }
    const node = nodes[t];
    if (flags[t] & ON_CYCLE || self) {
      cycled.push(node);
      onCycle(node);
      for (let j = 0; j < n; j++) flags[adjacent[j]] |= UPDATE;
    } else {
      sorted.push(node);
      if (flags[t] & UPDATE && operatingFunction(node)) {
        for (let j = 0; j < n; j++) flags[adjacent[j]] |= UPDATE;
      }
    }
  }
  return { sorted, cycled };
}
