/**
 * Excel's coercions of a scalar, written for the oracle's corrected functions (corrections.ts) and independent
 * of the compiler's JSONata helpers: text → number as en-US Excel reads it in arithmetic, text → boolean as IF
 * and NOT read it, and the matching rule of VLOOKUP's exact mode.
 *
 * Where Excel's behaviour is not established for a text (a date or time form other than the plain ones, a
 * fraction, thousands separators not in groups of three), the coercion answers `unknown` and the oracle gives `#ERROR!` (HyperFormula's own
 * "could not evaluate" code): verification then takes Excel's saved value as the reference, or refuses the
 * column when there is none. A refusal is better than a wrong number.
 */

/** The outcome of reading text as a number. */
export type TextNumber = number | 'value' | 'unknown';

const MONTHS =
  /january|february|march|april|may|june|july|august|september|october|november|december|sept|jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec|am|pm/gi;

/** Days from Excel's day 0 (1899-12-31) with the phantom 1900-02-29 counted, as DATE(y,m,d) gives. */
function dateSerial(y: number, m: number, d: number): number | undefined {
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return undefined;
  const days = (t - Date.UTC(1899, 11, 31)) / 86_400_000;
  // Why: Excel counts 1900-02-29 (serial 60), so every later date is one more than the calendar count.
  return days >= 60 ? days + 1 : days;
}

/**
 * Text read as a number the way en-US Excel reads it in arithmetic (`="1"+"$4.00"` is 5, `="1,000"+0` is 1000,
 * `="50%"*1` is 0.5, `=" 2 "*1` is 2, `="6/1/2001"-"5/1/2001"` is 31): spaces around, one sign, a `$`, a
 * negative in parentheses, thousands separators in groups of three, a decimal point, an exponent, a trailing
 * `%`; dates M/D/YYYY and YYYY-MM-DD. `""`, text without digits (`abc`, `TRUE`, `Infinity`) and text with
 * letters no number or date can hold (`0x10`) are #VALUE! (`value`).
 */
export function excelTextToNumber(text: string): TextNumber {
  const s = text.replace(/^ +| +$/g, '');
  if (!/\d/.test(s)) return 'value';
  let body = s;
  let negative = false;
  const paren = /^\((.*)\)$/.exec(body);
  if (paren) {
    negative = true;
    body = paren[1];
  }
  const prefix = /^([+-]?)(\$?)([+-]?)/.exec(body) as RegExpExecArray;
  const signs = prefix[1] + prefix[3];
  if (signs.length <= 1 && !(paren && signs.length > 0)) {
    const rest = body.slice(prefix[0].length);
    const m = /^(\d+(?:,\d+)*)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?(%?)$/.exec(rest);
    if (m && (m[1] !== undefined || (m[2] ?? '') !== '')) {
      const int = m[1] ?? '';
      if (int.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(int)) return 'unknown';
      // Why: Excel keeps 15 significant digits of a number it reads and zeroes the rest (16-digit card
      // numbers end in 0); text coerced in arithmetic goes through the same reader.
      const intDigits = int.replace(/,/g, '');
      const all = intDigits + (m[2] ?? '');
      const first = all.search(/[1-9]/);
      const kept = first < 0 ? all : all.slice(0, first + 15).padEnd(all.length, '0');
      let x = Number(
        `${kept.slice(0, intDigits.length) || '0'}.${kept.slice(intDigits.length)}e${m[3] ?? '0'}`,
      );
      // Why: Excel's "Specifications and limits" page: the largest number that can be typed is
      // 9.99999999999999E+307; text beyond it does not read as a number.
      if (!(Math.abs(x) < 1e308)) return 'value';
      if (m[4] === '%') {
        // Why: whether Excel divides the read value by 100 or moves the decimal point (`1.1%`: 0.011 either
        // way in decimal, two different doubles) is not established: undetermined where the two differ.
        const shifted = Number(
          `${kept.slice(0, intDigits.length) || '0'}.${kept.slice(intDigits.length)}e${Number(m[3] ?? '0') - 2}`,
        );
        if (shifted !== x / 100) return 'unknown';
        x = shifted;
      }
      if (signs === '-') x = -x;
      if (negative) x = -x;
      return x === 0 ? 0 : x;
    }
  }
  const date = excelDateText(s);
  if (date !== undefined) return date;
  // Letters that no number, date or time can hold make it certain text.
  if (/[a-df-z]/i.test(s.replace(MONTHS, ''))) return 'value';
  return 'unknown';
}

/**
 * Date text en-US Excel reads (M/D/YYYY, YYYY-MM-DD, already trimmed) as its serial; `unknown` for such a
 * form that is no calendar day from 1900 to 9999; undefined for any other text.
 */
export function excelDateText(s: string): number | 'unknown' | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (!us && !iso) return undefined;
  const [y, mo, d] = us
    ? [+us[3], +us[1], +us[2]]
    : [+(iso as RegExpExecArray)[1], +(iso as RegExpExecArray)[2], +(iso as RegExpExecArray)[3]];
  const serial = y >= 1900 && y <= 9999 ? dateSerial(y, mo, d) : undefined;
  return serial ?? 'unknown';
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
