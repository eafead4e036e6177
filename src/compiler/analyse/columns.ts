/**
 * Column analysis: what each table column is, and what each reference in a formula column points at.
 *
 * A column is an input column (values only; blanks kept as null) or a formula column holding the same formula
 * in every data row, compared in R1C1 form (`B2*C2` in row 2 and `B3*C3` in row 3 are both `RC[-2]*RC[-1]`),
 * except: a first row of its own (formula, typed value or blank) over uniform rows is kept as a `start`
 * (a running balance's, cross-row.ts; the compiler refuses it when no row above is read), and a few typed
 * values are overrides (overrides.ts; more than a third make the column an input column). Anything else is
 * refused for that column only (MIXED_CONTENT, ARRAY_FORMULA, NON_UNIFORM_FORMULA, MALFORMED_FORMULA).
 *
 * References are resolved against the first data row's formula (uniformity makes it stand for every row):
 * - a same-row cell in a table column → that field; in the column itself → CIRCULAR_REFERENCE;
 * - a relative cell in the row above, for a scan's resolver → `previous` (cross-row.ts); a cell in any other
 *   row of the table → CROSS_ROW_REFERENCE;
 * - a row-locked cell outside the table holding a number, labelled by a defined name pointing at it, else the
 *   text to its left, else the text above → a constant named from the label (`Tax rate` → `taxRate`), on this
 *   sheet or another (other-sheets.ts); anything else outside → UNRESOLVED_REFERENCE;
 * - a same-row range → its cells; a row-locked range covering exactly one table column's data rows → that
 *   whole column; a row-locked range outside the table → a constant lookup table (no formulas inside:
 *   LOOKUP_TABLE_CONTAINS_FORMULA); an expanding range of one column from the first data row (`$E$2:E3`)
 *   → `expanding`, for a scan's resolver (cross-row.ts); other ranges → CROSS_ROW_REFERENCE when one end moves
 *   with the row, else UNSUPPORTED_RANGE_SHAPE;
 * - another workbook → EXTERNAL_REFERENCE; another sheet's rows (a reference there that moves with the row),
 *   a 3-D reference or an unknown sheet → CROSS_SHEET_REFERENCE;
 * - a defined name standing for a cell or range is that reference (names.ts, substituted after parsing).
 * The same resolver serves the dependency pass (which columns a formula reads) and the lowering context.
 */
import type { CellNode, Node, RangeNode } from '../../workbook/formula/ast.js';
import { a1 } from '../../workbook/formula/ast.js';
import { parseFormula } from '../../workbook/formula/parser.js';
import { prepareStrictShift, toR1C1 } from '../../workbook/formula/r1c1.js';
import { fieldName, NameAllocator } from '../recognise/fields.js';
import { definedNameAt, substituteNames } from '../recognise/names.js';
import { lookupTable, movesOnOtherSheet, referencedSheet } from './other-sheets.js';
import type { Refusal, ValueKind } from '../lower/contract.js';
import { isRefusal, refuse } from '../lower/contract.js';
import { rangeText, sheetCell } from '../recognise/refs.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import { isEmpty } from '../recognise/extent.js';
import { blankRowsInside } from '../recognise/recognised.js';
import type { RejectedColumn } from '../types.js';
import type { CellValue } from '../../workbook/values.js';
import { isErrorValue } from '../../workbook/values.js';
import { getCell, type SheetModel } from '../../workbook/model.js';
import { savedVolatile } from '../../workbook/volatile.js';
import type { Overrides } from './overrides.js';
import { boundedRange, isWholeRow, usedExtent } from './whole-ranges.js';
import { typedOver } from './overrides.js';

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
  return table.columns.map((column) => withNames(table, analyseColumn(table, column)));
}

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

