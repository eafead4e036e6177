/**
 * TEXT's date/time format codes, read at compile time into the tokens $xlTextDate renders
 * (helpers.ts). A code is read left to right; each rule below is Excel's as a saved cell shows it, and
 * a code that needs any other rule is refused with the rule named (`{reason}`), never guessed.
 *
 * - Fields, letters in any case (poi DateFormatTests.xlsx Tests!A6:A9, A15:A18 `D-M-Y`, `DDDD-MMMM-YYYY`,
 *   `H:M:S` as their lower-case twins): `y` and `yy` the two-digit year, `yyy` to `yyyyy` the four-digit year
 *   (ironcalc TEXT/TEXT.xlsx DATES!B2 `m/d/y` "9/29/12", D2 `yyy` and E2 `yyyyy` "2012"); `m` `mm` `mmm` `mmmm`
 *   and `mmmmm` the month's first letter (F2 "S"); `d` `dd` `ddd` `dddd`, `ddddd` the full day name (F2);
 *   `h` `hh`; `s` `ss`. Longer runs are refused.
 * - `m`/`mm` is minutes right after an hour field or right before a seconds field, literal text between
 *   (Microsoft's TEXT page: "MM" with "HH" or "SS" gives minutes, `HH:MM`, `MM:SS`; DateFormatTests A42 `h:m`
 *   "14:35"); right after a seconds field otherwise is refused (ElapsedFormatTests.xlsx A8 reads `s:m` as
 *   minutes, beside an elapsed hour: the general rule is not established); in an elapsed code always minutes.
 * - Fractional seconds `.0` `.00` `.000` right after a seconds field: the time is rounded to the shown
 *   precision (DateFormatNumberTests.xlsx A4:A7 00:04:37.638 / .64 / .6 / 38; DateFormatTests A31 `h:m:s.00`
 *   4:5:6.01).
 * - `AM/PM` and `am/pm` write AM or PM in capitals, `A/P` and `a/p` the letter in the case written, and the
 *   hours count on a 12-hour clock (DateFormatTests A11:A13, A16:A18, A20: `hh:mm:ss a/p` "02:35:27 p",
 *   `hh:mm:ss.000 am/pm` "02:35:27.000 PM").
 * - Elapsed `[h]` `[hh]` `[m]` `[mm]` `[s]` `[ss]`: the whole time in that unit, smaller fields the
 *   remainder, a plain field of the same unit the whole too, a negative value after a "-" (ElapsedFormatTests
 *   A2:A49: `[h]:m:s.000` of 3.14159 "75:23:53.376", `"It was "[h]" [yes, "h"] hours"` "It was 75 [yes, 75]
 *   hours", of -3.14159 "-75:23:53.376").
 * - Literal text: `"…"`, `\x`, and the characters Microsoft's "Review guidelines for customizing a number
 *   format" lists as shown without quotation marks: $ + ( : ^ ' { < = - / ) ! & ~ } > and the space
 *   (DateFormatTests A43:A44 `d \d\a\y\s h`, `d "days" h` "11 days 14"; ironcalc DATES!D2 `ddd--/--mmm--/++yyy`).
 *   A `.` or `,` outside fractional seconds is not in that list: refused (`dd.mm.yyyy`), as are other letters
 *   (`q`, `e`, `b`, `g`), digit placeholders, `@`, `*`, `_`, sections (`;`) and other brackets (`[Red]`, `[$-409]`).
 */

/**
 * A date/time code as $xlTextDate reads it: `t` the tokens (`yy` `yyyy` `m` `mm` `mmm` `mmmm` `mmmmm` `d` `dd`
 * `ddd` `dddd` `h` `hh` `n` `nn` (minutes) `s` `ss` `f` (the fraction's digits) `AP` `ap` (AM/PM) `A` `a`
 * (A/P, in its case), `[h]` `[hh]` `[n]` `[nn]` `[s]` `[ss]` (elapsed) and `'x` for the literal text x); `f`
 * the fraction's digit count; `e` the elapsed unit (`h`, `n` minutes, `s`) when the code has one; `p` a 12-hour clock; `dt` a date field; `sc` a seconds field.
 */
export interface DateCode {
  t: string[];
  f: number;
  e?: 'h' | 'n' | 's';
  p: boolean;
  dt: boolean;
  sc: boolean;
}

/** The characters shown as they are without quotation marks (Microsoft's list, above). */
const PLAIN = new Set([..."$+(:^'{<=-/)!&~}>", ' ']);

/** The field a run of one letter is, by its letter and length, or undefined when the length is refused. */
function fieldOf(letter: string, n: number): string | undefined {
  switch (letter) {
    case 'y':
      return n <= 2 ? 'yy' : n <= 5 ? 'yyyy' : undefined;
    case 'm':
      return n <= 5 ? 'm'.repeat(n) : undefined;
    case 'd':
      return n <= 4 ? 'd'.repeat(n) : n === 5 ? 'dddd' : undefined;
    default:
      return n <= 2 ? letter.repeat(n) : undefined;
  }
}

type Read = { token: string; width: number } | { reason: string };

