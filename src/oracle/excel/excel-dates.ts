/**
 * Excel's date functions in the 1900 date system, for the oracle's corrected calls (`date` correction),
 * written with JavaScript's UTC calendar and independent of the compiler's JSONata helpers. Serial 1 is
 * 1900-01-01, serial 60 the phantom 1900-02-29, serial 0 "1900-01-00" (corpus FormulaEvalTestData_Copy.xlsx
 * YEAR(0) 1900, MONTH(0) 1, DAY(0) 0; 61652.xlsx EDATE(0,1) 31). HyperFormula 3.5 (leapYear1900, null date
 * 1899-12-31) reads serial 0 as 1899-12-31, accepts serials past 9999-12-31, rejects fractional months in
 * EDATE, gives EDATE(2012-01-31, 1) as 28 February, numbers 2024-12-30 ISO week 53, and matches DATEDIF's unit
 * case-sensitively. Where Excel's answer is not established (weeks and month arithmetic landing in January or
 * February 1900, a fractional return type, DATEDIF "MD"/"YD", DATEVALUE of other text forms) the answer is
 * UNKNOWN.
 */
import { DAY_MS, MAX_SERIAL, serialOfTime, serialToYmd, timeOfSerial } from '../../workbook/serials.js';
import { CellError, ErrorType } from '../hf.js';
import { raw, type Scalar, toNumber, UNKNOWN, VALUE } from './excel-scalars.js';
import { excelDateTimeText, excelTextToNumber } from './excel-values.js';
import type { ArgSource } from './excel-multiples.js';

const NUM = () => new CellError(ErrorType.NUM);
type Result = number | CellError;

/** A date argument as a whole serial, or its error. */
function serialArg(v: Scalar): Result {
  const x = toNumber(v);
  if (x instanceof CellError) return x;
  return x < 0 || x >= MAX_SERIAL + 1 ? NUM() : Math.floor(x);
}

function intArg(v: Scalar): Result {
  const x = toNumber(v);
  return x instanceof CellError ? x : Math.trunc(x);
}

/** [year, month, day] of a whole serial in Excel's calendar. */
export const ymd = serialToYmd;

/** The serial of the first day of a month (months may overflow), counting the phantom 1900-02-29. */
function monthStart(y: number, m: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, 1);
  return serialOfTime(t.getTime());
}

const checked = (n: number): Result => (n < 0 || n > MAX_SERIAL ? NUM() : n);

export function excelDate(a: Scalar, b: Scalar, c: Scalar): Result {
  const y = intArg(a);
  if (y instanceof CellError) return y;
  const m = intArg(b);
  if (m instanceof CellError) return m;
  const d = intArg(c);
  if (d instanceof CellError) return d;
  if (y < 0 || y >= 10000) return NUM();
  const year = y < 1900 ? y + 1900 : y;
  // Why: the months move the year first (MS-OI29500 2.1.919: the serial base of the adjusted year and month,
  // then the days); a year past 9999 is #NUM! (ironcalc DATE.xlsx D5: DATE(9999,13,-1) #NUM!, not 9999-12-30).
  if (year + Math.floor((m - 1) / 12) > 9999) return NUM();
  return checked(monthStart(year, m) + d - 1);
}

export function excelDatePart(v: Scalar, part: 0 | 1 | 2): Result {
  const s = serialArg(v);
  return s instanceof CellError ? s : ymd(s)[part];
}

/** Day index 0 = Sunday; serial 1 is a Sunday in Excel's calendar. */
const sundayIndex = (s: number): number => (s + 6) % 7;
const WEEK_START: Record<number, number> = { 1: 0, 2: 1, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 0 };

export function excelWeekday(v: Scalar, t: Scalar | undefined): Result {
  const s = serialArg(v);
  if (s instanceof CellError) return s;
  // Why: a logical return_type, typed or read from a cell: no saved cell shows it, so not established.
  if (t !== undefined && typeof raw(t) === 'boolean') return UNKNOWN();
  const rt = t === undefined ? 1 : toNumber(t);
  if (rt instanceof CellError) return rt;
  if (!Number.isInteger(rt)) return UNKNOWN();
  const w = sundayIndex(s);
  if (rt === 3) return (w + 6) % 7;
  const start = WEEK_START[rt];
  return start === undefined ? NUM() : ((w - start + 7) % 7) + 1;
}

/** ISO 8601 week of a real calendar date (serial 61 on). */
function isoWeek(s: number): number {
  const d = new Date(timeOfSerial(s));
  const dow = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(d.getTime() + (3 - dow) * DAY_MS);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
}

