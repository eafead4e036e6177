/**
 * Excel's coercions of a scalar, written for the oracle's corrected functions (corrections.ts) and independent
 * of the compiler's JSONata helpers: text → number as en-US Excel reads it in arithmetic, text → boolean as IF
 * and NOT read it, and the matching rule of VLOOKUP's exact mode.
 *
 * Where Excel's behaviour is not established for a text (a date or time form without evidence, a date without
 * its year, a fraction, thousands separators not in groups of three), the coercion answers `unknown` and the
 * oracle gives `#ERROR!` (HyperFormula's own
 * "could not evaluate" code): verification then takes Excel's saved value as the reference, or refuses the
 * column when there is none. A refusal is better than a wrong number.
 */
import { PHANTOM_LEAP_DAY, serialOfTime } from '../../workbook/serials.js';

/** The outcome of reading text as a number. */
export type TextNumber = number | 'value' | 'unknown';

const MONTHS =
  /january|february|march|april|may|june|july|august|september|october|november|december|sept|jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec|am|pm/gi;

/** The serial of a calendar date, the phantom 1900-02-29 included, as DATE(y,m,d) gives; undefined for no date. */
function dateSerial(y: number, m: number, d: number): number | undefined {
  // Why: Excel's calendar has 1900-02-29 (serial 60): DATEVALUE("29-Feb-1900") is 60 (ironcalc DATE_TIME.xlsx C8).
  if (y === 1900 && m === 2 && d === 29) return PHANTOM_LEAP_DAY;
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return undefined;
  return serialOfTime(t);
}

/**
 * Text read as a number the way en-US Excel reads it in arithmetic (`="1"+"$4.00"` is 5, `="1,000"+0` is 1000,
 * `="50%"*1` is 0.5, `=" 2 "*1` is 2, `="6/1/2001"-"5/1/2001"` is 31): spaces around, one sign, a `$`, a
 * negative in parentheses, thousands separators in groups of three, a decimal point, an exponent, a trailing
 * `%`; a euro sign before or after the digits; date and time text as `excelDateTimeText` reads it. `""` and
 * text without digits (`abc`, `TRUE`, `Infinity`: ironcalc ABS.xlsx B11 "Hello", T_VALUE_VALUETOTEXT.xlsx C5
 * "qwerty"), text with letters no number or date can hold (`0x10`, EXP_SIGN.xlsx C48 "F100") and two signs
 * before digits (`--8`, C23) are #VALUE! (`value`); other text with a digit is `unknown`.
 */
export function excelTextToNumber(text: string): TextNumber {
  const s = text.replace(/^ +| +$/g, '');
  if (!/\d/.test(s)) return 'value';
  const plain = plainNumber(s);
  if (plain !== undefined) return plain;
  const euro = euroNumber(s);
  if (euro !== undefined) return euro;
  const date = excelDateTimeText(text);
  if (date !== undefined) return date.value;
  // Letters that no number, date or time can hold make it certain text (ironcalc EXP_SIGN.xlsx C48 "F100",
  // FORMULATEXT.xlsx A12), and so do two signs before the digits (EXP_SIGN.xlsx C23 "--8"); any other form
  // with a digit ("10/32", "1-1-2008", "1,00") no saved cell shows.
  if (/[a-df-z]/i.test(s.replace(MONTHS, '')) || /^[+-]{2}\d/.test(s)) return 'value';
  return 'unknown';
}

/** Signs, `$`, parentheses, groups, point, exponent and `%` (trimmed text); undefined when not that form. */
function plainNumber(body0: string): TextNumber | undefined {
  let body = body0;
  let negative = false;
  const paren = /^\((.*)\)$/.exec(body);
  if (paren) {
    negative = true;
    body = paren[1];
  }
  const prefix = /^([+-]?)(\$?)([+-]?)/.exec(body) as RegExpExecArray;
  const signs = prefix[1] + prefix[3];
  if (signs.length > 1 || (paren && signs.length > 0)) return undefined;
  const m = /^(\d+(?:,\d+)*)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?(%?)$/.exec(body.slice(prefix[0].length));
  if (!m || (m[1] === undefined && (m[2] ?? '') === '')) return undefined;
  const int = m[1] ?? '';
  if (int.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(int)) return 'unknown';
  // Why: Excel keeps 15 significant digits of a number it reads and zeroes the rest (16-digit card
  // numbers end in 0); text coerced in arithmetic goes through the same reader.
  const intDigits = int.replace(/,/g, '');
  const all = intDigits + (m[2] ?? '');
  const first = all.search(/[1-9]/);
  const kept = first < 0 ? all : all.slice(0, first + 15).padEnd(all.length, '0');
  const digits = `${kept.slice(0, intDigits.length) || '0'}.${kept.slice(intDigits.length)}`;
  let x = Number(`${digits}e${m[3] ?? '0'}`);
  // Why: Excel's "Specifications and limits" page: the largest number that can be typed is
  // 9.99999999999999E+307; text beyond it does not read as a number.
  if (!(Math.abs(x) < 1e308)) return 'value';
  if (m[4] === '%') {
    // Why: whether Excel divides the read value by 100 or moves the decimal point (`1.1%`: 0.011 either
    // way in decimal, two different doubles) is not established: undetermined where the two differ.
    const shifted = Number(`${digits}e${Number(m[3] ?? '0') - 2}`);
    if (shifted !== x / 100) return 'unknown';
    x = shifted;
  }
  if (signs === '-') x = -x;
  if (negative) x = -x;
  return x === 0 ? 0 : x;
}

