/**
 * Excel's TEXT(value, format_text) for en-US date/time format codes, 1900 date system, written for the oracle
 * and independent of the compiler's reader (functions/format-date-code.ts) and JSONata helpers: the code is
 * cut into pieces by one regular expression here, and the calendar is excel-dates.ts's.
 *
 * Excel's rules, as applied (the saved cells are named in docs/oracle.md):
 * - fields in any case: y/yy two-digit year, yyy..yyyyy four digits; m mm mmm mmmm, mmmmm the first letter;
 *   d dd ddd dddd, ddddd the day name; h hh; s ss; m/mm is minutes after an hour field or before a seconds
 *   field (literal text between), always in an elapsed code;
 * - `.0` `.00` `.000` after a seconds field; the time rounded to the shown precision (POI's
 *   DateFormatNumberTests.xlsx: 00:04:37.638 / .64 / .6 / 38);
 * - AM/PM or am/pm as AM/PM, A/P and a/p as the letter in its case, hours on a 12-hour clock;
 * - elapsed [h] [m] [s]: the whole time in the unit (a plain field of that unit too), smaller fields the
 *   remainder, a negative after "-" (ElapsedFormatTests.xlsx);
 * - literal text quoted, after `\`, or one of $+(:^'{<=-/)!&~}> and the space;
 * - serial 0 is 1900-01-00 (a Saturday), serial 60 the phantom 1900-02-29, serial 1 a Sunday; with a date
 *   field, a value below 0 or from 2958466 on is #VALUE! (ironcalc TEXT/TEXT.xlsx DATES!B25:F26);
 * - text that reads as a number is formatted as that number, other text is returned as it is, booleans as
 *   TRUE/FALSE, a blank as 0, errors pass.
 *
 * A code with any other piece (`.` or `,` elsewhere, other letters, brackets, sections) is not one of the
 * oracle's. Undetermined (the oracle's #ERROR!): a time-only or elapsed code past the date range (or a
 * time-only one below 0), a time within a millionth of a shown unit of a half, a rounding into the next day,
 * or into the next minute from more than a millisecond below it when no seconds are shown, 12 o'clock on a
 * 12-hour clock, an elapsed negative shown as zero.
 */
import { MAX_SERIAL } from '../../workbook/serials.js';
import { CellError, EmptyValue } from '../hf.js';
import { ymd } from './excel-dates.js';
import { raw, type Scalar, UNKNOWN, VALUE } from './excel-scalars.js';
import { excelTextToNumber } from './excel-values.js';

/**
 * Examples of the date/time codes the oracle reads, one of each kind of piece (the fuzzer's and the tests'
 * sample, without quotation marks, which a literal would double; which codes are read is parseDateCode's
 * rule, not this list).
 */
export const TEXT_DATE_FORMAT_CODES: readonly string[] = [
  'yyyy-mm-dd',
  'dd/mm/yyyy',
  'm/d/yyyy',
  'd-mmm-yy',
  'mmm yyyy',
  'mmmm',
  'mmm',
  'mm-yyyy',
  'yyyy-mm',
  'yy',
  'dddd',
  'ddd',
  'DDDDD/MMMMM/YYY',
  'h:mm',
  'hh:mm',
  'hh:mm:ss',
  'mm:ss.0',
  'h:mm AM/PM',
  'hh:mm:ss a/p',
  'yyyy-mm-dd hh:mm:ss.000',
  '[h]:mm:ss',
  '[mm]:ss.00',
  '[s]',
  'd \\d h',
];

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PAST_LAST_SERIAL = MAX_SERIAL + 1;

/** One piece of a code: literal text, or a field with its letter (`n` minutes), width and elapsed mark. */
type Piece =
  | { text: string }
  | { letter: 'y' | 'm' | 'd' | 'h' | 'n' | 's'; width: number; elapsed: boolean }
  | { fraction: number }
  | { marker: 'AM/PM' | 'A/P' | 'a/p' };

interface ParsedDate {
  pieces: Piece[];
  decimals: number;
  elapsed?: 'h' | 'n' | 's';
  twelve: boolean;
  hasDate: boolean;
  hasSeconds: boolean;
}

