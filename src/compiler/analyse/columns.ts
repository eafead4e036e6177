/**
 * Column analysis: what each table column is, and what each reference in a formula column points at.
 *
 * A column is an input column (values only; blanks kept as null) or a formula column holding the same formula
 * in every data row, compared in R1C1 form (`B2*C2` in row 2 and `B3*C3` in row 3 are both `RC[-2]*RC[-1]`),
 * except: a first row of its own (formula, typed value or blank) over uniform rows is kept as a `start`
 * (a running balance's, cross-row.ts; the compiler refuses it when no row above is read), and a few typed
 * values are overrides (overrides.ts; more than a third make the column an input column). Anything else is
 * refused for that column only (MIXED_CONTENT, ARRAY_FORMULA, NON_UNIFORM_FORMULA, MALFORMED_FORMULA).
 */
import type { Node } from '../../workbook/formula/ast.js';
import { parseFormula } from '../../workbook/formula/parser.js';
import { prepareStrictShift, toR1C1 } from '../../workbook/formula/r1c1.js';
import { substituteNames } from '../recognise/names.js';
import type { ValueKind } from '../lower/contract.js';
import { sheetCell } from '../recognise/refs.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import { isEmpty } from '../recognise/extent.js';
import type { RejectedColumn } from '../types.js';
import type { CellValue } from '../../workbook/values.js';
import { isErrorValue } from '../../workbook/values.js';
import { type CellModel, getCell } from '../../workbook/model.js';
import type { Overrides } from './overrides.js';
import { typedOver } from './overrides.js';
import { displayFormula } from '../../workbook/formula/future.js';

export { MAX_LOOKUP_CELLS } from './other-sheets.js';

export type ColumnPlan =
  | { kind: 'input'; column: TableColumn; values: CellValue[]; kinds: ValueKind[] }
  | {
      kind: 'formula';
      column: TableColumn;
      formula: string;
      ast: Node;
      firstRow: number;
      /**
       * Set when the first data row holds another formula than the rows under it (`=D2`, then `=F2+D3`), or
       * a value (a typed opening balance; `ast` then absent, `value` set): the start of a running balance
       * (cross-row.ts). `formula`/`ast`/`firstRow` are then those of the second row. A column that turns out
       * not to be a scan is refused as `stray` says.
       */
      start?: ScanStart;
      /** Typed-over rows (overrides.ts), skipped by the uniformity check. */
      overrides?: Overrides;
    }
  | { kind: 'refused'; column: TableColumn; rejected: RejectedColumn };

/** A scan column's first row: its own formula, or a value typed there. */
export interface ScanStart {
  /** The first row's formula without `=`, or the value's text. */
  formula: string;
  ast?: Node;
  value?: CellValue;
  /** The refusal when the column is not a scan after all. */
  stray: { reason: 'NON_UNIFORM_FORMULA' | 'MIXED_CONTENT'; detail: string };
}

/** The kinds of a list of values, in a fixed order. */
export function kindsOf(values: readonly CellValue[]): ValueKind[] {
  const seen = new Set<ValueKind>();
  for (const v of values) seen.add(kindOf(v));
  return KIND_ORDER.filter((k) => seen.has(k));
}

export const KIND_ORDER: readonly ValueKind[] = ['number', 'string', 'boolean', 'blank', 'error'];

export function kindOf(v: CellValue): ValueKind {
  if (v === null) return 'blank';
  if (isErrorValue(v)) return 'error';
  return typeof v as 'number' | 'string' | 'boolean';
}

/** Builds a refusal record for a column. */
export function rejection(
  table: RecognisedTable,
  column: TableColumn,
  reason: RejectedColumn['reason'],
  detail: string,
  row: number,
  formula: string,
): RejectedColumn {
  return {
    header: column.header,
    column: column.letter,
    reason,
    detail,
    cell: sheetCell(table.sheet.name, row, column.col),
    formula,
  };
}

/** Classifies every table column (input, formula, or refused). */
export function analyseColumns(table: RecognisedTable): ColumnPlan[] {
  // Why: each column is read row by row several times over; the row maps are looked up once for all columns.
  const rowMaps = table.rows.map((r) => table.sheet.rows.get(r));
  return table.columns.map((column) => {
    const cells = rowMaps.map((m) => m?.get(column.col));
    return withNames(table, analyseColumn(table, column, cells));
  });
}

