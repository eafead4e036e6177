import { HyperFormula } from '../../src/oracle/hf.js';
import { describe, expect, it } from 'vitest';
import {
  graphPatchState,
  patchDependencyGraph,
  patchRangeDependencies,
  patchTopologicalSort,
  rangePatchState,
  topSortCounts,
  topSortPatchState,
} from '../../src/oracle/engine/hf-graph.js';
import { excelConfig } from '../../src/oracle/engine/engine.js';
import { withoutShortcuts } from '../../src/oracle/engine/hf-parse.js';

function engine(): HyperFormula {
  const hf = HyperFormula.buildEmpty(excelConfig(1, 1));
  patchDependencyGraph(hf);
  patchRangeDependencies(hf);
  patchTopologicalSort(hf);
  return hf;
}

describe('the linear edge insert of HyperFormula’s dependency graph', () => {
  it('is applied to the pinned HyperFormula version', () => {
    engine().destroy();
    expect(graphPatchState()).toBe('patched');
  });

  it('keeps the edge list exactly as the original method would, through removals and re-adds', () => {
    const hf = engine();
    type Node = { idInGraph?: number };
    const graph = (hf as unknown as { graph: Record<string, (...a: unknown[]) => unknown> }).graph;
    const edges = (graph as unknown as { edgesSparseArray: (number | undefined)[][] }).edgesSparseArray;
    const node = (): Node => {
      const n: Node = {};
      graph.addNodeIfNotExists(n);
      return n;
    };
    const from = node();
    const to = Array.from({ length: 100 }, node);
    for (const t of to) graph.addEdge(from, t);
    for (const t of to) graph.addEdge(from, t); // duplicates are ignored
    const list = () => edges[from.idInGraph as number].filter((x) => x !== undefined);
    expect(list()).toEqual(to.map((t) => t.idInGraph));
    graph.removeEdge(from, to[40]);
    graph.removeEdgeIfExists(from, to[41]);
    expect(list()).not.toContain(to[40].idInGraph);
    graph.addEdge(from, to[40]);
    graph.addEdge(from, to[41]);
    expect(list().filter((x) => x === to[40].idInGraph)).toHaveLength(1);
    expect(list().filter((x) => x === to[41].idInGraph)).toHaveLength(1);
    expect(list()).toHaveLength(100);
    hf.destroy();
  });

  it('recomputes exactly the dependants of a cell read by many formulas, through edits that remove edges', () => {
    const hf = engine();
    const n = 200; // well above the short-list threshold
    const rows = Array.from({ length: n }, (_, i) => [i + 1, `=A${i + 1}*$C$1+SUM($D$1:$D$3)`]);
    hf.addSheet('S');
    const id = hf.getSheetId('S') as number;
    hf.setSheetContent(id, rows);
    hf.setCellContents({ sheet: id, row: 0, col: 2 }, [[2]]);
    hf.setCellContents({ sheet: id, row: 0, col: 3 }, [[1], [1], [1]]);
    const b = (r: number) => hf.getCellValue({ sheet: id, row: r, col: 1 });
    expect(b(0)).toBe(5);
    expect(b(n - 1)).toBe(n * 2 + 3);

    // Row 50 stops reading C1 (its edge from C1 is removed), then C1 changes: row 50 must not move.
    hf.setCellContents({ sheet: id, row: 49, col: 1 }, [['=A50*$C$2']]);
    hf.setCellContents({ sheet: id, row: 1, col: 2 }, [[10]]);
    hf.setCellContents({ sheet: id, row: 0, col: 2 }, [[3]]);
    expect(b(49)).toBe(500);
    expect(b(48)).toBe(49 * 3 + 3);

    // Row 50 reads C1 again: the edge must be added back (a stale membership would leave it out).
    hf.setCellContents({ sheet: id, row: 49, col: 1 }, [['=A50*$C$1']]);
    hf.setCellContents({ sheet: id, row: 0, col: 2 }, [[4]]);
    expect(b(49)).toBe(200);
    for (let r = 0; r < n; r++) expect(b(r)).toBe(r === 49 ? 200 : (r + 1) * 4 + 3);

    // The range read by every row: changing one of its cells reaches all of them.
    hf.setCellContents({ sheet: id, row: 2, col: 3 }, [[11]]);
    for (let r = 0; r < n; r++) expect(b(r)).toBe(r === 49 ? 200 : (r + 1) * 4 + 13);
    hf.destroy();
  });
});

describe('a range read by many formulas is walked once', () => {
  it('is applied to the pinned HyperFormula version', () => {
    engine().destroy();
    expect(rangePatchState()).toBe('patched');
  });

  it('keeps every cell of a shared range a dependency of every formula reading it', () => {
    const hf = engine();
    const n = 300;
    hf.addSheet('S');
    const id = hf.getSheetId('S') as number;
    // Each row reads the whole locked range A1:A300, written before and after the range's cells exist.
    const rows = Array.from({ length: n }, (_, i) => [
      i % 3,
      `=COUNTIF($A$1:$A$${n},A${i + 1})+SUM($A$1:$A$${n})*0+B${i + 1}*0`,
      `=SUMIF($A$1:$A$${n},A${i + 1},$D$1:$D$${n})`,
      1,
    ]);
    hf.setSheetContent(id, rows);
    const v = (r: number, c: number) => hf.getCellValue({ sheet: id, row: r, col: c });
    const count = (k: number) => rows.filter((x) => x[0] === k).length;
    for (let r = 0; r < n; r++) expect(v(r, 2)).toBe(count(r % 3));
    // A cell of the range changes: every formula reading the range sees it.
    hf.setCellContents({ sheet: id, row: n - 1, col: 0 }, [[0]]);
    hf.setCellContents({ sheet: id, row: n - 1, col: 3 }, [[5]]);
    rows[n - 1]![0] = 0;
    for (let r = 0; r < n - 1; r++) {
      const k = r % 3;
      expect(v(r, 2)).toBe(k === 0 ? count(0) + 4 : count(k));
    }
    hf.destroy();
  });
});