/**
 * A euro sign before or after unsigned digits, with or without one space between (`23€`, `€100`, `1 €`):
 * Microsoft, "About the euro currency symbol" (Excel recognizes the euro as currency even when it is not the
 * regional currency; "before or after the number", a space included or omitted); ironcalc
 * T_VALUE_VALUETOTEXT.xlsx I3 `VALUE("23€")` 23, EXP_SIGN.xlsx C31 `SIGN("€100")`, C49 `"100€"`, C54 `" €100 "`.
 * Any other text holding a euro sign (a sign, `%`, an exponent) is not established.
 */
function euroNumber(s: string): TextNumber | undefined {
  if (!s.includes('€')) return undefined;
  const m = /^€ ?([\d,.]+)$/.exec(s) ?? /^([\d,.]+) ?€$/.exec(s);
  if (!m) return /\d/.test(s) ? 'unknown' : 'value';
  const x = plainNumber(m[1]);
  return x === undefined ? 'unknown' : x;
}

/** What `excelDateTimeText` found: the value (`value`/`unknown` when refused) and whether a date part was read. */
export interface DateTimeText {
  value: number | 'value' | 'unknown';
  hasDate: boolean;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A month name or its three-letter abbreviation (any case) as 1-12; undefined otherwise. */
function monthOf(name: string): number | undefined {
  const n = name.toLowerCase();
  const i = MONTH_NAMES.findIndex((full) => n === full || n === full.slice(0, 3));
  return i < 0 ? undefined : i + 1;
}

/**
 * A year as written: four digits 1900-9999 as they are; two digits by Microsoft's rule ("How Excel works with
 * two-digit year numbers", KB 214391: 00-29 are 2000-2029, 30-99 are 1930-1999); four or five digits outside
 * 1900-9999 are refused (xlcalculator YEAR.xlsx C5/D5: `"7/5/1800"`, `"7/5/10000"` #VALUE!).
 */
function yearOf(text: string): number | 'value' | 'unknown' {
  const y = Number(text);
  if (text.length === 2) return y < 30 ? 2000 + y : 1900 + y;
  if (text.length === 4 || text.length === 5) return y >= 1900 && y <= 9999 ? y : 'value';
  return 'unknown';
}

/** [year, month, day] of a date form en-US Excel reads, `unknown` for a near form, undefined for none. */
function datePart(s: string): [number | 'value' | 'unknown', number, number] | 'unknown' | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d+)$/.exec(s);
  if (us) return [yearOf(us[3]), +us[1], +us[2]];
  const ymd = /^(\d{4})([-/])(\d{1,2})([-/])(\d{1,2})$/.exec(s);
  if (ymd) return ymd[2] === ymd[4] ? [yearOf(ymd[1]), +ymd[3], +ymd[5]] : 'unknown';
  const dmy = /^(\d{1,2})-([a-z]+)-(\d+)$/i.exec(s);
  if (dmy && monthOf(dmy[2]) !== undefined) return [yearOf(dmy[3]), monthOf(dmy[2]) as number, +dmy[1]];
  const mdy = /^([a-z]+) (\d{1,2}), (\d+)$/i.exec(s);
  if (mdy && monthOf(mdy[1]) !== undefined) return [yearOf(mdy[3]), monthOf(mdy[1]) as number, +mdy[2]];
  // KB 214327: a month and one or two digits is a day of the current year (volatile: not established), or,
  // when the digits exceed the month's days, a year and the first of the month ("Dec 32" 1932-12-01).
  const md = /^([a-z]+) (\d{1,2})$/i.exec(s);
  if (md && monthOf(md[1]) !== undefined) {
    const m = monthOf(md[1]) as number;
    const most = m === 2 ? 29 : [4, 6, 9, 11].includes(m) ? 30 : 31;
    return +md[2] > most ? [yearOf(md[2].padStart(2, '0')), m, 1] : 'unknown';
  }
  return undefined;
}