/** One column's cells in the item rows: `cells[i]` is the cell of row `table.rows[i]` (undefined when blank). */
type ColumnCells = ReadonlyArray<CellModel | undefined>;

/** A formula plan whose names standing for references read as those references from here on (names.ts). */
function withNames(table: RecognisedTable, plan: ColumnPlan): ColumnPlan {
  if (plan.kind !== 'formula') return plan;
  const names = table.workbook?.definedNames ?? [];
  if (names.length === 0) return plan;
  const sub = (ast: Node) => substituteNames(ast, names, table.sheet.name);
  const ast = sub(plan.ast);
  const start = plan.start?.ast ? { ...plan.start, ast: sub(plan.start.ast) } : plan.start;
  return start ? { ...plan, ast, start } : { ...plan, ast };
}

/** The refused plan of a column, its formula defaulting to the column's first. */
function refuser(table: RecognisedTable, column: TableColumn, formula0: string) {
  return (reason: RejectedColumn['reason'], detail: string, row: number, formula = formula0): ColumnPlan => ({
    kind: 'refused',
    column,
    rejected: rejection(table, column, reason, detail, row, formula),
  });
}

function analyseColumn(table: RecognisedTable, column: TableColumn, cells: ColumnCells): ColumnPlan {
  const { sheet, firstDataRow } = table;
  let firstFormula = -1;
  let firstValue = -1;
  let values = 0;
  for (let i = 0; i < cells.length; i++) {
    const r = table.rows[i]!;
    const cell = cells[i];
    if (cell?.formula !== undefined) {
      if (firstFormula < 0) firstFormula = r;
    } else {
      values++;
      if (firstValue < 0) firstValue = r;
    }
  }
  if (firstFormula < 0) {
    const values: CellValue[] = [];
    for (const cell of cells) {
      // Why: an empty-string constant is text to Excel (`=A2+0` is #VALUE!, not 0), so it stays "" here even
      // though isEmpty() counts it as empty when finding the table's extent.
      values.push(cell === undefined ? null : cell.value);
    }
    return { kind: 'input', column, values, kinds: kindsOf(values) };
  }
  const formula0 = getCell(sheet, firstFormula, column.col)?.formula ?? '';
  const refused = refuser(table, column, formula0);
  if (firstValue >= 0) {
    const blank = isEmpty(getCell(sheet, firstValue, column.col));
    const where = sheetCell(sheet.name, firstValue, column.col);
    const detail = `Column ${column.letter} mixes formulas and ${blank ? 'blank cells' : 'values'}: ${where} holds ${blank ? 'nothing' : 'a value'}, ${sheetCell(sheet.name, firstFormula, column.col)} a formula`;
    const typed = typedOver(table, cells);
    if (typed?.kind === 'input')
      return { kind: 'input', column, values: typed.values, kinds: kindsOf(typed.values) };
    const overrides = typed?.rows;
    const start =
      values === 1 && firstValue === firstDataRow ? valueStart(table, column, cells, detail) : undefined;
    if (start?.kind === 'formula') return overrides ? { ...start, overrides } : start;
    if (!overrides) return refused('MIXED_CONTENT', detail, firstValue);
    return formulaPlan(table, column, cells, firstFormula, overrides);
  }
  return formulaPlan(table, column, cells, firstFormula, undefined);
}

/**
 * The plan of a formula column from its first formula row: uniform (typed-over rows skipped), or a first
 * row of its own over uniform rows (a scan's start), else NON_UNIFORM_FORMULA; ARRAY_FORMULA and
 * MALFORMED_FORMULA as they come.
 */
