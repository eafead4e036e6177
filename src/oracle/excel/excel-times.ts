/**
 * Excel's time functions for the oracle's corrected calls (`date` correction), written apart from the
 * compiler's JSONata helpers. HyperFormula 3.5 builds TIME as `((s/60 + m)/60 + h)/24 % 1`, whose last bits
 * are not Excel's (corpus ironcalc TIME_HOUR_MINUTE_SECOND.xlsx D3 TIME(24,2,3) saved 1.4236111111110006E-3:
 * Excel counts the seconds, divides by 86400 and subtracts the whole days), takes any negative hour, and
 * rounds HOUR/MINUTE/SECOND to the second everywhere. Where Excel's answer is not established the answer is
 * UNKNOWN: a negative hour with a positive total, a negative fraction or an argument above 32767 (Microsoft's
 * TIME page: 0 to 32767); a time that rounding to the second decides; TIMEVALUE of a date alone or other text.
 */
import { MAX_SERIAL } from '../../workbook/serials.js';
import { CellError, ErrorType } from '../hf.js';
import { raw, type Scalar, toNumber, UNKNOWN } from './excel-scalars.js';
import { excelDateTimeText } from './excel-values.js';

type Result = number | CellError;
const DAY_SECONDS = 86_400;

function timeArg(v: Scalar): Result {
  const x = toNumber(v);
  if (x instanceof CellError) return x;
  if ((x < 0 && !Number.isInteger(x)) || x > 32_767) return UNKNOWN();
  return Math.trunc(x);
}

export function excelTime(a: Scalar, b: Scalar, c: Scalar): Result {
  const h = timeArg(a);
  if (h instanceof CellError) return h;
  const m = timeArg(b);
  if (m instanceof CellError) return m;
  const s = timeArg(c);
  if (s instanceof CellError) return s;
  const total = h * 3600 + m * 60 + s;
  if (total < 0) return new CellError(ErrorType.NUM);
  if (h < 0) return UNKNOWN();
  const days = total / DAY_SECONDS;
  return days - Math.floor(days);
}

/** The part of a day's second count: 0 hours, 1 minutes, 2 seconds. */
function pick(seconds: number, part: 0 | 1 | 2): number {
  if (part === 0) return Math.floor(seconds / 3600);
  return part === 1 ? Math.floor(seconds / 60) % 60 : seconds % 60;
}

/**
 * HOUR (0), MINUTE (1), SECOND (2): the time of day rounded to the nearest second (TIME_HOUR_MINUTE_SECOND.xlsx
 * H3 SECOND of 122.99999999999045 seconds is 3), established within a millisecond of a whole second; further
 * off only where the seconds below and above agree.
 */
export function excelTimePart(v: Scalar, part: 0 | 1 | 2): Result {
  const x = toNumber(v);
  if (x instanceof CellError) return x;
  if (x < 0 || x >= MAX_SERIAL + 1) return UNKNOWN();
  const secs = (x - Math.floor(x)) * DAY_SECONDS;
  const near = Math.round(secs);
  if (Math.abs(secs - near) < 1e-3) return near < DAY_SECONDS ? pick(near, part) : UNKNOWN();
  const below = Math.floor(secs);
  if (below + 1 >= DAY_SECONDS) return UNKNOWN();
  const answer = pick(below, part);
  return pick(below + 1, part) === answer ? answer : UNKNOWN();
}

/**
 * TIMEVALUE: text only; spaces around a time alone trimmed (DATE_TIME.xlsx C6 `TIMEVALUE(" 1:30 ")` 0.0625),
 * "24:00" 0 (C5); a date before the time ignored (Microsoft's TIMEVALUE page), the time's own fraction.
 */
export function excelTimevalue(v: Scalar): Result {
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x !== 'string') return UNKNOWN();
  const text = x.replace(/^ +| +$/g, '');
  if (text === '24:00') return 0;
  const read = excelDateTimeText(text);
  if (read === undefined || typeof read.value !== 'number') return UNKNOWN();
  if (!read.hasDate) return read.value;
  const time = /^.*? (\d{1,2}:\d.*)$/.exec(text);
  if (text !== x || !time) return UNKNOWN();
  const alone = excelDateTimeText(time[1]!);
  return alone !== undefined && typeof alone.value === 'number' && !alone.hasDate ? alone.value : UNKNOWN();
}