function analyseColumn(table: RecognisedTable, column: TableColumn): ColumnPlan {
  const { sheet, firstDataRow } = table;
  let firstFormula = -1;
  let firstValue = -1;
  let values = 0;
  for (const r of table.rows) {
    const cell = getCell(sheet, r, column.col);
    if (cell?.formula !== undefined) {
      if (firstFormula < 0) firstFormula = r;
    } else {
      values++;
      if (firstValue < 0) firstValue = r;
    }
  }
  if (firstFormula < 0) {
    const values: CellValue[] = [];
    for (const r of table.rows) {
      const cell = getCell(sheet, r, column.col);
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
    const typed = typedOver(table, column);
    if (typed?.kind === 'input')
      return { kind: 'input', column, values: typed.values, kinds: kindsOf(typed.values) };
    const overrides = typed?.rows;
    const start = values === 1 && firstValue === firstDataRow ? valueStart(table, column, detail) : undefined;
    if (start?.kind === 'formula') return overrides ? { ...start, overrides } : start;
    if (!overrides) return refused('MIXED_CONTENT', detail, firstValue);
    return formulaPlan(table, column, firstFormula, overrides);
  }
  return formulaPlan(table, column, firstFormula, undefined);
}

/**
 * The plan of a formula column from its first formula row: uniform (typed-over rows skipped), or a first
 * row of its own over uniform rows (a scan's start), else NON_UNIFORM_FORMULA; ARRAY_FORMULA and
 * MALFORMED_FORMULA as they come.
 */
function formulaPlan(
  table: RecognisedTable,
  column: TableColumn,
  firstFormula: number,
  overrides: Overrides | undefined,
): ColumnPlan {
  const { sheet, firstDataRow } = table;
  const formula0 = getCell(sheet, firstFormula, column.col)?.formula ?? '';
  const refused = refuser(table, column, formula0);
  for (const r of table.rows) {
    const cell = getCell(sheet, r, column.col);
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
  const odd = firstNonUniformRow(table, column.col, firstFormula, formula0, overrides);
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
  const detail = `Row ${odd + 1} holds =${f}, which is not the formula of row ${firstDataRow + 1} (=${formula0}) filled down`;
  // A first row of its own (a running balance's start) over rows that are uniform among themselves.
  const second = parseFormula(f);
  if (
    !overrides &&
    firstFormula === firstDataRow &&
    odd === table.rows[1] &&
    second.ast &&
    firstNonUniformRow(table, column.col, odd, f) === undefined
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
function valueStart(table: RecognisedTable, column: TableColumn, detail: string): ColumnPlan | undefined {
  const row = table.rows[1];
  if (row === undefined) return undefined;
  const f = getCell(table.sheet, row, column.col)?.formula ?? '';
  const parsed = parseFormula(f);
  if (!parsed.ast || firstNonUniformRow(table, column.col, row, f) !== undefined) return undefined;
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
  const refs0 = formula0.split('#REF!').length;
  for (const r of table.rows) {
    if (r <= from || skip?.has(r)) continue;
    const f = getCell(table.sheet, r, col)?.formula ?? '';
    if (f === formula0 && !/[A-Za-z]\$?[0-9]/.test(f)) continue;
    if (f === filled(r, col) && f.split('#REF!').length === refs0) continue;
    if (toR1C1(f, r, col) !== r1c1) return r;
  }
  return undefined;
}

/** What a single-cell reference resolves to. */
export type CellTarget =
  | { kind: 'field'; column: TableColumn }
  /** The row above, in a table column (`F2` read from row 3): only for a resolver of a scan (cross-row.ts). */
  | { kind: 'previous'; column: TableColumn }
  | ({ kind: 'const' } & ParameterEntry);

/** What a range reference resolves to. */
export type RangeTarget =
  | { kind: 'cells'; columns: TableColumn[] }
  | { kind: 'column'; column: TableColumn; whole?: true }
  /** An expanding range (`$E$2:E3` read from row 3): only for a resolver of a scan (cross-row.ts). */
  | { kind: 'expanding'; column: TableColumn }
  | { kind: 'table'; rows: CellValue[][]; address: string; nameHint: string; whole?: true };

/**
 * Resolves references of formulas in one table column. Constants are shared by all columns (one allocator),
 * so pass the same `Constants` to every resolver.
 */
export class Resolver {
  private readonly byCol = new Map<number, TableColumn>();

  constructor(
    readonly table: RecognisedTable,
    readonly constants: Constants,
    /** The column whose formula is being resolved, and the row it is read in (the first data row). */
    readonly self: TableColumn | undefined,
    readonly row: number,
    /** Accept a relative reference to the row above (`F2` from row 3) as a `previous` target. */
    readonly previous = false,
  ) {
    for (const c of table.columns) this.byCol.set(c.col, c);
  }

  /** True when (row, col) is inside the table's rectangle (header, data and summary rows). */
  private inTable(row: number, col: number): boolean {
    const bottom = this.table.summary?.row ?? this.table.lastDataRow;
    return this.byCol.has(col) && row >= this.table.headerRow && row <= bottom;
  }

  cell(node: CellNode): CellTarget | Refusal {
    const other = referencedSheet(this.table, node);
    if (other !== undefined) {
      if (isRefusal(other)) return other;
      return (
        movesOnOtherSheet(other, node) ??
        this.constants.resolve(this.table, node.row, node.col, node.span, other)
      );
    }
    const where = a1(node.row, node.col);
    const column = this.byCol.get(node.col);
    const isData = node.row >= this.table.firstDataRow && node.row <= this.table.lastDataRow;
    if (column && isData && node.row === this.row && !node.rowAbs) {
      if (column === this.self) {
        return refuse('CIRCULAR_REFERENCE', `${where} is the formula's own cell`, node.span);
      }
      return { kind: 'field', column };
    }
    if (column && isData && this.previous && node.row === this.row - 1 && !node.rowAbs) {
      return { kind: 'previous', column };
    }
    if (column && isData) {
      return refuse(
        'CROSS_ROW_REFERENCE',
        `${where} is in another row of the table (column "${column.header}")`,
        node.span,
      );
    }
    if (!node.rowAbs) {
      return refuse(
        'UNRESOLVED_REFERENCE',
        `${where} is outside the table and moves with the row; lock it ($${where.replace(/([A-Z]+)/, '$1$')}) if it is a parameter`,
        node.span,
      );
    }
    // A locked cell of the header row (a table column's, or a text beside them, `Item` over row labels).
    if (node.row === this.table.headerRow && (column || !this.inTable(node.row, node.col))) {
      const text = getCell(this.table.sheet, node.row, node.col)?.value;
      if (column || (typeof text === 'string' && text !== '')) {
        return this.constants.header(this.table, node.col, node.span);
      }
    }
    if (this.inTable(node.row, node.col)) {
      return refuse('UNRESOLVED_REFERENCE', `${where} is a summary cell of the table`, node.span);
    }
    return this.constants.resolve(this.table, node.row, node.col, node.span);
  }

  /**
   * The text of a constant text cell: locked (`$F$1` or `F$1`), on this sheet, outside the table, no
   * formula. Read at compile time (TEXT's format code), so it is not a parameter of the spec.
   */
  constantText(node: CellNode): string | undefined {
    if (referencedSheet(this.table, node) !== undefined || !node.rowAbs || this.inTable(node.row, node.col))
      return undefined;
    const cell = getCell(this.table.sheet, node.row, node.col);
    if (cell?.formula !== undefined || typeof cell?.value !== 'string') return undefined;
    return cell.value;
  }

  range(node: RangeNode): RangeTarget | Refusal {
    const other = referencedSheet(this.table, node);
    if (isRefusal(other)) return other;
    const text = rangeText(node);
    const { start, end } = node;
    if (start.row === null || start.col === null || end.row === null || end.col === null) {
      return this.wholeRange(node, other);
    }
    if (other)
      return movesOnOtherSheet(other, node) ?? lookupTable(this.table, other, node, `${other.name}!${text}`);
    const cols: TableColumn[] = [];
    let outside = 0;
    for (let c = start.col; c <= end.col; c++) {
      const col = this.byCol.get(c);
      if (col) cols.push(col);
      else outside++;
    }
    const { firstDataRow, lastDataRow } = this.table;
    // A same-row range (`SUM(B2:D2)`): every cell a field of this row.
    if (start.row === this.row && end.row === this.row && !start.rowAbs && !end.rowAbs && outside === 0) {
      if (this.self && cols.includes(this.self)) {
        return refuse('CIRCULAR_REFERENCE', `${text} includes the formula's own cell`, node.span);
      }
      return { kind: 'cells', columns: cols };
    }
    // A whole table column (`$D$2:$D$101`), locked so every row reads the same cells.
    if (
      start.col === end.col &&
      cols.length === 1 &&
      start.rowAbs &&
      end.rowAbs &&
      start.row === firstDataRow &&
      end.row === lastDataRow
    ) {
      if (cols[0] === this.self) {
        return refuse('CIRCULAR_REFERENCE', `${text} is the formula's own column`, node.span);
      }
      const blank = blankRowsInside(this.table);
      if (blank !== undefined) {
        return refuse(
          'UNSUPPORTED_RANGE_SHAPE',
          `${text} spans the table's ${blank}, not items (positions and blank counts would differ)`,
          node.span,
        );
      }
      return { kind: 'column', column: cols[0] };
    }
    const touchesData = cols.length > 0 && start.row <= lastDataRow && end.row >= firstDataRow;
    if (touchesData && start.rowAbs && !end.rowAbs && end.row === this.row) {
      return this.expanding(node, cols, outside);
    }
    if (touchesData) {
      if (!start.rowAbs || !end.rowAbs) {
        return refuse(
          'CROSS_ROW_REFERENCE',
          `${text} moves with the row over other rows of the table`,
          node.span,
        );
      }
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} is neither one whole table column (rows ${firstDataRow + 1}-${lastDataRow + 1}) nor a same-row range`,
        node.span,
      );
    }
    if (!start.rowAbs || !end.rowAbs) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} is outside the table and moves with the row`,
        node.span,
      );
    }
    // A locked range within the header row (`$B$1:$E$1`, the carriers' names): the header texts, constants.
    if (start.row === this.table.headerRow && end.row === this.table.headerRow) {
      return lookupTable(this.table, this.table.sheet, node, text);
    }
    let touchesTable = false;
    for (let c = start.col; c <= end.col && !touchesTable; c++) {
      touchesTable =
        this.inTable(start.row, c) ||
        this.inTable(end.row, c) ||
        (this.byCol.has(c) && start.row < this.table.headerRow && end.row > this.table.headerRow);
    }
    if (touchesTable) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} overlaps the table's header or summary row`,
        node.span,
      );
    }
    return lookupTable(this.table, this.table.sheet, node, text);
  }

  /**
   * A whole column or row (whole-ranges.ts), bounded by its sheet's used range: on another sheet, or beside
   * the table, a constant lookup table; one column of the table itself, that column (its data rows), when every
   * other cell of the sheet's column is blank or text (a header, a title), which the readers allowed over it
   * ignore. The formula's own column is CIRCULAR_REFERENCE: the whole column holds the formula's own cell.
   */
  private wholeRange(node: RangeNode, other: SheetModel | undefined): RangeTarget | Refusal {
    const text = rangeText(node);
    const sheet = other ?? this.table.sheet;
    if (isWholeRow(node) && (!node.start.rowAbs || !node.end.rowAbs)) {
      return refuse(
        'CROSS_ROW_REFERENCE',
        `${text} is a whole row that moves with the formula's row (lock it: $${(node.start.row ?? 0) + 1}:$${(node.end.row ?? 0) + 1})`,
        node.span,
      );
    }
    const bounded = boundedRange(node, usedExtent(sheet));
    const whole = { whole: true as const };
    if (other) {
      const t = lookupTable(this.table, other, bounded, `${other.name}!${text}`);
      return isRefusal(t) ? t : { ...t, ...whole };
    }
    const cols: TableColumn[] = [];
    for (let c = bounded.start.col ?? 0; c <= (bounded.end.col ?? 0); c++) {
      const col = this.byCol.get(c);
      if (col) cols.push(col);
    }
    const touches = isWholeRow(node)
      ? (bounded.start.row ?? 0) <= this.table.lastDataRow && (bounded.end.row ?? 0) >= this.table.headerRow
      : cols.length > 0;
    if (!touches) {
      const t = lookupTable(this.table, sheet, bounded, text);
      return isRefusal(t) ? t : { ...t, ...whole };
    }
    const col = cols[0];
    if (isWholeRow(node) || cols.length !== 1 || node.start.col !== node.end.col || !col) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} is a whole ${isWholeRow(node) ? 'row over the table' : 'range over several columns of the table'}; only one whole column of it is read`,
        node.span,
      );
    }
    if (col === this.self) {
      return refuse(
        'CIRCULAR_REFERENCE',
        `${text} is the formula's own column: the whole column holds the formula's own cell`,
        node.span,
      );
    }
    const stray = strayCell(sheet, col.col, this.table);
    if (stray !== undefined) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} reads ${stray} outside the table's data rows, which is neither blank nor text`,
        node.span,
      );
    }
    const blank = blankRowsInside(this.table);
    if (blank !== undefined) {
      return refuse('UNSUPPORTED_RANGE_SHAPE', `${text} spans the table's ${blank}, not items`, node.span);
    }
    return { kind: 'column', column: col, ...whole };
  }

  /**
   * A range from a locked start down to this row (`$E$2:E3` in row 3, a running total): one table column from
   * the first data row is an `expanding` target for a scan's resolver (cross-row.ts); any other shape is
   * CROSS_ROW_REFERENCE naming it.
   */
  private expanding(node: RangeNode, cols: TableColumn[], outside: number): RangeTarget | Refusal {
    const text = rangeText(node);
    const first = this.table.firstDataRow;
    const refused = (why: string) =>
      refuse('CROSS_ROW_REFERENCE', `${text} is an expanding range (a running total) ${why}`, node.span);
    if (cols.length !== 1 || outside > 0) return refused('over several columns');
    if (node.start.row !== first) return refused(`that does not start at the first data row (${first + 1})`);
    if (cols[0] === this.self) {
      return refuse('CIRCULAR_REFERENCE', `${text} includes the formula's own cell`, node.span);
    }
    if (!this.previous) return refused('read outside an ordered scan');
    return { kind: 'expanding', column: cols[0] };
  }
}

