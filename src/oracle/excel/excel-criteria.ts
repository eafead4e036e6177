/**
 * The oracle's own reading of Excel's criteria language (SUMIF, COUNTIF, AVERAGEIF and the *IFS family),
 * written apart from the compiler's helpers so the two do not share a bug. HyperFormula 3.5 differs from
 * Excel here (it never reads text such as "5" in a criteria range as the number 5 under `=`, as Excel does:
 * corpus ironcalc COUNTIF.xlsx Rows!C2). The rules, each from a saved Excel cell, are in docs/oracle.md and
 * docs/semantics.md ("Criteria"). Where Excel's answer is not established the result is the oracle's
 * UNKNOWN: text Excel may read as a number or date other than a plain decimal, against a number under `=`;
 * text ordered where the corpus does not show the order; numbers equal only to 15 digits.
 */
import { CellError, ErrorType } from '../hf.js';
import { addExcel, isUndetermined, type raw, UNKNOWN } from './excel-scalars.js';
import { excelTextToNumber, foldCase, textMatches } from './excel-values.js';
import { round15 } from '../../workbook/precision.js';

type Value = ReturnType<typeof raw>;
type Hit = boolean | 'unknown';
export type CriteriaAggregate = 'sum' | 'count' | 'average' | 'max' | 'min';
type Op = '=' | '<>' | '<' | '>' | '<=' | '>=';

const PLAIN = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
/**
 * Letter runs an en-US number, date or time text may hold: months, weekdays, AM/PM and their letters, an
 * exponent, ordinal endings. Text with a digit and only such runs may be a number or date to Excel; any other
 * run makes it text (COUNTIF.xlsx Rows!V6: the text "#DIV/0!" does not meet the criterion 0).
 */
const NUMBER_WORDS = new Set(
  (
    'jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august ' +
    'september october november december mon tue tues wed thu thur thurs fri sat sun monday tuesday ' +
    'wednesday thursday friday saturday sunday am pm a p e t st nd rd th'
  ).split(' '),
);
/** Error names as criterion text, as the engine's error types (names HyperFormula lacks: unknown). */
const ERROR_TEXT: Readonly<Record<string, ErrorType | undefined>> = {
  '#DIV/0!': ErrorType.DIV_BY_ZERO,
  '#NAME?': ErrorType.NAME,
  '#VALUE!': ErrorType.VALUE,
  '#NUM!': ErrorType.NUM,
  '#N/A': ErrorType.NA,
  '#REF!': ErrorType.REF,
  '#SPILL!': ErrorType.SPILL,
  '#NULL!': undefined,
  '#CALC!': undefined,
  '#GETTING_DATA': undefined,
};

interface Criterion {
  op: Op;
  kind: 'number' | 'text' | 'boolean' | 'error' | 'empty' | 'blank' | 'nonblank' | 'nothing' | 'unknown';
  value?: number | string | boolean;
}

/** Text Excel may read as a number or date: a digit, no wildcard, every letter run a NUMBER_WORDS word. */
const mayBeNumber = (t: string): boolean =>
  /[0-9]/.test(t) &&
  !/[*?]/.test(t) &&
  [...t.toLowerCase().matchAll(/[a-z]+/g)].every((m) => NUMBER_WORDS.has(m[0]));
/**
 * Plain decimal text as the number Excel reads (`excelTextToNumber`: 15 significant digits kept, nothing from
 * 1e308 up), or undefined; such text beyond the range may be a number, like other number-like text.
 */
const plainNumber = (t: string): number | undefined => {
  if (!PLAIN.test(t)) return undefined;
  const n = excelTextToNumber(t);
  return typeof n === 'number' ? n : undefined;
};
const isBlank = (x: Value): boolean => x === null || x === undefined || typeof x === 'symbol';

function criterion(c: Value): Criterion {
  if (c instanceof CellError) return { op: '=', kind: 'error', value: c.type };
  if (isBlank(c)) return { op: '=', kind: 'number', value: 0 };
  if (typeof c === 'number') return { op: '=', kind: 'number', value: c };
  if (typeof c === 'boolean') return { op: '=', kind: 'boolean', value: c };
  const text = String(c);
  const m = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/.exec(text)!;
  const written = (m[1] ?? '') as Op | '';
  const op: Op = written === '' ? '=' : written;
  const t = m[2] ?? '';
  const bare = written === '' || written === '<>';
  if (t === '') {
    const kind =
      written === '' ? 'empty' : written === '=' ? 'blank' : written === '<>' ? 'nonblank' : 'nothing';
    return { op, kind };
  }
  if (PLAIN.test(t)) {
    const n = plainNumber(t);
    return n === undefined ? { op, kind: 'unknown' } : { op, kind: 'number', value: n };
  }
  const upper = t.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE')
    return bare ? { op, kind: 'boolean', value: upper === 'TRUE' } : { op, kind: 'unknown' };
  if (Object.hasOwn(ERROR_TEXT, t)) {
    const type = ERROR_TEXT[t];
    return bare && type !== undefined ? { op, kind: 'error', value: type } : { op, kind: 'unknown' };
  }
  if (mayBeNumber(t)) return { op, kind: 'unknown' };
  if (op !== '=' && op !== '<>' && /[*?~]/.test(t)) return { op, kind: 'unknown' };
  return { op, kind: 'text', value: t };
}

