/**
 * Excel's SUBSTITUTE, REPLACE, FIND, SEARCH, PROPER, REPT, EXACT, VALUE, CHAR, CODE, CLEAN and TEXTJOIN on
 * HyperFormula scalars, for the text entries (functions/text.ts). Independent of the compiler's
 * JSONata helpers. HyperFormula 3.5 differs from Excel here: numbers written its own way (`EXACT(1/3,...)`),
 * `REPLACE("ABCDEFG",2.3,3.9,"xx")` "AxxFG" (Excel "AxxEFG", FormulaEvalTestData_Copy.xlsx D1136),
 * `SUBSTITUTE("teststr","t","T",1.9)` unchanged (Excel "Teststr", F1312), an empty old_text inserted
 * (P1312), `VALUE("$1,000")` #VALUE! (Excel 1000, E1444), `PROPER("ßa")` "SSa", no 32,767-character limit
 * in REPT, SUBSTITUTE and REPLACE, CHAR/CODE over Latin-1 (Excel for Windows: ANSI, Windows-1252). Where Excel's answer is not established,
 * UNKNOWN.
 */
import { CellError, EmptyValue } from '../hf.js';
import { count, raw, type Scalar, toNumber, toText, UNKNOWN, VALUE } from './excel-scalars.js';
import { changeCase, excelTextToNumber, foldCase, textToBoolean } from './excel-values.js';

/** Excel's longest text (a cell holds at most 32,767 characters). */
const MAX_TEXT = 32767;

type Result = string | number | boolean | CellError;

/** A text result: over Excel's 32,767 characters (UTF-16 units) it is #VALUE!. */
function capped(s: string): string | CellError {
  return s.length > MAX_TEXT ? VALUE() : s;
}

/** Reads each argument as text, or returns the first error. */
function texts(...vs: Scalar[]): string[] | CellError {
  const out: string[] = [];
  for (const v of vs) {
    const t = toText(v);
    if (t instanceof CellError) return t;
    out.push(t);
  }
  return out;
}

/** A number argument truncated toward zero. */
function whole(v: Scalar): number | CellError {
  const n = toNumber(v);
  return n instanceof CellError ? n : Math.trunc(n);
}

/** Where the n-th occurrence of `a` starts, searching on `step` units after each one found (-1: none). */
function nth(s: string, a: string, n: number, step: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = s.indexOf(a, at < 0 ? 0 : at + step);
    if (at < 0) return -1;
  }
  return at;
}

export function substitute(text: Scalar, old: Scalar, repl: Scalar, instance?: Scalar): Result {
  const t = texts(text, old, repl);
  if (t instanceof CellError) return t;
  const [s, a, b] = t;
  if (instance === undefined) return a === '' ? s : capped(s.split(a).join(b));
  const n = whole(instance);
  if (n instanceof CellError) return n;
  if (n < 1) return VALUE();
  if (a === '') return s;
  const at = nth(s, a, n, a.length);
  // Why: whether an occurrence may overlap the one before ("aa" twice in "aaa") is not established.
  if (at !== nth(s, a, n, 1)) return UNKNOWN();
  if (at < 0) return s;
  return capped(s.slice(0, at) + b + s.slice(at + a.length));
}

export function replace(text: Scalar, start: Scalar, chars: Scalar, repl: Scalar): Result {
  const s = toText(text);
  if (s instanceof CellError) return s;
  const p = whole(start);
  if (p instanceof CellError) return p;
  const n = count(chars);
  if (n instanceof CellError) return n;
  const b = toText(repl);
  if (b instanceof CellError) return b;
  if (p < 1 || n < 0) return VALUE();
  return capped(s.slice(0, p - 1) + b + s.slice(p - 1 + n));
}

/** FIND (`wild` false) and SEARCH: 1-based position of the first match from start_num. */
export function find(needle: Scalar, hay: Scalar, start: Scalar | undefined, wild: boolean): Result {
  const t = texts(needle, hay);
  if (t instanceof CellError) return t;
  const [written, s] = t;
  // A lone `~` in SEARCH quotes nothing and is found at start_num, as "" is (ironcalc TEXT/FIND_SEARCH.xlsx
  // E29 `SEARCH("~","Hi ~Bang!")` and E30 `SEARCH("~","Hello")`, both 1).
  const a = wild && written === '~' ? '' : written;
  // Why: another pattern ending in a `~` that quotes nothing ("a~") is not established.
  if (wild && /^(?:~[\s\S]|[^~])*~$/.test(a)) return UNKNOWN();
  const k0 = start === undefined ? 1 : toNumber(start);
  if (k0 instanceof CellError) return k0;
  const k = Math.trunc(k0);
  // Why: whether start_num is truncated before the length check (3.5 in a 3-character text), and what an
  // empty find_text gives at start length + 1 (`FIND("","")`), are not established.
  if (k0 > s.length && k <= s.length) return UNKNOWN();
  if (a === '' && k === s.length + 1) return UNKNOWN();
  if (k < 1 || k > s.length) return VALUE();
  if (a === '') return k;
  if (!wild) {
    const i = s.indexOf(a, k - 1);
    return i < 0 ? VALUE() : i + 1;
  }
  const p = foldCase(a);
  const h = foldCase(s);
  const re = new RegExp(wildcardSource(p));
  const m = re.exec(h.slice(k - 1));
  return m ? k + m.index : VALUE();
}