/** How parameters reach the derivations: `$const.<name>` (the default) or a root input field `$$.<name>`. */
export type ParametersAs = 'constants' | 'inputs';

/** A parameter: its name, value, where it is (`B2`, `Settings!B2`, or the defined name) and its label. */
export interface ParameterEntry {
  name: string;
  /** A number, or a text or logical value (a currency, a label, a switch on a Settings sheet). */
  value: number | string | boolean;
  address: string;
  label: string;
  /**
   * The cell holds =TODAY() or =NOW() (workbook/volatile.ts): always a root input field, whatever the
   * parameters mode, its saved value the default (a date that changes every day is never a constant).
   */
  volatile?: 'TODAY' | 'NOW';
}

/**
 * Labelled parameter cells turned into `$const` entries (or, with `inputs`, root input fields), named from their
 * labels, shared across columns. As root fields they share the names of the root derivations (`names`).
 */
export class Constants {
  private readonly byAddress = new Map<string, ParameterEntry>();

  constructor(
    readonly as: ParametersAs = 'constants',
    private readonly names: NameAllocator = new NameAllocator(),
  ) {}

  /** The JSONata that reads a parameter. */
  read(name: string): string {
    return this.as === 'inputs' || this.inputs.has(name) ? `$$.${name}` : `$const.${name}`;
  }

