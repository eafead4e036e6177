/**
 * The corpus index `expected-cells.jsonl` (one line per formula cell of ../shared/corpus/excel, with the raw
 * `t`/`v` Excel saved), read one way for every script and test that checks against it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CellValue } from '../src/workbook/values.js';
import { decodeOoxmlText, parseCellRef } from '../src/workbook/xml-scan.js';

export interface ExpectedCell {
  file: string;
  sheet: string;
  cell: string;
  kind: string;
  formula: string;
  /** For a shared-formula master, the range it covers. */
  ref?: string;
  cached?: { t?: string; v?: string };
}

/** An index line's cell (`B12`) as 0-based row and column; the index is written by us, so a bad one throws. */
export function parseA1(ref: string): { row: number; col: number } {
  const at = parseCellRef(ref);
  if (!at) throw new Error(`bad cell address ${ref}`);
  return at;
}

/** Every line of the index under `corpusRoot`, in file order. */
export function readExpectedCells(corpusRoot: string): ExpectedCell[] {
  return readFileSync(join(corpusRoot, 'expected-cells.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ExpectedCell);
}

/**
 * The value Excel saved, as a CellValue: numbers as doubles (`Number(v)`), `str`/`s`/`inlineStr` text with
 * OOXML's `_xHHHH_` escapes decoded (the index keeps them as written: `_x0001_` is U+0001 and `_x005F_` a literal
 * underscore, ECMA-376 Part 1, 22.4.2.4 ST_Xstring; decoded by the workbook reader's own `decodeOoxmlText`),
 * `b` booleans (`1`/`0`), `e` errors; undefined when the cell carries no saved value.
 */
export function savedValue(c: ExpectedCell['cached']): CellValue | undefined {
  if (!c || c.v === undefined || c.v === null) return undefined;
  switch (c.t ?? 'n') {
    case 'n':
      return Number(c.v);
    case 'str':
    case 's':
    case 'inlineStr':
      return decodeOoxmlText(c.v);
    case 'b':
      return c.v === '1' || c.v === 'true';
    case 'e':
      return { error: c.v } as CellValue;
    default:
      return undefined;
  }
}
