/**
 * Excel's lookup rules for the oracle's corrected HLOOKUP, MATCH, XLOOKUP and INDEX (SSX.* in
 * functions/lookup.ts). Why corrected: HyperFormula 3.5 matches text accent-insensitively (`"e"` finds `é`),
 * ignores wildcards in MATCH's exact mode, and gives #NUM! for an INDEX position beyond the range (Excel
 * #REF!). Probed in test/oracle/lookups.test.ts. Exact match follows VLOOKUP's rules (SSX.VLOOKUP):
 * case-insensitive text, wildcards where the function has them, 1 and "1" differ, first match.
 */
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { count, raw, type Scalar, UNKNOWN, VALUE } from './excel-scalars.js';
import { foldCase, textMatches } from './excel-values.js';

type Cell = ReturnType<typeof raw>;
const NA = () => new CellError(ErrorType.NA);
const REF = () => new CellError(ErrorType.REF);

/**
 * A range argument's rows of raw values (a `Table`'s, as read). Why a scalar is accepted: HyperFormula hands a
 * one-cell range (`D1:D1`) over as that cell's value (the plugin evaluates range arguments itself,
 * functions/lookup.ts).
 */
export const rowsOf = (range: unknown): Cell[][] => {
  if (range instanceof Table) return range.rows;
  const data = (range as { data?: Scalar[][] } | undefined)?.data;
  return data === undefined ? [[raw(range as Scalar)]] : data.map((row) => row.map(raw));
};

/**
 * A range argument read: its rows of raw values and, each built on first use, what the lookups search in
 * it. functions/lookup.ts keeps one per engine and sheet range (range-cache.ts), so a per-row lookup into a
 * locked table reads and indexes the table once, not per call; every function here takes one in place of
 * the range.
 */
export class Table {
  private vectorCells?: Cell[] | null;
  private exactIndex?: ExactIndex;
  private columnIndex?: ExactIndex;
  private rowIndex?: ExactIndex;
  constructor(readonly rows: Cell[][]) {}

  static of(range: unknown): Table {
    return range instanceof Table ? range : new Table(rowsOf(range));
  }

  /** Its cells when one row or one column, else undefined. */
  get vector(): Cell[] | undefined {
    if (this.vectorCells === undefined) this.vectorCells = vector(this.rows) ?? null;
    return this.vectorCells ?? undefined;
  }

  /** MATCH's index: over the vector (none for a wider range). */
  get exact(): ExactIndex {
    this.exactIndex ??= new ExactIndex(this.vector);
    return this.exactIndex;
  }

  /** VLOOKUP's index: over the first column. */
  get firstColumn(): ExactIndex {
    this.columnIndex ??= new ExactIndex(this.rows.map((r) => r[0]!));
    return this.columnIndex;
  }

  /** HLOOKUP's index: over the first row. */
  get firstRow(): ExactIndex {
    this.rowIndex ??= new ExactIndex(this.rows[0] ?? []);
    return this.rowIndex;
  }
}

/** The key of an exact-match search, or the answer when it is an error or Excel's rule is not established. */
function exactKey(key: Scalar): Cell | CellError {
  const k = raw(key);
  if (k instanceof CellError) return k;
  // A range where one value is expected (`raw` of a range is undefined): not established here.
  if (k === undefined) return UNKNOWN();
  // Why: Excel's answer for a blank or empty-text lookup value is not established here (as SSX.VLOOKUP).
  if (k === EmptyValue || k === '') return UNKNOWN();
  // Why: MATCH and VLOOKUP are said to give #VALUE! past 255 characters (exceljet, "Match long text"), XLOOKUP
  // is said not to; no Excel-saved cell shows either, and the lowering does not check: not established.
  if (typeof k === 'string' && k.length > 255) return UNKNOWN();
  return k;
}

/** The index of the first cell (the last with `last`) equal to the key, or -1. */
function findExact(key: Cell, cells: Cell[], wild: boolean, last: boolean): number {
  const hit = (cell: Cell) =>
    typeof key === 'string'
      ? typeof cell === 'string' && (wild ? textMatches(key, cell) : foldCase(key) === foldCase(cell))
      : typeof cell === typeof key && cell === key;
  if (last) {
    for (let i = cells.length - 1; i >= 0; i--) if (hit(cells[i]!)) return i;
    return -1;
  }
  return cells.findIndex(hit);
}

/** A one-row or one-column range's cells, or undefined for a wider one. */
function vector(rows: Cell[][]): Cell[] | undefined {
  if (rows.length === 1) return rows[0];
  if (rows.every((r) => r.length === 1)) return rows.map((r) => r[0]!);
  return undefined;
}

const shown = (v: Cell | undefined): Cell => (v === undefined ? EmptyValue : v);

