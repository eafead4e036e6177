/** What a verification reports: the counts of one derived column or root, and of the whole spec. */
import type { CellValue, SavedValuesStanding } from '../../workbook/index.js';

/**
 * How one derived cell came out, comparing the spec's value, the oracle's and the value the file saved
 * (equal at 15 significant digits counts as equal to the saved value):
 * - `agree`: spec = oracle = saved value;
 * - `enginesDifferFromExcel`: spec = oracle ≠ saved value (both engines wrong, or the saved value is);
 * - `specDiffersFromOracle`: spec ≠ oracle (and spec ≠ saved value, when there is one);
 * - `oracleDiffersFromExcel`: spec = saved value ≠ oracle (the oracle alone is wrong);
 * - `unsaved`: spec = oracle, and the file saved no value for the cell.
 */
export type CellClass =
  | 'agree'
  | 'enginesDifferFromExcel'
  | 'specDiffersFromOracle'
  | 'oracleDiffersFromExcel'
  | 'unsaved';

export const CELL_CLASSES: readonly CellClass[] = [
  'agree',
  'enginesDifferFromExcel',
  'specDiffersFromOracle',
  'oracleDiffersFromExcel',
  'unsaved',
];

export type ClassCounts = Record<CellClass, number>;

/** A cell listed for a disagreement: where, its formula and inputs, and the three values. */
export interface ListedCell {
  /** `Sheet1!D5`. */
  cell: string;
  /** 1-based sheet row. */
  row: number;
  class: CellClass;
  /** The cell's formula in A1 form, without `=`. */
  formula?: string;
  inputs: Record<string, unknown>;
  /** What the spec computed (`{thrown, message}` when the derivation threw). */
  spec: unknown;
  oracle: CellValue;
  /** The value saved in the file; absent when it saved none. */
  excel?: CellValue;
}

/** The checks of one derived column (or root derivation) against the oracle and Excel's saved values. */
export interface ColumnVerification {
  field: string;
  column: string;
  cellsChecked: number;
  matched: number;
  cachedChecked: number;
  cachedExact: number;
  cached15: number;
  disagreements: number;
  classes: ClassCounts;
  /** The first cells of each disagreeing class (at most 5 per class). */
  cells: ListedCell[];
  /**
   * Cells whose derived value is the not-established value (src/workbook/values.ts), when any: each fails
   * (it is no Excel answer), and a column whose only failures they are is refused as NOT_ESTABLISHED.
   */
  notEstablished?: number;
}

/**
 * Who decided: `excel` when Microsoft Excel saved the values (binding, src/workbook/producer.ts) and the checked
 * cells carry some; `oracle` otherwise (no saved values, or saved values that are not binding).
 */
export type Judge = 'excel' | 'oracle';

/** The checks of a whole spec: the column tallies summed, and which oracle made them. */
export interface Verification {
  oracle: { name: string; version: string };
  /** Who saved the file and how far its saved values count. */
  savedValues: { producer: string; standing: SavedValuesStanding };
  judge: Judge;
  cellsChecked: number;
  matched: number;
  cachedChecked: number;
  cachedExact: number;
  cached15: number;
  disagreements: number;
  classes: ClassCounts;
  columns: ColumnVerification[];
}