/** The token at `i` (a field, an elapsed field, AM/PM or literal text), or the reason it is refused. */
function readAt(code: string, i: number, last: string | undefined): Read {
  const c = code[i]!;
  const rest = code.slice(i);
  if (c === '"') {
    const end = code.indexOf('"', i + 1);
    if (end < 0) return { reason: 'an unterminated quoted text' };
    return { token: `'${code.slice(i + 1, end)}`, width: end + 1 - i };
  }
  if (c === '\\')
    return i + 1 < code.length ? { token: `'${code[i + 1]}`, width: 2 } : { reason: 'a lone \\' };
  if (c === '[') {
    const m = /^\[(h{1,2}|m{1,2}|s{1,2})\]/i.exec(rest);
    if (!m) return { reason: 'a bracket other than [h] [m] [s]' };
    return { token: `[${m[1]!.toLowerCase().replace(/m/g, 'n')}]`, width: m[0].length };
  }
  for (const [text, token] of [
    ['AM/PM', 'AP'],
    ['am/pm', 'AP'],
    ['A/P', 'A'],
    ['a/p', 'a'],
  ] as const) {
    if (rest.startsWith(text)) return { token, width: text.length };
  }
  if (/^[ap]/i.test(rest) && /^(am\/pm|a\/p)/i.test(rest))
    return { reason: `the AM/PM marker written ${rest.slice(0, 5)}` };
  const letter = c.toLowerCase();
  if ('ymdhs'.includes(letter)) {
    let n = 1;
    while (code[i + n]?.toLowerCase() === letter) n++;
    const f = fieldOf(letter, n);
    return f ? { token: f, width: n } : { reason: `the field ${code.slice(i, i + n)}` };
  }
  if (c === '.' && last !== undefined && /^\[?s+\]?$/.test(last)) {
    const m = /^\.(0{1,3})(?![0#?])/.exec(rest);
    return m ? { token: 'f', width: m[0].length } : { reason: 'fractional seconds other than .0 .00 .000' };
  }
  if (PLAIN.has(c)) return { token: `'${c}`, width: 1 };
  if (/[a-z]/i.test(c)) return { reason: `the letter ${c}, which is no date or time field` };
  return { reason: `the character ${JSON.stringify(c)}` };
}

/** The fields' unit: h, m or s for time fields, else undefined. */
const unitOf = (t: string): string | undefined =>
  /^\[?(h+|n+|s+)\]?$/.test(t) ? t.replace(/[[\]]/g, '')[0] : undefined;

const isField = (t: string) => !t.startsWith("'") && t !== 'f';

/** `m`/`mm` as minutes or month, by the fields around it (see the header); undefined when refused. */
function resolveMinutes(t: string[], elapsed: boolean): string[] | undefined {
  const fields = t
    .map((tok, i) => [tok, i] as const)
    .filter(([tok]) => isField(tok) && !/^(AP|A|a)$/.test(tok));
  const out = [...t];
  for (let k = 0; k < fields.length; k++) {
    const [tok, i] = fields[k]!;
    if (tok !== 'm' && tok !== 'mm') continue;
    const before = fields[k - 1]?.[0];
    const after = fields[k + 1]?.[0];
    const afterHour = before === 'h' || before === 'hh' || before === '[h]' || before === '[hh]';
    const beforeSecond = after === 's' || after === 'ss' || after === '[s]' || after === '[ss]';
    if (elapsed || afterHour || beforeSecond) out[i] = 'n'.repeat(tok.length);
    else if (before === 's' || before === 'ss' || before === '[s]' || before === '[ss]') return undefined;
  }
  return out;
}

/**
 * The date/time code `code` as tokens, `undefined` when it has no date or time field (not a date code), or
 * `{reason}` naming the rule that is not established.
 */
export function readDateCode(code: string): DateCode | { reason: string } | undefined {
  const raw: string[] = [];
  let fraction = 0;
  for (let i = 0; i < code.length; ) {
    const r = readAt(code, i, raw.at(-1));
    if ('reason' in r) {
      // Why any letter: a letter is a date code's or literal text (`q` is no format code Excel documents).
      return raw.some(isField) || /[a-z[]/i.test(code) ? { reason: r.reason } : undefined;
    }
    if (r.token === 'f') {
      if (fraction > 0) return { reason: 'two fractional-second parts' };
      fraction = r.width - 1;
    }
    raw.push(r.token);
    i += r.width;
  }
  if (!raw.some(isField)) return undefined;
  const brackets = new Set(raw.filter((t) => t.startsWith('[')).map((t) => t[1]!));
  if (brackets.size > 1) return { reason: 'elapsed fields of two units' };
  const e = [...brackets][0] as 'h' | 'n' | 's' | undefined;
  const t = resolveMinutes(raw, e !== undefined);
  if (!t) return { reason: 'm after a seconds field (minutes or month)' };
  const dt = t.some((tok) => /^(yy|yyyy|m+|d+)$/.test(tok));
  const p = t.some((tok) => /^(AP|A|a)$/.test(tok));
  if (e !== undefined) {
    const order = 'hns';
    const top = order.indexOf(e);
    if (dt) return { reason: 'an elapsed field with a date field' };
    if (p) return { reason: 'an elapsed field with AM/PM' };
    if (t.some((tok) => unitOf(tok) !== undefined && order.indexOf(unitOf(tok)!) < top))
      return { reason: 'a field larger than the elapsed one' };
  }
  if (p && !t.some((tok) => tok === 'h' || tok === 'hh')) return { reason: 'AM/PM without an hour field' };
  const sc = t.some((tok) => /^\[?s+\]?$/.test(tok));
  return { t, f: fraction, ...(e ? { e } : {}), p, dt, sc };
}
