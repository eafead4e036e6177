/**
 * Volatile functions: the ones Excel recomputes on every change, declared once here. The compiler refuses a
 * formula that calls one (`VOLATILE_FUNCTION`: a spec cannot reproduce it), and the oracle never evaluates one
 * in a shared template or a block of rows (its value depends on more than its arguments).
 *
 * One exception is read, not refused: a cell holding only `=TODAY()` or `=NOW()`, a volatile value the workbook
 * saved. The compiler reads such a cell as an input field whose default is the saved value (never a constant:
 * the value is the day the workbook was last calculated), and the oracle evaluates it as that saved value, so
 * both sides compute with the same date.
 */
import type { CellModel } from './model.js';

/** Functions Excel recomputes on every change. */
export const VOLATILE_FUNCTIONS: readonly string[] = [
  'NOW',
  'TODAY',
  'RAND',
  'RANDBETWEEN',
  'OFFSET',
  'INDIRECT',
];

/** `TODAY` or `NOW` when the cell's formula is that call alone and its saved value is a number. */
export function savedVolatile(cell: CellModel | undefined): 'TODAY' | 'NOW' | undefined {
  if (cell?.formula === undefined || typeof cell.cached !== 'number') return undefined;
  const m = /^\s*(?:_xlfn\.)?(TODAY|NOW)\s*\(\s*\)\s*$/i.exec(cell.formula);
  return m ? (m[1]!.toUpperCase() as 'TODAY' | 'NOW') : undefined;
}
