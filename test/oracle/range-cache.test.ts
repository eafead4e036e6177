/**
 * The oracle's grouped criteria (excel-criteria.ts CriteriaRange, range-cache.ts) answer exactly what a
 * scan of every row with the same per-cell rule answers, and per-row SUMIF/COUNTIF columns over formula
 * columns read final values (the engine's dependency order).
 */
import { CellError, EmptyValue, ErrorType } from '../../src/oracle/hf.js';
import { describe, expect, it } from 'vitest';
import { criteriaAggregate, criterionMatches } from '../../src/oracle/excel/excel-criteria.js';
import { UNKNOWN } from '../../src/oracle/excel/excel-scalars.js';
import { ExactIndex } from '../../src/oracle/excel/excel-lookups.js';
import { textMatches } from '../../src/oracle/excel/excel-values.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { prng } from '../../scripts/hostile/cases.js';

type Value = Parameters<typeof criterionMatches>[1];
const BLANK = EmptyValue as Value;
const POOL: Value[] = [
  UNKNOWN(),
  1,
  2,
  2.5,
  0,
  -0,
  0.1 + 0.2,
  0.3,
  1e21,
  '1',
  ' 2',
  '2.50',
  '0.3',
  'a',
  'A',
  'b',
  'B ',
  'é',
  'É',
  '',
  '$5',
  'TRUE',
  '#N/A',
  'jan 5',
  true,
  false,
  EmptyValue,
  new CellError(ErrorType.NA),
  new CellError(ErrorType.DIV_BY_ZERO),
  '1e3',
];
const CRITERIA: Value[] = [
  1,
  2,
  2.5,
  0,
  0.3,
  1000,
  'a',
  'A',
  'b',
  'é',
  '1',
  '=2',
  '2.5',
  '=a',
  '0.3',
  BLANK,
  'zz',
];

/** The reference: ask every row, as the oracle did before grouping. */
function scan(agg: 'count' | 'sum', values: Value[], range: Value[], c: Value): unknown {
  const hits = range.map((x) => criterionMatches(c, x));
  if (hits.includes('unknown')) return 'unknown';
  const rows = hits.flatMap((h, i) => (h === true ? [i] : []));
  if (agg === 'count') return rows.length;
  const error = rows.map((i) => values[i]).find((v) => v instanceof CellError);
  if (error) return error;
  return rows.reduce((s, i) => (typeof values[i] === 'number' ? s + (values[i] as number) : s), 0);
}
const norm = (v: unknown) => (v instanceof CellError && v.message === UNKNOWN().message ? 'unknown' : v);

describe('grouped criteria equal the scan', () => {
  const rnd = prng(14);
  const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)] as T;
  const cases = Array.from({ length: 400 }, (): { range: Value[]; values: Value[]; c: Value } => {
    const n = 1 + Math.floor(rnd() * 12);
    return {
      range: Array.from({ length: n }, () => pick(POOL)),
      values: Array.from({ length: n }, () => pick<Value>([1, 2, 0.1, 0.2, 'x', BLANK])),
      c: pick(CRITERIA),
    };
  });
  it.each(cases.map((x, i) => [i, x] as const))('case %i', (_i, { range, values, c }) => {
    for (const agg of ['count', 'sum'] as const) {
      const got = norm(
        criteriaAggregate(agg, agg === 'count' ? undefined : values, [{ criterion: c, range }]),
      );
      const want = scan(agg, values, range, c);
      if (want === 'unknown') expect(got).toBe('unknown');
      else if (typeof want === 'number') expect(got).toBe(want);
      else expect(got).toEqual(want);
    }
  });
});

describe('per-row criteria columns in the oracle', () => {
  const cats = ['North', 'south', 'NORTH', 'east', 'South', 'west', 'north', 'East', 'x1', 'X1'];
  const n = 40;
  const grid: (string | number | undefined)[][] = [
    ['Cat', 'Qty', 'Amount', 'Sum', 'Count', 'Share', 'First'],
  ];
  for (let i = 0; i < n; i++) {
    const r = i + 2;
    grid.push([
      cats[(i * 7) % cats.length],
      (i % 9) + 0.5,
      `=B${r}*3`,
      `=SUMIF($A$2:$A$${n + 1},A${r},$C$2:$C$${n + 1})`,
      `=COUNTIF($A$2:$A$${n + 1},A${r})`,
      `=C${r}/SUMIFS($C$2:$C$${n + 1},$A$2:$A$${n + 1},A${r})`,
      `=MATCH(A${r},$A$2:$A$${n + 1},0)`,
    ]);
  }
  const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
  const o = evaluateWorkbook(wb);
  const key = (r: number) => String(grid[r]![0]).toLowerCase();
  it.each(Array.from({ length: n }, (_, i) => i + 1))('row %i reads the final amounts', (r) => {
    const same = grid.slice(1).flatMap((row, j) => (key(j + 1) === key(r) ? [row] : []));
    const sum = same.reduce((s, row) => s + (row[1] as number) * 3, 0);
    expect(o.get('S', r, 3)).toBe(sum);
    expect(o.get('S', r, 4)).toBe(same.length);
    expect(o.get('S', r, 5)).toBe(((grid[r]![1] as number) * 3) / sum);
    expect(o.get('S', r, 6)).toBe(grid.slice(1).findIndex((_, j) => key(j + 1) === key(r)) + 1);
  });
});

describe('the indexed exact match equals the scan', () => {
  const rnd = prng(15);
  const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)] as T;
  const cells: Value[] = [
    1,
    2,
    -0,
    0,
    '1',
    'a',
    'A',
    'é',
    'É',
    'a*',
    'straße',
    'STRASSE',
    true,
    false,
    BLANK,
    '',
  ];
  const keys: Value[] = [1, 0, -0, '1', 'a', 'É', 'a*', 'a?', '~*', 'straße', true, false, 2.5];
  const scan = (key: Value, list: Value[]) =>
    list.findIndex((c) =>
      typeof key === 'string'
        ? typeof c === 'string' && textMatches(key, c)
        : typeof c === typeof key && c === key,
    );
  it('on 500 random columns', () => {
    for (let t = 0; t < 500; t++) {
      const list = Array.from({ length: 1 + Math.floor(rnd() * 10) }, () => pick(cells));
      const index = new ExactIndex(list as never);
      for (const key of keys) expect(index.find(key as never)).toBe(scan(key, list));
    }
  });
});