/** Excel's wildcards as a regular expression source: `?` one unit, `*` any run, `~` quotes the next. */
function wildcardSource(p: string): string {
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    if (ch === '~' && i + 1 < p.length) re += escapeRe(p[++i]);
    else if (ch === '?') re += '[\\s\\S]';
    else if (ch === '*') re += '[\\s\\S]*?';
    else re += escapeRe(ch);
  }
  return re;
}
const escapeRe = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const isLetter = (c: string) => c.toUpperCase() !== c.toLowerCase();

export function proper(text: Scalar): Result {
  const s = toText(text);
  if (s instanceof CellError) return s;
  // Why: whether Excel counts an uncased character (a CJK ideograph, a combining mark) as a letter is not
  // established; ASCII and cased letters are.
  for (const c of s) if (c > '\u007f' && !isLetter(c)) return UNKNOWN();
  let out = '';
  let prev = '';
  for (const c of s) {
    out += prev !== '' && isLetter(prev) ? changeCase(c, false) : changeCase(c, true);
    prev = c;
  }
  return out;
}

export function rept(text: Scalar, times: Scalar): Result {
  const s = toText(text);
  if (s instanceof CellError) return s;
  const n = count(times);
  if (n instanceof CellError) return n;
  if (n < 0 || s.length * n > MAX_TEXT) return VALUE();
  return s.repeat(n);
}

export function exact(a: Scalar, b: Scalar): Result {
  const t = texts(a, b);
  return t instanceof CellError ? t : t[0] === t[1];
}

/**
 * VALUE: read from a cell, a blank is 0 and a boolean #VALUE! (ironcalc T_VALUE_VALUETOTEXT.xlsx C2 `VALUE(A2)`,
 * A2 blank, 0; C6, A6 = TRUE, #VALUE!); a blank or a boolean typed or computed is not established.
 */
export function value(v: Scalar, from: 'reference' | 'typed' | 'other' = 'other'): Result {
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x === 'number') return x;
  if (x === EmptyValue || typeof x === 'boolean') {
    if (from !== 'reference') return UNKNOWN();
    return x === EmptyValue ? 0 : VALUE();
  }
  const n = excelTextToNumber(x as string);
  return n === 'value' ? VALUE() : n === 'unknown' ? UNKNOWN() : n;
}

/**
 * The characters of the codes 128..159 in Excel for Windows (ANSI, Windows-1252), read from ironcalc
 * TEXT/CHAR.xlsx B128:B159 as Excel saved them: 129, 141, 143, 144 and 157, which Windows-1252 leaves
 * unassigned, are the control characters of the same number. 1..127 are ASCII and 160..255 Latin-1
 * (B1:B127, B160:B255).
 */
const ANSI_128_159 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/** The UTF-16 unit of an ANSI code 1..255. */
const ansiUnit = (n: number) => (n >= 128 && n <= 159 ? ANSI_128_159[n - 128]! : n);

export function char(v: Scalar): Result {
  const n = whole(v);
  if (n instanceof CellError) return n;
  if (n < 1 || n > 255) return VALUE();
  return String.fromCharCode(ansiUnit(n));
}

/**
 * CODE: the ANSI code of the first UTF-16 unit (Microsoft's CODE page: the computer's character set, Windows
 * ANSI, the one CHAR reads). A unit outside that set is not established (Windows may answer "?" or a
 * best-fit letter); nor is empty text (no corpus cell calls CODE, and Microsoft's page shows no empty text).
 */
export function code(v: Scalar): Result {
  const s = toText(v);
  if (s instanceof CellError) return s;
  if (s === '') return UNKNOWN();
  const c = s.charCodeAt(0);
  for (let n = 1; n <= 255; n++) if (ansiUnit(n) === c) return n;
  return UNKNOWN();
}

export function clean(v: Scalar): Result {
  const s = toText(v);
  return s instanceof CellError ? s : s.replace(/[\u0000-\u001f]/g, '');
}

/** TEXTJOIN over the delimiter, ignore_empty and the text values (ranges already expanded). */
export function textJoin(delimiter: Scalar, ignore: Scalar, items: readonly Scalar[]): Result {
  const d = toText(delimiter);
  if (d instanceof CellError) return d;
  const ig = logical(ignore);
  if (ig instanceof CellError) return ig;
  const parts: string[] = [];
  for (const item of items) {
    const t = toText(item);
    if (t instanceof CellError) return t;
    if (!(ig && t === '')) parts.push(t);
  }
  const out = parts.join(d);
  return out.length > MAX_TEXT ? VALUE() : out;
}

/** A logical argument: numbers non-zero, blank FALSE, text TRUE/FALSE, other text #VALUE!. */
function logical(v: Scalar): boolean | CellError {
  const x = raw(v);
  if (x instanceof CellError) return x;
  if (typeof x === 'boolean') return x;
  if (typeof x === 'number') return x !== 0;
  if (x === EmptyValue) return false;
  return textToBoolean(x as string) ?? VALUE();
}
