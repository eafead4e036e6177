/**
 * Parameters: a row-locked cell outside the table holding a number, named from its label (a defined name
 * pointing at it, else the text to its left, else the text above: `Tax rate` → `taxRate`), on the table's
 * sheet or another; each reaches the derivations as `$const.<name>` or, with `parameters: inputs`, as a root
 * input field. One `Constants` serves every column of a table, so a parameter read twice has one name.
 */
import type { RangeNode } from '../../workbook/formula/ast.js';
import { a1 } from '../../workbook/formula/ast.js';
import { fieldName, NameAllocator } from '../recognise/fields.js';
import { TABLES_CONSTANT } from '../lower/library.js';
import { definedNameAt } from '../recognise/names.js';
import { type Refusal, refuse } from '../lower/contract.js';
import { sheetCell } from '../recognise/refs.js';
import type { RecognisedTable } from '../recognise/recognised.js';
import { isEmpty } from '../recognise/extent.js';
import { getCell, type SheetModel } from '../../workbook/model.js';
import { savedVolatile } from '../../workbook/volatile.js';

/** A reference resolved to a parameter (one kind of resolver.ts `CellTarget`). */
export type ConstTarget = { kind: 'const' } & ParameterEntry;

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
  /**
   * A TODAY() or NOW() call inside a table's formula reads this field (the evaluation date): `cell`, the saved
   * "as of" cell holding the same call alone (one evaluation date, its saved value the default); `formula`, a
   * field of its own, its value decided when verifying (pipeline/verify/evaluation-date.ts): the one date that
   * reproduces the saved values (`source` says how it was found), else none (`noDefault` says why) and the
   * field is required.
   */
  called?: 'cell' | 'formula';
  /** Why the field has no default (an evaluation date the saved values do not decide). */
  noDefault?: string;
  /** Where the default of an evaluation date comes from. */
  source?: string;
}

/**
 * Labelled parameter cells turned into `$const` entries (or, with `inputs`, root input fields), named from their
 * labels, shared across columns. As root fields they share the names of the root derivations (`names`).
 */
export class Constants {
  private readonly byAddress = new Map<string, ParameterEntry>();

  constructor(
    readonly as: ParametersAs = 'constants',
    // Why reserved: `constants.tables` holds the lookup tables' data.
    private readonly names: NameAllocator = new NameAllocator([TABLES_CONSTANT]),
  ) {}

  /** The JSONata that reads a parameter. */
  read(name: string): string {
    return this.as === 'inputs' || this.inputs.has(name) ? `$$.${name}` : `$const.${name}`;
  }

  /** Parameters read as root input fields in either mode (saved TODAY()/NOW() cells). */
  private readonly inputs = new Set<string>();

  /**
   * The root input field a TODAY() or NOW() call inside a formula reads, one per function: a saved "as of"
   * cell holding the same call alone shares its field (one evaluation date), else a field `today` / `now`
   * (`asOfToday` / `asOfNow` when a column has that name), its value decided when verifying.
   */
  evaluationDate(table: RecognisedTable, fn: 'TODAY' | 'NOW'): ParameterEntry {
    const key = `=${fn}()`;
    const known = this.byAddress.get(key);
    if (known) return known;
    const cell = savedCell(table, fn);
    let entry: ParameterEntry;
    if (cell !== undefined) {
      const t = this.resolve(table, cell.row, cell.col, { start: 0, end: 0 }, cell.sheet) as ConstTarget;
      entry = this.byAddress.get(t.address)!;
      entry.called = 'cell';
    } else {
      const base = fn.toLowerCase();
      const taken = table.columns.some((c) => c.field === base);
      entry = {
        name: this.names.allocate(taken ? `asOf${fn[0]}${base.slice(1)}` : base),
        // Why 0: a placeholder until verification decides the date (or leaves the field without a default).
        value: 0,
        address: `${fn}()`,
        label: fn === 'TODAY' ? 'Today' : 'Now',
        volatile: fn,
        called: 'formula',
        noDefault: 'not verified: the date is decided against the saved values when verifying',
      };
      this.inputs.add(entry.name);
    }
    this.byAddress.set(key, entry);
    return entry;
  }

  resolve(
    table: RecognisedTable,
    row: number,
    col: number,
    span: RangeNode['span'],
    sheet: SheetModel = table.sheet,
  ): ConstTarget | Refusal {
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
  header(table: RecognisedTable, col: number, span: RangeNode['span']): ConstTarget | Refusal {
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
    // Why a set: a saved TODAY() cell read by a call too is there under its address and under `=TODAY()`.
    return [...new Set(this.byAddress.values())];
  }
}

/** The first saved cell holding `=TODAY()` (or `=NOW()`) alone: on the table's sheet, else another. */
function savedCell(
  table: RecognisedTable,
  fn: 'TODAY' | 'NOW',
): { sheet: SheetModel; row: number; col: number } | undefined {
  const sheets = [table.sheet, ...(table.workbook?.sheets ?? []).filter((s) => s !== table.sheet)];
  for (const sheet of sheets)
    for (const [row, cells] of sheet.rows)
      for (const [col, cell] of cells) if (savedVolatile(cell) === fn) return { sheet, row, col };
  return undefined;
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
export function strayCell(sheet: SheetModel, col: number, table: RecognisedTable): string | undefined {
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
