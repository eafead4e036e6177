/**
 * Value comparison for verification. `sameValue` is the no-tolerance check against the oracle; `equalAt15`
 * is the looser check used only to classify differences from Excel's saved values (Excel stores doubles with
 * up to 17 digits but computes and shows 15).
 */
import { type CellValue, isErrorValue } from '../workbook/index.js';
import { round15 } from '../workbook/precision.js';

/**
 * Excel-exact equality: numbers equal as IEEE doubles (-0 equals 0), text code unit for code unit,
 * booleans, errors of the same code, blank only with blank. Values of different kinds are never equal.
 */
export function sameValue(a: CellValue, b: CellValue): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b; // === treats -0 and 0 as equal
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
  if (isErrorValue(a) && isErrorValue(b)) return a.error === b.error;
  return false;
}

/** Like `sameValue`, but numbers are equal when they agree at 15 significant digits. */
export function equalAt15(a: CellValue, b: CellValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || round15(a) === round15(b);
  return sameValue(a, b);
}