describe('the topological sort without an array per node', () => {
  it('is applied to the pinned HyperFormula version', () => {
    engine().destroy();
    expect(topSortPatchState()).toBe('patched');
  });

  type Node = { name: number; idInGraph?: number };
  interface Sortable {
    nodesSparseArray: (Node | undefined)[];
    edgesSparseArray: (number | undefined)[][];
    nextId: number;
    getTopSortedWithSccSubgraphFrom(
      modified: Node[],
      op: (n: Node) => boolean,
      onCycle: (n: Node) => void,
    ): { sorted: Node[]; cycled: Node[] };
  }

  /** A graph of HyperFormula's Graph class, built by hand: any shape, removed nodes, holes and undefined in lists. */
  function randomGraph(proto: object, seed: number): { graph: Sortable; modified: Node[]; live: Node[] } {
    let x = seed;
    const rand = (n: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const n = 1 + rand(40);
    const graph = Object.create(proto) as Sortable;
    graph.nodesSparseArray = [];
    graph.edgesSparseArray = [];
    graph.nextId = n;
    const all: Node[] = [];
    for (let i = 0; i < n; i++) {
      const node: Node = { name: i, idInGraph: i };
      all.push(node);
      graph.nodesSparseArray[i] = node;
      graph.edgesSparseArray[i] = [];
    }
    const density = 1 + rand(4);
    for (let i = 0; i < n; i++) {
      const list = graph.edgesSparseArray[i]!;
      for (let k = rand(density * 2 + 1); k > 0; k--) {
        // Mostly forward edges (a formula sheet), some back edges and self-loops (cycles), now and then undefined.
        const r = rand(20);
        if (r === 0) list.push(undefined);
        else if (r < 4) list.push(rand(n));
        else if (r === 4) list.push(i);
        else list.push(Math.min(n - 1, i + 1 + rand(5)));
      }
      if (list.length > 1 && rand(4) === 0) delete list[rand(list.length)];
    }
    // Removed nodes: gone from the node array (and their own lists), still named in others' lists.
    for (let k = rand(3); k > 0; k--) {
      const id = rand(n);
      const node = graph.nodesSparseArray[id];
      if (node === undefined) continue;
      delete graph.nodesSparseArray[id];
      delete graph.edgesSparseArray[id];
      node.idInGraph = undefined;
    }
    const live = all.filter((v) => v.idInGraph !== undefined);
    // Mostly every node (an engine's first run), else a few, which the patch leaves to the original when under 1/8.
    const some = Array.from({ length: 1 + rand(n) }, () => all[rand(n)]!);
    const modified = rand(3) === 0 ? some : [...live, ...some.slice(0, rand(4))];
    return { graph, modified, live };
  }

  function run(graph: Sortable, modified: Node[], seed: number) {
    const calls: string[] = [];
    const result = graph.getTopSortedWithSccSubgraphFrom(
      modified,
      (v) => {
        calls.push(`op ${v.name}`);
        return (v.name * 7 + seed) % 3 !== 0; // some recomputations change nothing
      },
      (v) => void calls.push(`cycle ${v.name}`),
    );
    return { sorted: result.sorted.map((v) => v.name), cycled: result.cycled.map((v) => v.name), calls };
  }

  it('gives the original’s order, cycles and calls on 3,000 random graphs', () => {
    const hf = engine();
    const proto = Object.getPrototypeOf((hf as unknown as { graph: object }).graph) as object;
    let cyclic = 0;
    const before = topSortCounts();
    for (let seed = 1; seed <= 3000; seed++) {
      const { graph, modified } = randomGraph(proto, seed);
      const ours = run(graph, modified, seed);
      const theirs = withoutShortcuts(() => run(graph, modified, seed));
      expect(ours, `seed ${seed}`).toEqual(theirs);
      if (theirs.cycled.length > 0) cyclic++;
    }
    // The random graphs do exercise cycles, and both of the patch's paths.
    expect(cyclic).toBeGreaterThan(300);
    const after = topSortCounts();
    expect(after.typed - before.typed).toBeGreaterThan(1500);
    expect(after.original - before.original).toBeGreaterThan(50);
    hf.destroy();
  });

  it('evaluates a workbook with a long chain and a cycle as before', () => {
    // B is a running total down 2,000 rows; B2001 and C2001 read each other; D2001 reads the cycle.
    const rows: (number | string)[][] = Array.from({ length: 2000 }, (_, i) => [
      i,
      i === 0 ? '=A1' : `=B${i}+A${i + 1}`,
    ]);
    rows.push([0, '=C2001', '=B2001', '=C2001+1']);
    const build = () => {
      const hf = engine();
      hf.addSheet('S');
      const id = hf.getSheetId('S') as number;
      hf.setSheetContent(id, rows);
      const values = rows.map((_, r) => [1, 2, 3].map((c) => hf.getCellValue({ sheet: id, row: r, col: c })));
      hf.destroy();
      return values;
    };
    const ours = build();
    expect(ours[1999]![0]).toBe((1999 * 2000) / 2);
    expect(ours).toEqual(withoutShortcuts(build));
  });
});