/** Seconds of a time of day en-US Excel reads (`18:45`, `6:45 PM`, `16:48:00`), `unknown` for a near form. */
function timePart(s: string): number | 'unknown' | undefined {
  const t = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?( [AaPp][Mm])?$/.exec(s);
  // Why: AM/PM in capitals is Microsoft's (TIMEVALUE page "6:45 PM"); another case is not established.
  if (!t) return /^\d{1,2}:\d/.test(s) ? 'unknown' : undefined;
  const [h, mi, sec] = [+t[1], +t[2], +(t[3] ?? 0)];
  if (t[2].length !== 2 || (t[3] !== undefined && t[3].length !== 2) || mi > 59 || sec > 59) return 'unknown';
  if (t[4] === undefined) return h <= 23 ? h * 3600 + mi * 60 + sec : 'unknown';
  if (h < 1 || h > 12 || (t[4] !== ' AM' && t[4] !== ' PM')) return 'unknown';
  return ((h % 12) + (t[4] === ' PM' ? 12 : 0)) * 3600 + mi * 60 + sec;
}

/**
 * Date and time text as en-US Excel reads it, untrimmed: a date (M/D/Y, YYYY-M-D, YYYY/M/D, D-Mon-Y,
 * "Mon D, Y", "Mon YY" past the month's days), a time (H:MM, H:MM:SS, 12-hour with ` AM`/` PM`), or a date, a
 * space and a time; the serial with the time as a fraction (seconds / 86400). Text with spaces on both sides of such a
 * form: a date is #VALUE! (ironcalc EXP_SIGN.xlsx C34 `SIGN(" 2024-01-10 ")`, MROUND_TRUNC_INT.xlsx INT!B28),
 * a time alone not established. Undefined when the text is no date or time form at all.
 */
export function excelDateTimeText(text: string): DateTimeText | undefined {
  const s = text.replace(/^ +| +$/g, '');
  const found = dateTime(s);
  if (found === undefined || s === text) return found;
  const around = text.startsWith(' ') && text.endsWith(' ');
  // Why not for a near form (a day that does not exist, "Dec 2"): the form itself is not established.
  const read = found.value !== 'unknown';
  return { value: found.hasDate && around && read ? 'value' : 'unknown', hasDate: found.hasDate };
}

function dateTime(s: string): DateTimeText | undefined {
  const time = timePart(s);
  if (time !== undefined) return { value: time === 'unknown' ? time : time / 86_400, hasDate: false };
  const split = /^(.*?) (\d{1,2}:\d.*)$/.exec(s);
  const date = datePart(split ? split[1] : s);
  if (date === undefined) return undefined;
  const secs = split ? timePart(split[2]) : 0;
  if (date === 'unknown' || secs === undefined || secs === 'unknown')
    return { value: 'unknown', hasDate: true };
  const [y, m, d] = date;
  if (typeof y !== 'number') return { value: y, hasDate: true };
  const serial = dateSerial(y, m, d);
  return { value: serial === undefined ? 'unknown' : serial + secs / 86_400, hasDate: true };
}

/** `"TRUE"`/`"FALSE"` in any case as booleans (IF, NOT, AND, OR accept them); anything else undefined. */
export function textToBoolean(text: string): boolean | undefined {
  const u = text.toUpperCase();
  return u === 'TRUE' ? true : u === 'FALSE' ? false : undefined;
}

/** Excel's case folding for comparisons: per character, and only where the length is kept. */
export function foldCase(text: string): string {
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Excel's UPPER/LOWER: per character, leaving a character whose mapping changes its length (`ß`). */
export function changeCase(text: string, upper: boolean): string {
  let out = '';
  for (const ch of text) {
    const c = upper ? ch.toUpperCase() : ch.toLowerCase();
    out += c.length === ch.length ? c : ch;
  }
  return out;
}

/** Excel's TRIM: spaces (U+0020) only, removed at both ends and runs inside collapsed to one. */
export function excelTrim(text: string): string {
  return text.replace(/^ +| +$/g, '').replace(/ {2,}/g, ' ');
}

/**
 * Does a text cell match a text lookup value in VLOOKUP's exact mode? Case-insensitive, accent-sensitive,
 * with the wildcards `?` (one character), `*` (any run) and `~` escaping the next one.
 */
export function textMatches(pattern: string, text: string): boolean {
  const p = foldCase(pattern);
  const t = foldCase(text);
  if (!/[?*~]/.test(p)) return p === t;
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    if (ch === '~' && i + 1 < p.length) re += escapeRe(p[++i]);
    else if (ch === '?') re += '[\\s\\S]';
    else if (ch === '*') re += '[\\s\\S]*';
    else re += escapeRe(ch);
  }
  return new RegExp(`^${re}$`).test(t);
}

function escapeRe(ch: string): string {
  return ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
