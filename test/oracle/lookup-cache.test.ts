/**
 * The lookups read a sheet range once per engine (range-cache.ts, functions/lookup.ts): every call still
 * sees that engine's final values. The tables here are formulas (one of them lookups itself), so a read
 * before they are computed, a cache kept across engines, or one keyed by the formula rather than the
 * address it resolves to, gives a value other than the one worked out here.
 */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

const TABLE = 10; // table rows 2..11 (K:M), its transpose in K14:T15
const FIRST = 20; // data rows 20..49
const ROWS = 30;
const NA: CellValue = { error: '#N/A' };

/** A workbook whose table keys are `"K"&n` with n = j * step mod 10 (step 3 or 7: a permutation). */
function workbook(step: number): { wb: WorkbookModel; want: Map<string, CellValue> } {
  const grid: (CellValue | undefined)[][] = [];
  const at = (r: number, c: number, v: CellValue) => {
    grid[r - 1] ??= [];
    grid[r - 1]![c] = v;
  };
  const n = (j: number) => (j * step) % TABLE;
  const B = (i: number) => ((i * step) % TABLE) + 1;
  const sumB = B(0) + B(1) + B(2);
  const L = (j: number) => n(j) * 10 + sumB;
  for (let j = 0; j < TABLE; j++) {
    const r = 2 + j;
    at(r, 13, n(j)); // N
    at(r, 10, `="K"&N${r}`); // K: the key, a formula
    at(r, 11, `=N${r}*10+SUM($B$${FIRST}:$B$${FIRST + 2})`); // L: reads the data rows
    at(r, 12, `=VLOOKUP(K${r},$K$2:$L$11,2,FALSE)+1`); // M: a lookup into the table itself
    at(14, 10 + j, `=K${r}`);
    at(15, 10 + j, `=L${r}`);
  }
  const want = new Map<string, CellValue>();
  const rowOfKey = (k: number) => Array.from({ length: TABLE }, (_, j) => j).find((j) => n(j) === k);
  for (let i = 0; i < ROWS; i++) {
    const r = FIRST + i;
    const k = (i * 7) % 12; // k10, k11: no such key
    at(r, 0, `k${k}`);
    at(r, 1, B(i));
    at(r, 2, `=VLOOKUP(A${r},$K$2:$M$11,3,FALSE)`);
    at(r, 3, `=MATCH(A${r},$K$2:$K$11,0)`);
    at(r, 4, `=XLOOKUP(A${r},$K$2:$K$11,$L$2:$L$11,"nf")`);
    at(r, 5, `=HLOOKUP(A${r},$K$14:$T$15,2,FALSE)`);
    at(r, 6, `=INDEX($L$2:$L$11,B${r})`);
    const j = rowOfKey(k);
    want.set(`${r},2`, j === undefined ? NA : L(j) + 1);
    want.set(`${r},3`, j === undefined ? NA : j + 1);
    want.set(`${r},4`, j === undefined ? 'nf' : L(j));
    want.set(`${r},5`, j === undefined ? NA : L(j));
    want.set(`${r},6`, L(B(i) - 1));
    if (i + 2 < ROWS) {
      // A relative range: each row reads its own three cells (one formula, thirty addresses).
      at(r, 7, `=INDEX(B${r}:B${r + 2},3)`);
      at(r, 8, `=MATCH(B${r + 1},B${r}:B${r + 2},0)`);
      want.set(`${r},7`, B(i + 2));
      const three = [B(i), B(i + 1), B(i + 2)];
      want.set(`${r},8`, three.indexOf(B(i + 1)) + 1);
    }
  }
  return { wb: { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] }, want };
}

function check(step: number, blockRows?: number): void {
  const { wb, want } = workbook(step);
  const o = evaluateWorkbook(wb, blockRows === undefined ? {} : { blockRows });
  for (const [k, v] of want) {
    const [r, c] = k.split(',').map(Number) as [number, number];
    expect({ cell: k, value: o.get('S', r - 1, c) }).toEqual({ cell: k, value: v });
  }
}

describe('lookups over a table of formulas, read once per engine', () => {
  it('one engine', () => check(3));
  it('a second engine with another table at the same address', () => {
    check(3);
    check(7);
    check(3);
  });
  it('in blocks of 3 rows (an engine per block)', () => {
    check(7, 3);
    check(3, 3);
  });
});