function formulaPlan(
  table: RecognisedTable,
  column: TableColumn,
  cells: ColumnCells,
  firstFormula: number,
  overrides: Overrides | undefined,
): ColumnPlan {
  const { sheet, firstDataRow } = table;
  const formula0 = getCell(sheet, firstFormula, column.col)?.formula ?? '';
  const refused = refuser(table, column, formula0);
  for (let i = 0; i < cells.length; i++) {
    const r = table.rows[i]!;
    const cell = cells[i];
    if (cell?.formulaKind === 'array' || cell?.arrayRef !== undefined) {
      return refused(
        'ARRAY_FORMULA',
        `${sheetCell(sheet.name, r, column.col)} holds an array formula${cell.arrayRef ? ` over ${cell.arrayRef}` : ''}`,
        r,
        cell.formula ?? formula0,
      );
    }
  }
  const parsed = parseFormula(formula0);
  if (!parsed.ast) {
    const first = parsed.diagnostics.find((d) => d.severity === 'error');
    return refused(
      'MALFORMED_FORMULA',
      `The formula cannot be parsed: ${first?.message ?? 'unknown error'}`,
      firstDataRow,
    );
  }
  const odd = firstNonUniformRow(table, cells, column.col, firstFormula, formula0, overrides);
  if (odd === undefined) {
    const plan = {
      kind: 'formula' as const,
      column,
      formula: formula0,
      ast: parsed.ast,
      firstRow: firstFormula,
    };
    return overrides ? { ...plan, overrides } : plan;
  }
  const f = getCell(sheet, odd, column.col)?.formula ?? '';
  const detail = `Row ${odd + 1} holds =${displayFormula(f)}, which is not the formula of row ${firstDataRow + 1} (=${displayFormula(formula0)}) filled down`;
  // A first row of its own (a running balance's start) over rows that are uniform among themselves.
  const second = parseFormula(f);
  if (
    !overrides &&
    firstFormula === firstDataRow &&
    odd === table.rows[1] &&
    second.ast &&
    firstNonUniformRow(table, cells, column.col, odd, f) === undefined
  ) {
    const start = {
      formula: formula0,
      ast: parsed.ast,
      stray: { reason: 'NON_UNIFORM_FORMULA' as const, detail },
    };
    return { kind: 'formula', column, formula: f, ast: second.ast, firstRow: odd, start };
  }
  return refused('NON_UNIFORM_FORMULA', detail, odd, f);
}

/**
 * A value in the first row over uniform formulas (a typed opening balance, or a blank first difference): a
 * scan's start when the formulas read the row above (decided by the compiler), else MIXED_CONTENT.
 */
function valueStart(
  table: RecognisedTable,
  column: TableColumn,
  cells: ColumnCells,
  detail: string,
): ColumnPlan | undefined {
  const row = table.rows[1];
  if (row === undefined) return undefined;
  const f = getCell(table.sheet, row, column.col)?.formula ?? '';
  const parsed = parseFormula(f);
  if (!parsed.ast || firstNonUniformRow(table, cells, column.col, row, f) !== undefined) return undefined;
  const cell = getCell(table.sheet, table.firstDataRow, column.col);
  const value = cell === undefined ? null : cell.value;
  const start = {
    formula: JSON.stringify(value),
    value,
    stray: { reason: 'MIXED_CONTENT' as const, detail },
  };
  return { kind: 'formula', column, formula: f, ast: parsed.ast, firstRow: row, start };
}

/** The first row after `from` whose formula is not `formula0` (the formula of row `from`) filled down. */
function firstNonUniformRow(
  table: RecognisedTable,
  cells: ColumnCells,
  col: number,
  from: number,
  formula0: string,
  skip?: Overrides,
): number | undefined {
  const r1c1 = toR1C1(formula0, from, col);
  // Why the shift first: a row holding exactly the first formula moved down (what filling, and the reader's
  // shared formulas, produce) has its R1C1 form, unless the move pushed a reference off the grid (#REF!).
  // Comparing texts avoids translating every row to R1C1; any other row is translated and compared.
  const filled = prepareStrictShift(formula0, from, col);
  const refs0 = countRefErrors(formula0);
  for (let i = 0; i < cells.length; i++) {
    const r = table.rows[i]!;
    if (r <= from || skip?.has(r)) continue;
    const f = cells[i]?.formula ?? '';
    if (f === formula0 && !/[A-Za-z]\$?[0-9]/.test(f)) continue;
    if (f === filled(r, col) && countRefErrors(f) === refs0) continue;
    if (toR1C1(f, r, col) !== r1c1) return r;
  }
  return undefined;
}

/** How many times `#REF!` occurs in a formula's text (it cannot overlap itself). */
function countRefErrors(f: string): number {
  let n = 0;
  for (let at = f.indexOf('#REF!'); at >= 0; at = f.indexOf('#REF!', at + 5)) n++;
  return n;
}
