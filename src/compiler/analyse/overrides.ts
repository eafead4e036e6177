/**
 * Typed-over cells in a formula column (docs/compiler.md "Typed-over cells").
 *
 * A column holding one formula filled down except in a few rows where a value was typed over it (a manual
 * override, a common habit) is a formula column with an input override field, `<field>Override`: the typed
 * rows carry their value there, and the derivation takes the override where the row has one, else the
 * formula. A warning (TYPED_OVER_CELLS) names the cells. When more than a third of the rows are typed, the
 * column is an input column holding its values as they stand (typed values and the formulas' saved results).
 * Blank cells are not overrides (MIXED_CONTENT stays): a blank override could not be told from no override.
 */
import type { CellValue } from '../../workbook/values.js';
import type { CellModel } from '../../workbook/model.js';
import { sheetCell } from '../recognise/refs.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import { isEmpty } from '../recognise/extent.js';
import type { Warning } from '../types.js';
import { displayFormula } from '../../workbook/formula/future.js';

/** A column with more typed rows than this share of its rows is an input column. */
export const OVERRIDE_SHARE = 1 / 3;

/** The typed rows of a formula column: sheet row (0-based) → typed value. */
export type Overrides = ReadonlyMap<number, CellValue>;

/**
 * How a column mixing formulas and values reads: `overrides` when its values are a few typed cells,
 * `input` when more than a third are, undefined when a blank cell makes it MIXED_CONTENT. `cells[i]` is the
 * column's cell in row `table.rows[i]`.
 */
export function typedOver(
  table: RecognisedTable,
  cells: ReadonlyArray<CellModel | undefined>,
): { kind: 'overrides'; rows: Overrides } | { kind: 'input'; values: CellValue[] } | undefined {
  const rows = new Map<number, CellValue>();
  const values: CellValue[] = [];
  for (let i = 0; i < cells.length; i++) {
    const r = table.rows[i]!;
    const cell = cells[i];
    if (isEmpty(cell)) return undefined;
    values.push(cell!.value);
    if (cell!.formula === undefined) rows.set(r, cell!.value);
  }
  const n = table.rows.length;
  return rows.size > n * OVERRIDE_SHARE ? { kind: 'input', values } : { kind: 'overrides', rows };
}

/** A derivation that takes the row's override where present and not null, else the formula. */
export function withOverride(read: string, expr: string): string {
  return `$exists(${read}) and ${read} != null ? ${read} : (${expr})`;
}

/** The override field's name for a column's field. */
export function overrideFieldName(field: string): string {
  return `${field}Override`;
}

/** TYPED_OVER_CELLS for a formula column's typed-over rows, naming the cells (the first ten) and the field. */
export function typedOverWarning(
  table: RecognisedTable,
  p: { column: TableColumn; formula: string },
  rows: Overrides,
  field: string,
): Warning {
  const at = [...rows.keys()];
  const cells = at.map((r) => `${p.column.letter}${r + 1}`);
  const shown =
    cells.length > 10 ? `${cells.slice(0, 10).join(', ')} and ${cells.length - 10} more` : cells.join(', ');
  return {
    code: 'TYPED_OVER_CELLS',
    message: `Column ${p.column.letter} "${p.column.header}": ${shown} hold typed values instead of =${displayFormula(p.formula)}; kept as ${field}, which the derivation takes where present`,
    cell: sheetCell(table.sheet.name, at[0], p.column.col),
  };
}