  /** Parameters read as root input fields in either mode (saved TODAY()/NOW() cells). */
  private readonly inputs = new Set<string>();

  resolve(
    table: RecognisedTable,
    row: number,
    col: number,
    span: RangeNode['span'],
    sheet: SheetModel = table.sheet,
  ): CellTarget | Refusal {
    const address = sheet === table.sheet ? a1(row, col) : sheetCell(sheet.name, row, col);
    const known = this.byAddress.get(address);
    if (known) return { kind: 'const', ...known };
    const cell = getCell(sheet, row, col);
    const volatile = savedVolatile(cell);
    if (volatile !== undefined) {
      const label = parameterLabel(table, sheet, row, col) ?? volatile.toLowerCase();
      const entry = {
        name: this.names.allocate(fieldName(label)),
        value: cell!.cached as number,
        address,
        label,
        volatile,
      };
      this.byAddress.set(address, entry);
      this.inputs.add(entry.name);
      return { kind: 'const', ...entry };
    }
    if (cell?.formula !== undefined) {
      return refuse('UNRESOLVED_REFERENCE', `${address} holds a formula, not a parameter value`, span);
    }
    const value = cell?.value;
    if (
      typeof value !== 'number' &&
      typeof value !== 'boolean' &&
      (typeof value !== 'string' || value === '')
    ) {
      return refuse('UNRESOLVED_REFERENCE', `${address} is outside the table and holds no value`, span);
    }
    const labelled = typeof value === 'string' ? labelOf(sheet, row, col) : undefined;
    if (labelled !== undefined) {
      return refuse(
        'UNRESOLVED_REFERENCE',
        `${address} is the label of ${labelled}, not a parameter value`,
        span,
      );
    }
    const label = parameterLabel(table, sheet, row, col);
    if (label === undefined) {
      return refuse(
        'UNRESOLVED_REFERENCE',
        `${address} holds a value but has no defined name and no text label to its left or above`,
        span,
      );
    }
    const entry = { name: this.names.allocate(fieldName(label)), value, address, label };
    this.byAddress.set(address, entry);
    return { kind: 'const', ...entry };
  }