/** HLOOKUP with range_lookup FALSE/0. */
export function hlookupExact(lookup: Scalar, table: unknown, row: Scalar): unknown {
  const key = exactKey(lookup);
  if (key instanceof CellError) return key;
  const r = count(row);
  if (r instanceof CellError) return r;
  const t = Table.of(table);
  if (r < 1) return VALUE();
  if (r > t.rows.length) return REF();
  const i = t.firstRow.find(key);
  return i < 0 ? NA() : shown(t.rows[r - 1]![i]);
}

/**
 * A one-row or one-column range's cells with, built on first use, the first position of each text (folded)
 * and each number or boolean: exactly `findExact(key, cells, true, false)` for a key that is not wildcard
 * text (text matches only text by folded case, other keys only their own type by `===`, which a Map's
 * SameValueZero agrees with: 0 and -0 are one key, NaN never occurs). A wildcard key scans.
 */
export class ExactIndex {
  private text?: Map<string, number>;
  private other?: Map<Cell, number>;
  constructor(readonly cells: Cell[] | undefined) {}

  /** The first position (0-based) of the key, or -1. */
  find(key: Cell): number {
    const cells = this.cells ?? [];
    if (typeof key === 'string' && /[*?~]/.test(key)) return findExact(key, cells, true, false);
    if (this.text === undefined || this.other === undefined) {
      this.text = new Map();
      this.other = new Map();
      cells.forEach((cell, i) => {
        if (typeof cell === 'string') {
          const k = foldCase(cell);
          if (!this.text!.has(k)) this.text!.set(k, i);
        } else if ((typeof cell === 'number' || typeof cell === 'boolean') && !this.other!.has(cell))
          this.other!.set(cell, i);
      });
    }
    return (typeof key === 'string' ? this.text.get(foldCase(key)) : this.other.get(key)) ?? -1;
  }
}

/** MATCH with match_type 0. */
export function matchExact(lookup: Scalar, range: unknown): unknown {
  const key = exactKey(lookup);
  if (key instanceof CellError) return key;
  const cells = Table.of(range).exact;
  if (cells.cells === undefined) return NA();
  const i = cells.find(key);
  return i < 0 ? NA() : i + 1;
}

/** XLOOKUP with match_mode 0 or 2 and search_mode 1 or -1; other modes are not established here. */
export function xlookup(
  lookup: Scalar,
  lookupRange: unknown,
  returnRange: unknown,
  notFound?: Scalar,
  matchMode?: Scalar,
  searchMode?: Scalar,
  whole = false,
): unknown {
  const blank = raw(lookup) === EmptyValue;
  const key = blank ? EmptyValue : exactKey(lookup);
  if (key instanceof CellError) return key;
  const mm = matchMode === undefined ? 0 : raw(matchMode);
  const sm = searchMode === undefined ? 1 : raw(searchMode);
  if (mm instanceof CellError) return mm;
  if (sm instanceof CellError) return sm;
  if ((mm !== 0 && mm !== 2) || (sm !== 1 && sm !== -1)) return UNKNOWN();
  const keys = Table.of(lookupRange).vector;
  const values = Table.of(returnRange).vector;
  if (keys === undefined || values === undefined || keys.length !== values.length) return UNKNOWN();
  const i = blank ? blankKeyAt(keys, sm === -1, whole) : findExact(key, keys, mm === 2, sm === -1);
  if (i instanceof CellError) return i;
  // Past the used range of a whole column every cell is blank: the match is there, its value blank.
  if (i === PAST_USED_RANGE) return EmptyValue;
  if (i >= 0) return shown(values[i]);
  if (notFound === undefined) return NA();
  return shown(raw(notFound));
}

/** A blank key's match lies in the blank rows past a whole column's used range. */
const PAST_USED_RANGE = -2;

/**
 * Where XLOOKUP finds a blank key: the first (`last`: the last) blank cell of the lookup array (ironcalc
 * XLOOKUP.xlsx ExactMatch!U12 `XLOOKUP(T12,R:R,S:S,…)`, T12 blank, saved 0: R7 is R's first blank, S7 blank;
 * V12, searching from the last, saved 0: row 1,048,576). Over a whole column the rows past the used range are
 * blank. Undetermined where a cell is 0, "" or FALSE (a blank may equal them); -1 when nothing matches.
 */
function blankKeyAt(keys: Cell[], last: boolean, whole: boolean): number | CellError {
  if (keys.some((k) => k === 0 || k === '' || k === false)) return UNKNOWN();
  if (whole && last) return PAST_USED_RANGE;
  const i = last ? keys.lastIndexOf(EmptyValue) : keys.indexOf(EmptyValue);
  return i >= 0 ? i : whole ? PAST_USED_RANGE : -1;
}

