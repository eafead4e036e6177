/**
 * Excel values as JSON. This representation is shared by the workbook model, the ModelSpec documents the
 * compiler emits, the oracle and the verifier, and it is documented for users in docs/semantics.md:
 *
 * - a number, a string or a boolean is itself (numbers are IEEE doubles; -0 is never emitted);
 * - a blank cell is `null` (a missing field is read the same way);
 * - an error value is `{"error": "#DIV/0!"}`: an object with exactly one key, `error`, whose value is the
 *   Excel error literal.
 */
import type { ExcelErrorCode } from './formula/ast.js';

export interface ErrorValue {
  error: ExcelErrorCode;
}

export type CellValue = null | number | string | boolean | ErrorValue;

export function isErrorValue(v: unknown): v is ErrorValue {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as ErrorValue).error === 'string'
  );
}