/** Two numbers under a criterion: exact, or unknown where only their 15-digit forms agree. */
function numberHit(op: Op, x: number, y: number): Hit {
  const exact = { '=': x === y, '<>': x !== y, '<': x < y, '>': x > y, '<=': x <= y, '>=': x >= y }[op];
  const p = round15(x);
  const q = round15(y);
  const rounded = { '=': p === q, '<>': p !== q, '<': p < q, '>': p > q, '<=': p <= q, '>=': p >= q }[op];
  return exact === rounded ? exact : 'unknown';
}

/**
 * A text cell against a text under an order: decided where the corpus shows Excel's order, at the first
 * character the folded texts differ in: two letters (alphabetical; COUNTIFS.xlsx Rows1!C13) or "#" and a
 * letter ("#" first; COUNTIF.xlsx Rows!V4). Anything else (a prefix, digits, signs, non-ASCII): unknown.
 */
function textOrderHit(op: Op, cell: string, crit: string): Hit {
  const a = foldCase(cell);
  const b = foldCase(crit);
  if (a === b) return op === '<=' || op === '>=';
  if (/[^\x20-\x7e]/.test(a + b)) return 'unknown';
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length || i === b.length) return 'unknown';
  const ranked = (ch: string) => ch === '#' || (ch >= 'a' && ch <= 'z');
  if (!ranked(a[i]!) || !ranked(b[i]!)) return 'unknown';
  const less = a[i]! < b[i]!;
  return op === '<' || op === '<=' ? less : !less;
}

function hit(c: Criterion, x: Value): Hit {
  if (isUndetermined(x)) return 'unknown';
  const blank = isBlank(x);
  const text = typeof x === 'string' && x !== '' ? x : undefined;
  if (c.kind === 'unknown') return 'unknown';
  if (c.kind === 'empty') return blank || x === '';
  if (c.kind === 'blank') return blank ? true : x === '' ? 'unknown' : false;
  // "<>" alone: every cell that is not blank, "" and errors too (COUNTIF.xlsx Rows!AB5, Rows!M9).
  if (c.kind === 'nonblank') return !blank;
  // An order with nothing (">"&a blank cell): no cell (COUNTIF.xlsx Rows!I9:L9).
  if (c.kind === 'nothing') return false;
  if (c.op === '=') return equalHit(c, x, text);
  if (c.op === '<>') return notEqualHit(c, x, text);
  if (c.kind === 'number') {
    if (typeof x === 'number') return numberHit(c.op, x, c.value as number);
    // Numeric text is never a number here (COUNTIF.xlsx Rows!J2); other text that may be one: not established.
    return text !== undefined && plainNumber(text) === undefined && mayBeNumber(text) ? 'unknown' : false;
  }
  // Text under an order: text cells compared; blanks and errors never (COUNTIF.xlsx Rows!V4).
  if (text !== undefined) return textOrderHit(c.op, text, c.value as string);
  return blank || x instanceof CellError ? false : 'unknown';
}

/** Under `=` (or no operator). */
function equalHit(c: Criterion, x: Value, text: string | undefined): Hit {
  if (c.kind === 'number') {
    if (typeof x === 'number') return numberHit('=', x, c.value as number);
    if (text === undefined) return false;
    const n = plainNumber(text);
    if (n !== undefined) return numberHit('=', n, c.value as number);
    return mayBeNumber(text) ? 'unknown' : false;
  }
  if (c.kind === 'boolean') return x === c.value;
  if (c.kind === 'error') return x instanceof CellError && x.type === c.value;
  const pattern = c.value as string;
  if (text !== undefined) return textMatches(pattern, text);
  if (x === '') return /[*?~]/.test(pattern) && textMatches(pattern, '') ? 'unknown' : false;
  return false;
}

/** Under `<>`: a cell counts unless it is the criterion's own kind and equal (COUNTIF.xlsx Rows!E2, AJ3, AB4, V2). */
function notEqualHit(c: Criterion, x: Value, text: string | undefined): Hit {
  if (c.kind === 'number') {
    if (typeof x === 'number') return numberHit('<>', x, c.value as number);
    // Numeric text counts (COUNTIF.xlsx Rows!E2); other text that may be a number: not established.
    return text !== undefined && plainNumber(text) === undefined && mayBeNumber(text) ? 'unknown' : true;
  }
  if (c.kind === 'boolean') return x !== c.value;
  if (c.kind === 'error') return !(x instanceof CellError && x.type === c.value);
  const pattern = c.value as string;
  if (text !== undefined) return !textMatches(pattern, text);
  if (x === '') return /[*?~]/.test(pattern) && textMatches(pattern, '') ? 'unknown' : true;
  return true;
}