/** INDEX's array form: positions truncated; 0 (a whole row or column) only where the dimension is one cell. */
export function index(range: unknown, row: Scalar | undefined, column?: Scalar): unknown {
  const rows = rowsOf(range);
  const h = rows.length;
  const w = rows[0]?.length ?? 0;
  // An empty row_num is omitted, as 0 ("If row_num is omitted, column_num is required": Microsoft's INDEX page).
  const r = row === undefined ? 0 : count(row);
  if (r instanceof CellError) return r;
  const c = column === undefined ? undefined : count(column);
  if (c instanceof CellError) return c;
  // A one-row range with one position: it is the column.
  const [i, j] = h === 1 && c === undefined ? [1, r] : [r, c ?? (w === 1 ? 1 : 0)];
  if (i < 0 || j < 0) return VALUE();
  if ((i === 0 && h !== 1) || (j === 0 && w !== 1)) return UNKNOWN();
  const ii = Math.max(i, 1);
  const jj = Math.max(j, 1);
  if (ii > h || jj > w) return REF();
  return shown(rows[ii - 1]![jj - 1]);
}

/**
 * The approximate match (Excel's binary search) where its answer is established: keys all numbers in
 * strictly ascending order (descending for MATCH -1) and a number key; the position of the last key at most
 * (at least) the key, 0 for none. A text or boolean key finds nothing; other tables are undetermined.
 */
function approxPosition(key: Cell, keys: Cell[], descending: boolean): number | CellError {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (typeof k !== 'number') return UNKNOWN();
    const prev = keys[i - 1] as number | undefined;
    if (prev !== undefined && !(descending ? k < prev : k > prev)) return UNKNOWN();
  }
  if (keys.length === 0) return UNKNOWN();
  if (typeof key !== 'number') return 0;
  let n = 0;
  for (const k of keys as number[]) if (descending ? k >= key : k <= key) n++;
  return n;
}

/** The key of an approximate search, or the answer when it is an error or undetermined (blank, ""). */
const approxKey = exactKey;

/** VLOOKUP (or HLOOKUP, `across`) with range_lookup TRUE/1 or omitted. */
export function tableLookupApprox(lookup: Scalar, table: unknown, index: Scalar, across: boolean): unknown {
  const key = approxKey(lookup);
  if (key instanceof CellError) return key;
  const c = count(index);
  if (c instanceof CellError) return c;
  const rows = across ? transpose(rowsOf(table)) : rowsOf(table);
  if (c < 1) return VALUE();
  if (c > (rows[0]?.length ?? 0)) return REF();
  const p = approxPosition(
    key,
    rows.map((r) => r[0]!),
    false,
  );
  if (p instanceof CellError) return p;
  return p === 0 ? NA() : shown(rows[p - 1]![c - 1]);
}

/** MATCH with match_type 1 (or omitted) or -1. */
export function matchApprox(lookup: Scalar, range: unknown, type?: Scalar): unknown {
  const key = approxKey(lookup);
  if (key instanceof CellError) return key;
  const t = type === undefined ? 1 : raw(type);
  if (t !== 1 && t !== -1) return UNKNOWN();
  const cells = Table.of(range).vector;
  if (cells === undefined) return NA();
  const p = approxPosition(key, cells, t === -1);
  if (p instanceof CellError) return p;
  return p === 0 ? NA() : p;
}

/**
 * LOOKUP's vector form (`result` given: the two vectors paired by position, of one size) and array form (the
 * first row of an array wider than tall, else its first column; the answer from the last row or column), with
 * VLOOKUP's approximate rules (Microsoft's LOOKUP page; ironcalc MATCH_LOOKUP_arrays.xlsx D10).
 */
export function lookupApprox(lookup: Scalar, look: unknown, result?: unknown): unknown {
  const key = approxKey(lookup);
  if (key instanceof CellError) return key;
  const table = Table.of(look);
  const rows = table.rows;
  let keys: Cell[];
  let answers: Cell[];
  if (result === undefined) {
    const lines = (rows[0]?.length ?? 0) > rows.length ? transpose(rows) : rows;
    keys = lines.map((r) => r[0]!);
    answers = lines.map((r) => r.at(-1)!);
  } else {
    const k = table.vector;
    const a = Table.of(result).vector;
    // Why: Microsoft says result_vector must be the same size; what Excel reads otherwise is not shown.
    if (k === undefined || a === undefined || k.length !== a.length) return UNKNOWN();
    keys = k;
    answers = a;
  }
  const p = approxPosition(key, keys, false);
  if (p instanceof CellError) return p;
  return p === 0 ? NA() : shown(answers[p - 1]);
}

const transpose = (rows: Cell[][]): Cell[][] => (rows[0] ?? []).map((_, c) => rows.map((row) => row[c]!));
