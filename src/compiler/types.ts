/**
 * What the compiler reports about a column it refused, and the codes it uses. These codes are stable API,
 * documented in README.md ("Codes"). The whole conversion's result is src/pipeline/types.ts.
 */
export type { FailureCode, RefusalCode, Warning } from '../codes/index.js';
import type { RefusalCode } from '../codes/index.js';

export interface RejectedColumn {
  header: string;
  /** Column letters, e.g. `D`. */
  column: string;
  reason: RefusalCode;
  detail: string;
  /** First offending cell, e.g. `Sheet1!D2`. */
  cell: string;
  formula: string;
}