  /**
   * A header cell of the table read in a formula (`$A$1&": "&A2`): its text as a constant named from it, so a
   * changed header is one edit of the spec's constants.
   */
  header(table: RecognisedTable, col: number, span: RangeNode['span']): CellTarget | Refusal {
    const address = a1(table.headerRow, col);
    const known = this.byAddress.get(address);
    if (known) return { kind: 'const', ...known };
    const cell = getCell(table.sheet, table.headerRow, col);
    if (cell?.formula !== undefined || typeof cell?.value !== 'string') {
      return refuse('UNRESOLVED_REFERENCE', `${address} is a header cell holding no text`, span);
    }
    const label = `${cell.value} header`;
    const entry = { name: this.names.allocate(fieldName(label)), value: cell.value, address, label };
    this.byAddress.set(address, entry);
    return { kind: 'const', ...entry };
  }

  /** The constant a defined name holding a number (`TaxRate` = `=0.08`) becomes; returns its `$const` name. */
  named(definedName: string, value: number): string {
    const address = `=${definedName.toLowerCase()}`;
    let entry = this.byAddress.get(address);
    if (!entry) {
      const name = this.names.allocate(fieldName(definedName));
      entry = { name, value, address: definedName, label: definedName };
      this.byAddress.set(address, entry);
    }
    return entry.name;
  }