/**
 * One criteria range's cells, grouped on first use by the key an equality criterion matches on, so a column
 * of per-row SUMIF/COUNTIF calls over the same locked range costs one pass over it plus the matching rows
 * (linear cost, one pass per range), not a scan per row. The groups only narrow the rows `hit` is asked about:
 * a row outside a criterion's candidates is one `hit` answers false for, so results equal the scan's.
 */
export class CriteriaRange {
  private numbers?: Map<number, number[]>;
  private texts?: Map<string, number[]>;
  private unclearRows?: number[];
  /** Cells whose own value is undetermined: every criterion leaves them unknown. */
  private undeterminedRows?: number[];
  constructor(readonly cells: readonly Value[]) {}

  /** The rows a criterion can match or leave unknown, ascending; undefined when every row must be asked. */
  candidates(c: Criterion): readonly number[] | undefined {
    if (c.op !== '=') return undefined;
    if (c.kind === 'number') {
      this.group();
      const same = this.numbers!.get(round15(c.value as number)) ?? [];
      return this.withUndetermined(mergeSorted(same, this.unclearRows!));
    }
    if (c.kind === 'text' && !/[*?~]/.test(c.value as string)) {
      this.group();
      return this.withUndetermined(this.texts!.get(foldCase(c.value as string)) ?? []);
    }
    return undefined;
  }

  private withUndetermined(rows: readonly number[]): readonly number[] {
    return mergeSorted(rows, this.undeterminedRows!);
  }

  /**
   * Numbers and plain-number text by their 15-digit value (`numberHit` is false when those differ); clear
   * text by its folded case (`textMatches` without wildcards compares exactly that); non-empty unclear text
   * apart (a number criterion leaves it unknown). Every other cell is false under an equality criterion.
   */
  private group(): void {
    if (this.numbers) return;
    this.numbers = new Map();
    this.texts = new Map();
    this.unclearRows = [];
    this.undeterminedRows = [];
    const add = <K>(m: Map<K, number[]>, k: K, i: number) => {
      const list = m.get(k);
      if (list) list.push(i);
      else m.set(k, [i]);
    };
    this.cells.forEach((x, i) => {
      if (typeof x === 'number') add(this.numbers!, round15(x), i);
      if (isUndetermined(x)) this.undeterminedRows!.push(i);
      if (typeof x !== 'string' || x === '') return;
      const n = plainNumber(x);
      if (n !== undefined) add(this.numbers!, round15(n), i);
      else if (mayBeNumber(x)) this.unclearRows!.push(i);
      else add(this.texts!, foldCase(x), i);
    });
  }
}

function mergeSorted(a: readonly number[], b: readonly number[]): readonly number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * A criteria aggregate over equally sized flat ranges (the caller checks sizes): rows where every pair
 * matches; a row with a failing pair never counts; any other unknown pair makes the result UNKNOWN.
 * Rows are visited in order (the sum's order is the sheet's), only those every pair's groups allow.
 */
export function criteriaAggregate(
  agg: CriteriaAggregate,
  values: readonly Value[] | undefined,
  pairs: readonly { criterion: Value; range: readonly Value[] | CriteriaRange }[],
): number | CellError {
  // Why: a criterion the oracle could not determine (its own #ERROR!) is no error criterion matching nothing.
  if (pairs.some((p) => isUndetermined(p.criterion))) return UNKNOWN();
  const parsed = pairs.map((p) => ({
    c: criterion(p.criterion),
    range: p.range instanceof CriteriaRange ? p.range : new CriteriaRange(p.range),
  }));
  const n = parsed[0]?.range.cells.length ?? 0;
  if (parsed.some((p) => p.range.cells.length !== n) || (values && values.length !== n))
    return new CellError(ErrorType.VALUE);
  let visit: readonly number[] | undefined;
  for (const p of parsed) {
    const rows = p.range.candidates(p.c);
    if (rows !== undefined && (visit === undefined || rows.length < visit.length)) visit = rows;
  }
  const rows: number[] = [];
  let unknown = false;
  const ask = (i: number) => {
    const hits = parsed.map((p) => hit(p.c, p.range.cells[i]));
    if (hits.includes(false)) return;
    if (hits.includes('unknown')) unknown = true;
    else rows.push(i);
  };
  if (visit === undefined) for (let i = 0; i < n; i++) ask(i);
  else for (const i of visit) ask(i);
  if (unknown) return UNKNOWN();
  if (agg === 'count') return rows.length;
  const matched = rows.map((i) => values![i]);
  const error = matched.find((v) => v instanceof CellError);
  if (error instanceof CellError) return error;
  const nums = matched.filter((v): v is number => typeof v === 'number');
  if (agg === 'max' || agg === 'min')
    return nums.length === 0 ? 0 : agg === 'max' ? Math.max(...nums) : Math.min(...nums);
  let sum: number | CellError = 0;
  for (const x of nums) {
    sum = addExcel(sum, x);
    if (sum instanceof CellError) return sum;
  }
  if (agg === 'sum') return sum;
  return nums.length === 0 ? new CellError(ErrorType.DIV_BY_ZERO) : sum / nums.length;
}

/** For tests: the oracle's reading of one criterion against one cell. */
export const criterionMatches = (c: Value, x: Value): Hit => hit(criterion(c), x);