export function excelWeeknum(v: Scalar, t: Scalar | undefined): Result {
  // Why: WEEKNUM of a logical value is reported as #VALUE! by held-out files only: not established.
  if (typeof raw(v) === 'boolean') return UNKNOWN();
  const s = serialArg(v);
  if (s instanceof CellError) return s;
  // Why: a logical return_type, typed or read from a cell: no saved cell shows it, so not established.
  if (t !== undefined && typeof raw(t) === 'boolean') return UNKNOWN();
  const rt = t === undefined ? 1 : toNumber(t);
  if (rt instanceof CellError) return rt;
  if (!Number.isInteger(rt)) return UNKNOWN();
  const start = rt === 21 ? -1 : WEEK_START[rt];
  if (start === undefined) return NUM();
  if (s < 61 + 7) return UNKNOWN();
  if (rt === 21) return isoWeek(s);
  const jan1 = monthStart(ymd(s)[0], 1);
  return Math.floor((s - jan1 + ((sundayIndex(jan1) - start + 7) % 7)) / 7) + 1;
}

export function excelIsoWeeknum(v: Scalar): Result {
  const s = serialArg(v);
  if (s instanceof CellError) return s;
  return s < 61 + 7 ? UNKNOWN() : isoWeek(s);
}

/**
 * EDATE (`end` false) and EOMONTH. A logical months argument of EOMONTH read from a cell is #VALUE! (ironcalc
 * EOMONTH.xlsx C11/C12, TRUE and FALSE in a cell), and so is a computed one (unchanged; no saved cell shows it);
 * typed in the formula (TRUE, FALSE, TRUE()), a logical start date, or EDATE's logical months, it is not
 * established (`months` says where EOMONTH's months come from).
 */
export function excelAddMonths(v: Scalar, k: Scalar, end: boolean, months: ArgSource = 'other'): Result {
  if (typeof raw(v) === 'boolean') return UNKNOWN();
  const s = serialArg(v);
  if (s instanceof CellError) return s;
  // Why not `reference` only: a computed logical (`A1>0`) is #VALUE! as before, as the lowering answers it.
  if (typeof raw(k) === 'boolean') return end && months !== 'typed' ? VALUE() : UNKNOWN();
  const n = intArg(k);
  if (n instanceof CellError) return n;
  const [y, m, d] = ymd(s);
  const first = monthStart(y, m + n);
  const days = monthStart(y, m + n + 1) - first;
  // Why: whether Excel clamps to the phantom 1900-02-29 is not established.
  if (first === 32 && (end || d >= 29)) return UNKNOWN();
  return checked(first + (end ? days : Math.min(d, days)) - 1);
}

export function excelDays(e: Scalar, b: Scalar): Result {
  const x = serialArg(e);
  if (x instanceof CellError) return x;
  const y = serialArg(b);
  return y instanceof CellError ? y : x - y;
}

export function excelDatedif(a: Scalar, b: Scalar, u: Scalar): Result {
  const s = serialArg(a);
  if (s instanceof CellError) return s;
  const e = serialArg(b);
  if (e instanceof CellError) return e;
  const unit = raw(u);
  if (unit instanceof CellError) return unit;
  const name = typeof unit === 'string' ? unit.toUpperCase() : '';
  if (name === 'MD' || name === 'YD') return UNKNOWN();
  if (!['Y', 'M', 'D', 'YM'].includes(name) || s > e) return NUM();
  if (name === 'D') return e - s;
  const [y1, m1, d1] = ymd(s);
  const [y2, m2, d2] = ymd(e);
  const months = (y2 - y1) * 12 + m2 - m1 - (d2 < d1 ? 1 : 0);
  return name === 'M' ? months : name === 'Y' ? Math.floor(months / 12) : months % 12;
}

/**
 * DATEVALUE: text only, read by the date and time reader; the date part's serial, a time ignored (Microsoft's
 * DATEVALUE page; ironcalc DATE_TIME.xlsx C10 `DATEVALUE("2024-02-29 06:00")` 45351). Undetermined: a time
 * alone, spaces around the text (no DATEVALUE cell says; arithmetic refuses them), other near forms.
 */
export function excelDatevalue(v: Scalar): Result {
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x !== 'string') return VALUE();
  const r = excelDateTimeText(x);
  if (r === undefined) return excelTextToNumber(x) === 'value' ? VALUE() : UNKNOWN();
  if (!r.hasDate || x !== x.replace(/^ +| +$/g, '')) return UNKNOWN();
  return typeof r.value === 'number' ? Math.floor(r.value) : r.value === 'value' ? VALUE() : UNKNOWN();
}