const PIECE =
  /"([^"]*)"|\\(.)|\[([hH]{1,2}|[mM]{1,2}|[sS]{1,2})\]|(AM\/PM|am\/pm|A\/P|a\/p)|([yY]+|[mM]+|[dD]+|[hH]+|[sS]+)|\.(0+)|([$+(:^'{<=\-/)!&~}> ])|([\s\S])/g;
const LONGEST: Record<string, number> = { y: 5, m: 5, d: 5, h: 2, s: 2 };

/** The code's pieces, or undefined when a piece is not one the oracle reads. */
function cut(code: string): Piece[] | undefined {
  const out: Piece[] = [];
  for (const m of code.matchAll(PIECE)) {
    const [, quoted, escaped, bracket, marker, run, zeros, plain] = m;
    if (quoted !== undefined) out.push({ text: quoted });
    else if (escaped !== undefined) out.push({ text: escaped });
    else if (plain !== undefined) out.push({ text: plain });
    else if (bracket !== undefined) {
      const letter = bracket[0].toLowerCase() === 'm' ? 'n' : (bracket[0].toLowerCase() as 'h' | 's');
      out.push({ letter, width: bracket.length, elapsed: true });
    } else if (marker !== undefined)
      out.push({ marker: marker.toUpperCase() === 'AM/PM' ? 'AM/PM' : (marker as 'A/P' | 'a/p') });
    else if (run !== undefined) {
      const letter = run[0].toLowerCase() as 'y' | 'm' | 'd' | 'h' | 's';
      if (run.length > LONGEST[letter]) return undefined;
      out.push({ letter, width: run.length, elapsed: false });
    } else if (zeros !== undefined) {
      const before = out.at(-1);
      if (!before || !('letter' in before) || before.letter !== 's' || zeros.length > 3) return undefined;
      out.push({ fraction: zeros.length });
    } else return undefined;
  }
  return out;
}

type Field = Extract<Piece, { letter: string }>;

/** The code read, or undefined when it is not a date/time code the oracle formats. */
export function parseDateCode(code: string): ParsedDate | undefined {
  const pieces = cut(code);
  if (!pieces) return undefined;
  const fields = pieces.filter((p): p is Field => 'letter' in p);
  if (fields.length === 0) return undefined;
  const units = new Set(fields.filter((f) => f.elapsed).map((f) => f.letter));
  if (units.size > 1) return undefined;
  const elapsed = [...units][0] as 'h' | 'n' | 's' | undefined;
  // Why from a copy: a month run of one or two letters becomes minutes by its neighbours.
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.letter !== 'm' || f.width > 2) continue;
    const prev = fields[i - 1]?.letter;
    const next = fields[i + 1]?.letter;
    if (elapsed !== undefined || prev === 'h' || next === 's') f.letter = 'n';
    else if (prev === 's') return undefined;
  }
  const hasDate = fields.some((f) => f.letter === 'y' || f.letter === 'm' || f.letter === 'd');
  const twelve = pieces.some((p) => 'marker' in p);
  if (twelve && !fields.some((f) => f.letter === 'h')) return undefined;
  if (elapsed !== undefined) {
    const rank = { h: 0, n: 1, s: 2 } as const;
    if (hasDate || twelve) return undefined;
    if (fields.some((f) => rank[f.letter as 'h' | 'n' | 's'] < rank[elapsed])) return undefined;
  }
  const fractions = pieces.filter((p) => 'fraction' in p) as { fraction: number }[];
  if (fractions.length > 1) return undefined;
  return {
    pieces,
    decimals: fractions[0]?.fraction ?? 0,
    elapsed,
    twelve,
    hasDate,
    hasSeconds: fields.some((f) => f.letter === 's'),
  };
}