  /** The constants used so far, in the order they were first resolved. */
  entries(): ParameterEntry[] {
    return [...this.byAddress.values()];
  }
}

/**
 * A parameter cell's label: a defined name pointing at it, else the text to its left (or, across one empty
 * cell, the text two to its left unless that is a cell of the table: `Shipping | | 4.5`), else the text above.
 */
function parameterLabel(
  table: RecognisedTable,
  sheet: SheetModel,
  row: number,
  col: number,
): string | undefined {
  const named = definedNameAt(table.workbook?.definedNames ?? [], sheet.name, row, col);
  if (named !== undefined) return named;
  const gap = isEmpty(getCell(sheet, row, col - 1));
  const bottom = table.summary?.row ?? table.lastDataRow;
  const header = row >= table.headerRow && row <= bottom && table.columns.some((c) => c.col === col - 2);
  for (const [r, c] of [[row, col - 1], ...(gap && !header ? [[row, col - 2]] : []), [row - 1, col]]) {
    const cell = r >= 0 && c >= 0 ? getCell(sheet, r, c) : undefined;
    if (cell && cell.formula === undefined && typeof cell.value === 'string' && cell.value.trim() !== '')
      return cell.value;
  }
  return undefined;
}

/**
 * The first cell of the sheet's column `col` outside the table's data rows that is neither blank nor a text
 * constant (a number, a boolean, an error or a formula), as its address; undefined when there is none.
 */
function strayCell(sheet: SheetModel, col: number, table: RecognisedTable): string | undefined {
  for (const [r, row] of sheet.rows) {
    if (r >= table.firstDataRow && r <= table.lastDataRow) continue;
    const cell = row.get(col);
    if (!cell || (cell.value === null && cell.formula === undefined)) continue;
    if (cell.formula === undefined && typeof cell.value === 'string') continue;
    return a1(r, col);
  }
  return undefined;
}

/**
 * The value a text cell labels, when it is a label rather than a value: the cell to its right holds a value or
 * a formula (`Tax rate | 0.2`). Its address, else undefined.
 */
function labelOf(sheet: SheetModel, row: number, col: number): string | undefined {
  const v = getCell(sheet, row, col + 1);
  return v && (v.formula !== undefined || (v.value !== null && v.value !== ''))
    ? a1(row, col + 1)
    : undefined;
}
