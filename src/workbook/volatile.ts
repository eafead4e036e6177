/**
 * A cell holding only `=TODAY()` or `=NOW()`: a volatile value the workbook saved. The compiler reads such a cell
 * as an input field whose default is the saved value (never a constant: the value is the day the workbook was
 * last calculated), and the oracle evaluates it as that saved value, so both sides compute with the same date.
 */
import type { CellModel } from './model.js';

/** `TODAY` or `NOW` when the cell's formula is that call alone and its saved value is a number. */
export function savedVolatile(cell: CellModel | undefined): 'TODAY' | 'NOW' | undefined {
  if (cell?.formula === undefined || typeof cell.cached !== 'number') return undefined;
  const m = /^\s*(?:_xlfn\.)?(TODAY|NOW)\s*\(\s*\)\s*$/i.exec(cell.formula);
  return m ? (m[1]!.toUpperCase() as 'TODAY' | 'NOW') : undefined;
}
