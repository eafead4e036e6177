/**
 * How far down a layout table reaches (docs/compiler.md "Blank rows and the table's extent").
 *
 * - The rows with something in the table's columns, below the header row, fall into blocks of consecutive
 *   rows. The first block (it starts right under the header row) is data.
 * - A later block, below one or more rows empty in every table column, is data too when every row of it
 *   continues the table's columns: its non-empty cells (side cells aside) are all in the table's columns; a
 *   formula column holds the column's formula (the same R1C1 as the nearest data row above; a blank formula
 *   cell would make the whole column MIXED_CONTENT, so such a row is taken for a note, not data); a value
 *   column holds values of the kinds it holds above (numbers, text, booleans; an error value always fits).
 *   The empty rows between are not items (a blank row is not a record): `rows` skips them.
 * - The block's last row may be the summary row instead (table.ts `summaryCells`); a block whose rows do not
 *   continue ends the table, and what it holds is named in ROWS_LEFT_OUT with the reason.
 */
import { colName, prepareStrictShift, toR1C1 } from '../../workbook/formula/index.js';
import type { CellModel, SheetModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';
import { isErrorValue } from '../../workbook/values.js';
import { displayFormula } from '../../workbook/formula/future.js';

/** The data rows found, and why the table stops where it does (when a later block does not continue it). */
export interface Extent {
  /** Item rows in order (0-based), the empty rows between blocks left out. */
  rows: number[];
  /** Why the rows below are not taken, when a later block is not (a sentence for ROWS_LEFT_OUT). */
  stop?: string;
}

/**
 * Column profile of the rows taken so far: the nearest formula and its row, or the kinds of values. `same`
 * (built when a block is checked) says whether a formula at (row, col) is that formula filled down.
 */
type Profile = Map<
  number,
  { formula?: string; row?: number; kinds: Set<string>; same?: (f: string, row: number) => boolean }
>;

/**
 * The table's data rows from `first`: the first block, then every later block that continues it.
 * `isSummary(row, first, last)` says whether a row is the summary row over the data rows first..last; `side`
 * holds the side cells (`row,col`). Stops after `cap` rows (the caller refuses more). Linear in the rows.
 */
export function tableExtent(
  sheet: SheetModel,
  run: number[],
  first: number,
  side: ReadonlySet<string>,
  cap: number,
  isSummary: (row: number, first: number, last: number) => boolean,
): Extent {
  const blocks = occupiedBlocks(sheet, run, first);
  const rows: number[] = [];
  const profile: Profile = new Map(run.map((c) => [c, { kinds: new Set<string>() }]));
  // Why only with later blocks: the profile is what a later block is checked against.
  const learning = blocks.length > 1;
  const section = sectionTest(sheet, run, blocks[0], side);
  for (const [i, [from, block]] of blocks.entries()) {
    const n = rows.length;
    if (i > 0 && n > 1 && isSummary(rows[n - 1], first, rows[n - 2]))
      return { rows, stop: `row ${from + 1} is below the summary row ${rows[n - 1] + 1}` };
    // Section rows followed by items are skipped; trailing ones (a note) end the table. A block of nothing
    // but labels is read as before: a later one does not continue the table.
    let to = block;
    while (to >= from && section(to)) to--;
    const skip = to >= from ? section : () => false;
    if (to < from) to = block;
    const note = to < block ? to + 1 : undefined;
    const odd = i === 0 ? undefined : firstOddRow(sheet, run, from, to, profile, side, skip);
    if (odd !== undefined && !(odd.row === to && to > from && isSummary(to, first, to - 1)))
      return { rows, stop: `row ${odd.row + 1} does not continue its columns (${odd.why})` };
    // The block continues the table; its last row may be the summary row over everything above it.
    for (let r = from; r <= to; r++) {
      if (skip(r)) continue;
      rows.push(r);
      if (learning) learn(sheet, run, r, profile);
      if (rows.length > cap) return { rows };
    }
    if (odd !== undefined) return { rows };
    if (note !== undefined) return { rows, stop: `row ${note + 1} ${SECTION_NOTE}` };
  }
  return { rows };
}

const SECTION_NOTE =
  'holds only labels, the formula columns blank (a note, or a section heading with no items under it)';

/**
 * Whether a row is a section row: its non-empty cells (side cells aside) are labels in the table's columns,
 * at least one, and every formula column of the first block (a column holding a formula there) is blank in
 * it. A table without formula columns has none.
 */
function sectionTest(
  sheet: SheetModel,
  run: number[],
  block: [number, number] | undefined,
  side: ReadonlySet<string>,
): (row: number) => boolean {
  if (block === undefined) return () => false;
  // The block's rows looked up once each, until every column has shown a formula.
  let pending = run;
  for (let r = block[0]; r <= block[1] && pending.length > 0; r++) {
    const line = sheet.rows.get(r);
    if (line !== undefined) pending = pending.filter((c) => line.get(c)?.formula === undefined);
  }
  const formulas = run.filter((c) => !pending.includes(c));
  if (formulas.length === 0) return () => false;
  const inRun = new Set(run);
  return (row) => {
    const line = sheet.rows.get(row);
    if (formulas.some((c) => !isEmpty(line?.get(c)))) return false;
    let labels = 0;
    for (const [c, cell] of line ?? []) {
      if (isEmpty(cell) || side.has(`${row},${c}`)) continue;
      if (!inRun.has(c) || cell.formula !== undefined || typeof cell.value !== 'string') return false;
      labels++;
    }
    return labels > 0;
  };
}

/** Runs of consecutive rows from `first` down with a non-empty cell in the table's columns, `[from, to]`. */
function occupiedBlocks(sheet: SheetModel, run: number[], first: number): Array<[number, number]> {
  const occupied: number[] = [];
  for (const [r, cells] of sheet.rows) {
    if (r >= first && run.some((c) => !isEmpty(cells.get(c)))) occupied.push(r);
  }
  occupied.sort((a, b) => a - b);
  const blocks: Array<[number, number]> = [];
  for (const r of occupied) {
    const last = blocks[blocks.length - 1];
    if (last && last[1] === r - 1) last[1] = r;
    else if (last || r === first) blocks.push([r, r]);
  }
  return blocks;
}

function learn(sheet: SheetModel, run: number[], row: number, profile: Profile): void {
  for (const c of run) {
    const cell = getCell(sheet, row, c);
    const p = profile.get(c)!;
    if (cell?.formula !== undefined) {
      p.formula = cell.formula;
      p.row = row;
    } else if (!isEmpty(cell)) p.kinds.add(kindOf(cell!));
  }
}

/** Whether formulas in column `col` are `formula` (at `row`) filled down: the shifted text, else the R1C1. */
function sameFormula(formula: string, row: number, col: number): (f: string, at: number) => boolean {
  const shift = prepareStrictShift(formula, row, col);
  let r1c1: string | undefined;
  return (f, at) => {
    if (f === shift(at, col) && !f.includes('#REF!')) return true;
    r1c1 ??= toR1C1(formula, row, col);
    return toR1C1(f, at, col) === r1c1;
  };
}

/** The first row of the block that does not continue the table's columns, and why. */
function firstOddRow(
  sheet: SheetModel,
  run: number[],
  from: number,
  to: number,
  profile: Profile,
  side: ReadonlySet<string>,
  section: (row: number) => boolean,
): { row: number; why: string } | undefined {
  for (const [c, p] of profile) {
    if (p.formula !== undefined && p.row !== undefined) p.same = sameFormula(p.formula, p.row, c);
  }
  for (let r = from; r <= to; r++) {
    if (section(r)) continue;
    const why = whyNotContinued(sheet, run, r, profile, side);
    if (why !== undefined) return { row: r, why };
  }
  return undefined;
}

function whyNotContinued(
  sheet: SheetModel,
  run: number[],
  row: number,
  profile: Profile,
  side: ReadonlySet<string>,
): string | undefined {
  const at = (c: number) => `${colName(c)}${row + 1}`;
  for (const [c, cell] of sheet.rows.get(row) ?? []) {
    if (!run.includes(c) && !isEmpty(cell) && !side.has(`${row},${c}`))
      return `${at(c)} lies outside the table's columns`;
  }
  for (const c of run) {
    const cell = getCell(sheet, row, c);
    const p = profile.get(c)!;
    if (p.same !== undefined) {
      if (cell?.formula === undefined) return `${at(c)} does not hold the formula of column ${colName(c)}`;
      if (!p.same(cell.formula, row))
        return `${at(c)} holds =${displayFormula(cell.formula)}, not =${displayFormula(p.formula ?? '')} filled down`;
      continue;
    }
    if (cell?.formula !== undefined)
      return `${at(c)} holds a formula where column ${colName(c)} holds values`;
    if (isEmpty(cell) || p.kinds.size === 0) continue;
    const kind = kindOf(cell!);
    if (kind !== 'error' && !p.kinds.has(kind)) {
      return `${at(c)} holds ${kind} where column ${colName(c)} holds ${[...p.kinds].join(' and ')}`;
    }
  }
  return undefined;
}

function kindOf(cell: CellModel): string {
  if (isErrorValue(cell.value)) return 'error';
  if (typeof cell.value === 'number') return 'numbers';
  if (typeof cell.value === 'boolean') return 'booleans';
  return 'text';
}

/** A cell with no formula and no value (an empty string counts as empty). */
export function isEmpty(cell: CellModel | undefined): boolean {
  return cell === undefined || (cell.formula === undefined && (cell.value === null || cell.value === ''));
}
