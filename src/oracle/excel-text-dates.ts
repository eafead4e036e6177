/**
 * Excel's TEXT(value, format_text) for a bounded set of en-US date/time format codes, 1900 date system,
 * written for the oracle and independent of the compiler's JSONata helpers: the code is read here from its
 * own characters (runs of y, m, d, h, s; an `m` run after `h` is minutes), the calendar is excel-dates.ts's.
 *
 * Excel's rules, as applied:
 * - the serial is rounded to the nearest second before its fields are read (Excel rounds a time to the
 *   precision it shows: POI's DateFormatTests.xlsx `h:m:s.00` of 4:05:06.009 is `4:5:6.01`, `h:m:s` of
 *   14:35:27.0000 `14:35:27`);
 * - month and day names in English (`dddd-mmmm-yyyy` of 1952-10-11 is `Saturday-October-1952`, same file);
 * - serial 0 is 1900-01-00 (a Saturday), serial 60 the phantom 1900-02-29, serial 1 a Sunday;
 * - text that reads as a number is formatted as that number, other text is returned as it is, booleans as
 *   TRUE/FALSE, a blank as 0, errors pass.
 *
 * Undetermined (the oracle's #ERROR!): a negative serial or one from 2958466 on (Excel shows `#####` in a
 * cell; what TEXT returns is not established here), a time within a millionth of a second of a half second
 * (the rounding direction depends on how Excel splits the double), and a time that rounds up into the next
 * day (whether the date part follows the carry is not established).
 */
import { CellError, EmptyValue } from './hf.js';
import { ymd } from './excel-dates.js';
import { raw, type Scalar, UNKNOWN } from './excel-scalars.js';
import { excelTextToNumber } from './excel-values.js';

/** The date/time codes the oracle formats itself (TEXT's format-code route). */
export const TEXT_DATE_FORMAT_CODES: readonly string[] = [
  'yyyy-mm-dd',
  'dd/mm/yyyy',
  'mm/dd/yyyy',
  'd-mmm-yy',
  'mmm yyyy',
  'mmmm',
  'yyyy',
  'mm',
  'dd',
  'ddd',
  'dddd',
  'h:mm',
  'hh:mm:ss',
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
const LAST_SERIAL = 2_958_465;

type Piece = { field: string } | { text: string };

/** The code as fields (`yyyy`, `m`, `mm`, ..., minutes as `n`/`nn`) and literal text. */
function pieces(code: string): Piece[] {
  const out: Piece[] = [];
  for (const run of code.match(/y+|m+|d+|h+|s+|[^ymdhs]+/gi) ?? []) {
    const letter = run[0].toLowerCase();
    if (!'ymdhs'.includes(letter)) out.push({ text: run });
    else out.push({ field: letter.repeat(run.length) });
  }
  // Why: `m` or `mm` right after an hour field (past literal text) is minutes, as in `h:mm`.
  let lastField = '';
  for (const p of out) {
    if (!('field' in p)) continue;
    if (p.field.startsWith('m') && p.field.length <= 2 && lastField.startsWith('h')) {
      p.field = 'n'.repeat(p.field.length);
    }
    lastField = p.field;
  }
  return out;
}

const two = (n: number) => String(n).padStart(2, '0');

function field(f: string, day: number, secs: number): string {
  const [y, m, d] = ymd(day);
  const weekday = (day + 6) % 7;
  const table: Record<string, () => string> = {
    yyyy: () => String(y),
    yy: () => two(y % 100),
    mmmm: () => MONTHS[m - 1],
    mmm: () => MONTHS[m - 1].slice(0, 3),
    mm: () => two(m),
    m: () => String(m),
    dddd: () => DAYS[weekday],
    ddd: () => DAYS[weekday].slice(0, 3),
    dd: () => two(d),
    d: () => String(d),
    hh: () => two(Math.floor(secs / 3600)),
    h: () => String(Math.floor(secs / 3600)),
    nn: () => two(Math.floor(secs / 60) % 60),
    n: () => String(Math.floor(secs / 60) % 60),
    ss: () => two(secs % 60),
    s: () => String(secs % 60),
  };
  return table[f]();
}

/** A serial in one of the date/time codes, or UNKNOWN where Excel's text is not established. */
export function formatDate(x: number, code: string): string | CellError {
  if (!(x >= 0 && x < LAST_SERIAL + 1)) return UNKNOWN();
  const day = Math.floor(x);
  const exact = (x - day) * 86_400;
  const frac = exact - Math.floor(exact);
  if (Math.abs(frac - 0.5) < 1e-6) return UNKNOWN();
  const secs = frac < 0.5 ? Math.floor(exact) : Math.floor(exact) + 1;
  if (secs >= 86_400) return UNKNOWN();
  return pieces(code)
    .map((p) => ('text' in p ? p.text : field(p.field, day, secs)))
    .join('');
}

/** TEXT(value, code) for a code in TEXT_DATE_FORMAT_CODES. */
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