/** Whether TEXT's oracle formats this code as a date/time code. */
export const isDateCode = (code: string): boolean => parseDateCode(code) !== undefined;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The rounded time: whole units of 10^-decimals s (of the day's part, or of the whole when elapsed). */
function roundedUnits(a: number, c: ParsedDate): { day: number; units: number } | undefined {
  const scale = 10 ** c.decimals;
  const day = c.elapsed ? 0 : Math.floor(a);
  const exact = (a - day) * 86_400 * scale;
  const low = Math.floor(exact);
  const rest = exact - low;
  if (Math.abs(rest - 0.5) < 1e-6) return undefined;
  const units = rest < 0.5 ? low : low + 1;
  if (!c.elapsed && units >= 86_400 * scale) return undefined;
  if (!c.hasSeconds && units !== low && units % 60 === 0 && units - exact > 1e-3) return undefined;
  return { day, units };
}

function fieldText(f: Field, day: number, total: number, hours: number): string {
  const [y, m, d] = f.letter === 'y' || f.letter === 'm' || f.letter === 'd' ? ymd(day) : [0, 1, 1];
  const two = f.width >= 2;
  switch (f.letter) {
    case 'y':
      return f.width <= 2 ? pad(y % 100, 2) : String(y);
    case 'm':
      return f.width === 5
        ? MONTHS[m - 1][0]
        : f.width === 4
          ? MONTHS[m - 1]
          : f.width === 3
            ? MONTHS[m - 1].slice(0, 3)
            : pad(m, f.width);
    case 'd':
      return f.width >= 4
        ? DAYS[(day + 6) % 7]
        : f.width === 3
          ? DAYS[(day + 6) % 7].slice(0, 3)
          : pad(d, f.width);
    case 'h':
      return pad(hours, two ? 2 : 1);
    case 'n':
      return pad(Math.floor(total / 60), two ? 2 : 1);
    case 's':
      return pad(total, two ? 2 : 1);
  }
}

/** A value in a date/time code, or UNKNOWN where Excel's text is not established. */
export function formatDate(x: number, code: string): string | CellError {
  const c = parseDateCode(code);
  if (!c) return UNKNOWN();
  if (c.elapsed ? Math.abs(x) >= PAST_LAST_SERIAL : !(x >= 0 && x < PAST_LAST_SERIAL)) {
    return c.hasDate ? VALUE() : UNKNOWN();
  }
  const r = roundedUnits(Math.abs(x), c);
  if (!r) return UNKNOWN();
  const scale = 10 ** c.decimals;
  const secs = Math.floor(r.units / scale);
  const sub = r.units - secs * scale;
  const hours24 = Math.floor(secs / 3600);
  if (c.twelve && hours24 % 12 === 0) return UNKNOWN();
  if (x < 0 && r.units === 0) return UNKNOWN();
  const hours = c.twelve ? hours24 % 12 : c.elapsed ? hours24 : hours24 % 24;
  // Seconds and minutes of the elapsed unit count the whole; below it, the remainder.
  const secTotal = c.elapsed === 's' ? secs : secs % 60;
  const minTotal = c.elapsed === 'n' || c.elapsed === 's' ? secs - (secs % 60) : (secs % 3600) - (secs % 60);
  const out = c.pieces.map((p) => {
    if ('text' in p) return p.text;
    if ('fraction' in p) return `.${pad(sub, c.decimals)}`;
    if ('marker' in p) {
      const pm = hours24 >= 12;
      return p.marker === 'AM/PM'
        ? pm
          ? 'PM'
          : 'AM'
        : p.marker === 'A/P'
          ? pm
            ? 'P'
            : 'A'
          : pm
            ? 'p'
            : 'a';
    }
    return fieldText(p, r.day, p.letter === 's' ? secTotal : minTotal, hours);
  });
  return (x < 0 ? '-' : '') + out.join('');
}

/** TEXT(value, code) for a date/time code (isDateCode). */
export function textDateFunction(value: Scalar, code: string): string | CellError {
  const v = raw(value);
  if (v instanceof CellError) return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v === EmptyValue) return formatDate(0, code);
  if (typeof v === 'number') return formatDate(v, code);
  const n = excelTextToNumber(v as string);
  if (n === 'value') return v as string;
  return n === 'unknown' ? UNKNOWN() : formatDate(n, code);
}
