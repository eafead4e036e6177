/** What a verification reports: the counts of one derived column or root, and of the whole spec. */

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
}

/** The checks of a whole spec: the column tallies summed, and which oracle made them. */
export interface Verification {
  oracle: { name: string; version: string };
  cellsChecked: number;
  matched: number;
  cachedChecked: number;
  cachedExact: number;
  cached15: number;
  disagreements: number;
  columns: ColumnVerification[];
}
