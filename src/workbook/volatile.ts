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
import type { CellModel, WorkbookModel } from './model.js';
import { DAY_MS, serialOfTime, timeOfSerial } from './serials.js';

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

/**
 * The date and time a workbook's TODAY() and NOW() calls read, as serials (NOW with its time of day), one
 * each: the compiler's input fields and the oracle's evaluation read the same values.
 */
export interface EvaluationDates {
  TODAY?: number;
  NOW?: number;
}

/** The two functions that read the evaluation date. */
export type DateFunction = 'TODAY' | 'NOW';

const DATE_CALL = /\b(?:TODAY|NOW)\s*\(/i;

/**
 * Whether a formula of the workbook calls TODAY() or NOW() other than as a saved "as of" cell: its value then
 * depends on an evaluation date the pipeline decides before the oracle runs. A look at the text (a call in
 * a string literal counts too: it only makes the oracle wait for the date).
 */
export function callsEvaluationDate(wb: WorkbookModel): boolean {
  for (const s of wb.sheets)
    for (const row of s.rows.values())
      for (const cell of row.values())
        if (cell.formula !== undefined && DATE_CALL.test(cell.formula) && savedVolatile(cell) === undefined)
          return true;
  return false;
}

/**
 * The file's last save (docProps/core.xml `dcterms:modified`, UTC) as a serial: `TODAY` its day, `NOW` its
 * date and time. Evidence that Excel's saved TODAY() is that day: corpus poi 56574.xlsx Func!J15 saved 41788
 * (2014-05-29), modified 2014-05-29T07:38:12Z; 56688_4.xlsx Sheet1!A2 saved 41823 (2014-07-03), modified
 * 2014-07-03T15:20:08Z. A candidate only: Excel reads the local clock, the file records UTC.
 */
export function modifiedSerial(wb: WorkbookModel, fn: DateFunction): number | undefined {
  const ms = wb.modified === undefined ? Number.NaN : Date.parse(wb.modified);
  if (!Number.isFinite(ms)) return undefined;
  const serial = serialOfTime(ms, wb.date1904);
  return fn === 'TODAY' ? Math.floor(serial) : serial;
}

/** A date serial as `2024-01-01` (TODAY) or `2024-01-01T14:41:17.216Z` (NOW, its time of day), for messages. */
export function serialText(serial: number, fn: DateFunction, date1904 = false): string {
  const day = Math.floor(serial);
  const ms = timeOfSerial(day, date1904) + Math.round((serial - day) * DAY_MS);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(serial);
  const iso = new Date(ms).toISOString();
  return fn === 'TODAY' ? iso.slice(0, 10) : iso;
}
