import { HyperFormula } from '../../src/oracle/hf.js';
import { describe, expect, it } from 'vitest';
import {
  graphPatchState,
  patchDependencyGraph,
  patchRangeDependencies,
  rangePatchState,
} from '../../src/oracle/engine/hf-graph.js';
import { excelConfig } from '../../src/oracle/engine/engine.js';

function engine(): HyperFormula {
  const hf = HyperFormula.buildEmpty(excelConfig(1, 1));
  patchDependencyGraph(hf);
  patchRangeDependencies(hf);
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
