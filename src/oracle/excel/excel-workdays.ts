/**
 * Excel's working-day functions (NETWORKDAYS, NETWORKDAYS.INTL, WORKDAY, WORKDAY.INTL) for the oracle's
 * corrected calls (`date` correction), written apart from the compiler's JSONata helpers: the days walked one
 * by one with JavaScript's UTC weekday. HyperFormula 3.5 reads a blank date as 0 (`NETWORKDAYS(40909,B1)` with
 * B1 blank is -29221 there) and has no "not established". The rules and their
 * evidence (Microsoft's pages, corpus poi 59106.xlsx, 50755_workday_formula_example.xlsx) are in
 * functions/workdays.ts; where Excel's answer is not established the answer is UNKNOWN.
 */
import { MAX_SERIAL } from '../../workbook/serials.js';
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { raw, type Scalar, toNumber, UNKNOWN, VALUE } from './excel-scalars.js';

type Result = number | CellError;
const NUM = () => new CellError(ErrorType.NUM);

/** Weekend number → weekend days, 0 Sunday .. 6 Saturday (Microsoft's NETWORKDAYS.INTL table). */
const WEEKEND_CODES: Readonly<Record<number, readonly number[]>> = {
  1: [6, 0],
  2: [0, 1],
  3: [1, 2],
  4: [2, 3],
  5: [3, 4],
  6: [4, 5],
  7: [5, 6],
  11: [0],
  12: [1],
  13: [2],
  14: [3],
  15: [4],
  16: [5],
  17: [6],
};

/** The weekday of a serial, 0 Sunday: serial 1 (1900-01-01) is a Sunday in Excel's calendar. */
const weekday = (s: number): number => (((s - 1) % 7) + 7) % 7;

/** A date argument; `intl`: out of range #NUM! (else undetermined); `cut`: a fraction truncated. */
function dateArg(v: Scalar, intl: boolean, cut: boolean): Result {
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x === 'string') return toNumber(x) instanceof CellError ? VALUE() : UNKNOWN();
  if (typeof x !== 'number') return UNKNOWN();
  if (x < 0 || x >= MAX_SERIAL + 1) return intl ? NUM() : UNKNOWN();
  if (!Number.isInteger(x) && !cut) return UNKNOWN();
  return Math.trunc(x);
}

/** The weekend days as a set of weekdays (0 Sunday), or the argument's error. */
function weekendArg(v: Scalar | undefined, workday: boolean): Set<number> | CellError {
  if (v === undefined) return new Set(WEEKEND_CODES[1]);
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x === 'number') {
    const days = Number.isInteger(x) ? WEEKEND_CODES[x] : undefined;
    if (days) return new Set(days);
    return x === 0 && workday ? NUM() : UNKNOWN();
  }
  if (typeof x !== 'string') return UNKNOWN();
  if (!/^[01]{7}$/.test(x)) return VALUE();
  if (x === '1111111' && workday) return UNKNOWN();
  // The text runs Monday .. Sunday.
  return new Set([...x].flatMap((c, i) => (c === '1' ? [(i + 1) % 7] : [])));
}

interface Holidays {
  days: Set<number>;
  blank: boolean;
}

function cellsOf(h: unknown): unknown[] {
  if (h === undefined) return [];
  const range = h as { valuesFromTopLeftCorner?: () => Iterable<unknown> };
  return typeof range.valuesFromTopLeftCorner === 'function' ? [...range.valuesFromTopLeftCorner()] : [h];
}

function holidaysArg(h: unknown, workday: boolean): Holidays | CellError {
  const days = new Set<number>();
  let blank = false;
  for (const cell of cellsOf(h)) {
    const x = raw(cell as Scalar);
    if (x === EmptyValue || x === null) {
      blank = true;
      continue;
    }
    if (typeof x !== 'number' || !Number.isInteger(x)) return UNKNOWN();
    if (x < 0 || x > MAX_SERIAL) return workday ? NUM() : UNKNOWN();
    days.add(x);
  }
  return { days, blank };
}

export function excelNetworkdays(
  start: Scalar,
  end: Scalar,
  weekend: Scalar | undefined,
  holidays: unknown,
  intl: boolean,
): Result {
  const s = dateArg(start, intl, false);
  if (s instanceof CellError) return s;
  const e = dateArg(end, intl, false);
  if (e instanceof CellError) return e;
  const off = weekendArg(weekend, false);
  if (off instanceof CellError) return off;
  const h = holidaysArg(holidays, false);
  if (h instanceof CellError) return h;
  const [lo, hi] = s <= e ? [s, e] : [e, s];
  if (h.blank && lo === 0) return UNKNOWN();
  let n = 0;
  let d = lo;
  // Whole weeks at once: each holds every weekday once.
  const perWeek = 7 - off.size;
  for (; d + 6 <= hi; d += 7) n += perWeek;
  for (; d <= hi; d++) if (!off.has(weekday(d))) n++;
  for (const x of h.days) if (x >= lo && x <= hi && !off.has(weekday(x))) n--;
  return s <= e ? n : -n;
}

export function excelWorkday(
  start: Scalar,
  days: Scalar,
  weekend: Scalar | undefined,
  holidays: unknown,
): Result {
  const s = dateArg(start, true, true);
  if (s instanceof CellError) return s;
  const k = raw(days);
  if (k instanceof CellError) return k;
  if (typeof k !== 'number') return UNKNOWN();
  const n = Math.trunc(k);
  const off = weekendArg(weekend, true);
  if (off instanceof CellError) return off;
  const h = holidaysArg(holidays, true);
  if (h instanceof CellError) return h;
  if (n === 0) return s;
  if (Math.abs(n) > MAX_SERIAL + 1) return NUM();
  const step = n > 0 ? 1 : -1;
  let d = s;
  for (let left = Math.abs(n); left > 0; ) {
    d += step;
    if (d < -7 || d > MAX_SERIAL + 7) return h.blank && d < 0 ? UNKNOWN() : NUM();
    if (!off.has(weekday(d)) && !h.days.has(d)) left--;
  }
  if (h.blank && d <= 0) return UNKNOWN();
  return d < 0 || d > MAX_SERIAL ? NUM() : d;
}
