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

/**
 * The not-established value: what a spec computes where Excel's answer for the case it meets is not
 * established (a criterion form nobody checked against Excel, a text form the readers do not know). It is no
 * Excel value and no consumer may take it for one: an object without `error`, `{"notEstablished": "<the rule,
 * in words>"}`. It propagates as an error does (the first one wins, left to right), and the functions that
 * catch or test errors (IFERROR, IFNA, the IS functions) give it back instead of an answer: a value whose
 * Excel answer depends on an unknown is unknown (docs/spec-format.md, "Values").
 */
export interface NotEstablished {
  /** The rule whose Excel answer is not established, in words. */
  notEstablished: string;
}

/** Whether a computed value is the not-established value. */
export function isNotEstablished(v: unknown): v is NotEstablished {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    typeof (v as NotEstablished).notEstablished === 'string' &&
    !('error' in v)
  );
}

/** A place in a computed document holding the not-established value, and its reason. */
export interface NotEstablishedAt {
  /** Canonical concrete path (`$.items[3].total`). */
  path: string;
  reason: string;
}
