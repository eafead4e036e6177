/**
 * DAYS360 and YEARFRAC for the oracle's corrected calls (`date` correction), written apart from the compiler's
 * JSONata helpers, on JavaScript's UTC calendar (`ymd` of excel-dates.ts). HyperFormula 3.5 truncates
 * DAYS360's dates (Excel rounds a time to the second first: corpus ironcalc DAYS_DAYS360.xlsx D24 saved 9, DAYS
 * 8) and reads YEARFRAC's blanks and booleans as dates. The rules and their evidence are in
 * functions/daycount.ts; where Excel's answer is not established the answer is UNKNOWN.
 */
import { DAY_MS, daysInMonth, MAX_SERIAL } from '../../workbook/serials.js';
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { ymd } from './excel-dates.js';
import { raw, type Scalar, toNumber, UNKNOWN, VALUE } from './excel-scalars.js';

type Result = number | CellError;

function days360Date(v: Scalar): Result {
  const x0 = raw(v);
  if (x0 instanceof CellError) return x0;
  const x = x0 === EmptyValue || x0 === null ? 0 : typeof x0 === 'boolean' ? Number(x0) : x0;
  if (typeof x === 'string') return toNumber(x) instanceof CellError ? VALUE() : UNKNOWN();
  if (typeof x !== 'number') return UNKNOWN();
  if (x < 0) return new CellError(ErrorType.NUM);
  const seconds = (x - Math.floor(x)) * 86_400;
  if (seconds >= 86_399.5 && seconds < 86_399.9) return UNKNOWN();
  const day = Math.floor(x) + (seconds >= 86_399.9 ? 1 : 0);
  return day > MAX_SERIAL || day === 59 || day === 60 ? UNKNOWN() : day;
}

function logical(v: Scalar | undefined): boolean | CellError {
  if (v === undefined) return false;
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x === 'boolean') return x;
  if (typeof x === 'number') return x !== 0;
  if (typeof x === 'string') {
    const u = x.toUpperCase();
    return u === 'TRUE' ? true : u === 'FALSE' ? false : VALUE();
  }
  return false;
}

export function excelDays360(a: Scalar, b: Scalar, m: Scalar | undefined): Result {
  const s = days360Date(a);
  if (s instanceof CellError) return s;
  const e = days360Date(b);
  if (e instanceof CellError) return e;
  const european = logical(m);
  if (european instanceof CellError) return european;
  const [y1, m1, d1] = ymd(s);
  const [y2, m2, d2] = ymd(e);
  let sd = d1;
  if (european ? d1 === 31 : d1 === daysInMonth(y1, m1)) sd = 30;
  const ed = d2 === 31 && (european || sd >= 30) ? 30 : d2;
  return (y2 - y1) * 360 + (m2 - m1) * 30 + (ed - sd);
}

function yearfracDate(v: Scalar): Result {
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x === 'string') return toNumber(x) instanceof CellError ? VALUE() : UNKNOWN();
  if (typeof x !== 'number' || x < 61 || x >= MAX_SERIAL + 1) return UNKNOWN();
  return Math.trunc(x);
}

const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
/** Days from 1899-12-30: the serial of a date from 1900-03-01 on. */
const serialOf = (y: number, m: number, d: number): number =>
  (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / DAY_MS;

function actual(s: number, e: number): Result {
  const [y1, m1, d1] = ymd(s);
  const [y2, m2, d2] = ymd(e);
  if (y1 === y2) return (e - s) / (isLeap(y1) ? 366 : 365);
  const withinYear = y2 === y1 + 1 && (m1 > m2 || (m1 === m2 && d1 >= d2));
  if (withinYear) {
    const feb29 = [y1, y2].some((y) => isLeap(y) && s <= serialOf(y, 2, 29) && serialOf(y, 2, 29) <= e);
    return feb29 ? UNKNOWN() : (e - s) / 365;
  }
  const average = (serialOf(y2 + 1, 1, 1) - serialOf(y1, 1, 1)) / (y2 - y1 + 1);
  return (e - s) / average;
}

function thirty(s: number, e: number, european: boolean): Result {
  const [y1, m1, d1] = ymd(s);
  const [y2, m2, d2] = ymd(e);
  if (!european && m1 === 2 && d1 === daysInMonth(y1, 2)) return UNKNOWN();
  const sd = d1 === 31 ? 30 : d1;
  const ed = d2 === 31 && (european || sd === 30) ? 30 : d2;
  return ((y2 - y1) * 360 + (m2 - m1) * 30 + (ed - sd)) / 360;
}

export function excelYearfrac(a: Scalar, b: Scalar, c: Scalar | undefined): Result {
  const x = yearfracDate(a);
  if (x instanceof CellError) return x;
  const y = yearfracDate(b);
  if (y instanceof CellError) return y;
  const k = c === undefined ? 0 : raw(c);
  if (k instanceof CellError) return k;
  if (typeof k !== 'number') return UNKNOWN();
  const basis = Math.trunc(k);
  if (basis < 0 || basis > 4) return new CellError(ErrorType.NUM);
  const [s, e] = x <= y ? [x, y] : [y, x];
  if (basis === 1) return actual(s, e);
  if (basis === 2) return (e - s) / 360;
  if (basis === 3) return (e - s) / 365;
  return thirty(s, e, basis === 4);
}
