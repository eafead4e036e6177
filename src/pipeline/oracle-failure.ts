/**
 * When the oracle itself throws. HyperFormula can throw on a formula instead of answering an error value (for
 * example "Function returning array cannot be vectorized." from an array formula); that is the oracle failing,
 * not the workbook being unreadable. The columns concerned are found by evaluating the workbook with every
 * formula column of the table replaced by its saved values (as constants, so that the columns reading it still
 * see values), then putting the columns back one at a time, left to right: a column whose formulas make the
 * oracle throw stays out and is refused (`ORACLE_EXCEPTION`); the others keep the oracle's values. When the
 * oracle throws even without the table's formula columns, the failure is the whole workbook's.
 *
 * Only on the failure path: k formula columns cost k + 1 more evaluations.
 */
import { CodedError } from '../codes/index.js';
import { evaluateWorkbook, type OracleValues } from '../oracle/index.js';
import type { CellModel, SheetModel, WorkbookModel } from '../workbook/index.js';

export interface IsolatedOracle {
  values: OracleValues;
  /** The sheet columns (0-based) whose formulas made the oracle throw, with its message. */
  failed: Map<number, string>;
}

type Evaluate = (wb: WorkbookModel) => OracleValues;

/** Thrown when the oracle fails outside the table's formula columns. */
export class OracleExceptionError extends CodedError<'ORACLE_EXCEPTION'> {
  constructor(message: string) {
    super('ORACLE_EXCEPTION', message);
  }
}

/** The message of an engine exception, or undefined for a throw that is not one (a cancellation, a limit). */
export function engineException(e: unknown): string | undefined {
  if (e instanceof CodedError) return e.code === 'ORACLE_FAILED' ? e.message : undefined;
  return e instanceof Error ? e.message : undefined;
}

/**
 * The oracle's values over `wb`, isolating the formula columns `cols` of `sheet` that make it throw. Throws
 * `OracleExceptionError` when it throws without any of them, and rethrows what is not an engine exception.
 */
export function evaluateIsolating(
  wb: WorkbookModel,
  sheet: string,
  cols: readonly number[],
  evaluate: Evaluate = (w) => evaluateWorkbook(w),
  first?: unknown,
): IsolatedOracle {
  if (first === undefined) {
    try {
      return { values: evaluate(wb), failed: new Map() };
    } catch (e) {
      if (engineException(e) === undefined) throw e;
      first = e;
    }
  }
  const failed = new Map<number, string>();
  const out = new Set(cols);
  let values: OracleValues;
  try {
    values = evaluate(withoutFormulas(wb, sheet, out));
  } catch (e) {
    if (engineException(e) === undefined) throw e;
    throw new OracleExceptionError(
      `The oracle (HyperFormula) failed on this workbook: ${engineException(first)}`,
    );
  }
  for (const col of cols) {
    out.delete(col);
    try {
      values = evaluate(withoutFormulas(wb, sheet, out));
    } catch (e) {
      const message = engineException(e);
      if (message === undefined) throw e;
      out.add(col);
      failed.set(col, message);
    }
  }
  return { values, failed };
}

/** A copy of `wb` whose `sheet` has the formulas of columns `cols` replaced by their saved values. */
function withoutFormulas(wb: WorkbookModel, sheet: string, cols: ReadonlySet<number>): WorkbookModel {
  if (cols.size === 0) return wb;
  return { ...wb, sheets: wb.sheets.map((s) => (s.name === sheet ? constantColumns(s, cols) : s)) };
}

function constantColumns(s: SheetModel, cols: ReadonlySet<number>): SheetModel {
  const rows = new Map<number, Map<number, CellModel>>();
  for (const [r, row] of s.rows) {
    const copy = new Map(row);
    for (const c of cols) {
      const cell = row.get(c);
      if (cell?.formula !== undefined) copy.set(c, { row: r, col: c, value: cell.cached ?? null });
    }
    rows.set(r, copy);
  }
  return { ...s, rows };
}
