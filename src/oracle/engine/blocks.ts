/**
 * The bounded oracle: a large table's row-local formulas evaluated in blocks of rows, each block a fresh
 * HyperFormula engine that is dropped once read, so the oracle's memory is one block's graph, not the table's.
 *
 * Which cells go in blocks (`planBlocks`). A formula cell is **row-local** when every reference of its
 * rewritten text (block-reads.ts) reads either its own row of its own sheet (relative rows, any columns), or
 * fixed cells (absolute rows: a rate cell, a side table, a hoisted aggregate's helper cell) of at most
 * `CONTEXT_CELLS_MAX` cells, and it calls no position-dependent function (POSITIONAL) and is no array formula.
 * Everything else is evaluated first, in one **global** engine: the constants, every other formula, and the
 * helper cells of hoisted aggregates (`SUMPRODUCT($C$2:$C$N,$D$2:$D$N)` over the whole columns, computed once
 * by HyperFormula exactly as in the single engine). A row-local cell that anything global reads (a summary row's
 * `SUM(G2:G100001)`, a hoisted aggregate over a formula column, a running scan's row above, another row-local
 * cell's fixed reference) is not row-local after all; so is whatever it reads in its row; this is repeated
 * until nothing changes. A per-row criteria call (`SUMIF($B$2:$B$N,B2,$E$2:$E$N)`) reads whole columns: past
 * `CONTEXT_CELLS_MAX` cells it stays global (one engine, as before), below it every block gets the columns.
 *
 * Then each block of `BLOCK_ROWS` rows of row-local cells gets an engine holding, at their own addresses: the
 * block's rows (constants as constants, row-local formulas as formulas, the other formula cells as the global
 * engine's values) and the fixed cells row-local formulas read (the same way), including the helper cells'
 * values on the helper sheet. The formulas' text is the single engine's, so every plugin of the correction
 * registry sees the same arguments. Giving a formula cell as its value is exact for every value HyperFormula
 * can hold as a constant; a blank formula result (`ISBLANK` tells it from a blank cell) or an error without a
 * literal (`#LIC!`) makes `evaluateInBlocks` give up, and the caller evaluates in one engine.
 *
 * test/oracle/blocks.full.test.ts compares the blocked values with the single engine's on every fixture, in blocks
 * of 3 rows.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { HyperFormula, RawCellContent } from 'hyperformula';
import { DetailedCellError } from '../hf.js';
import type { CellValue } from '../../workbook/index.js';
import { type Reads, ReadsIndex, type Ref } from './block-reads.js';
import type { Template } from './templates.js';
import {
  constantContent,
  buildEngine,
  type OracleValues,
  oracleValues,
  type Prepared,
  type PreparedFormula,
  readCells,
} from './engine.js';

/**
 * Rows per block, and the formula rows from which a sheet is evaluated in blocks. HyperFormula holds about
 * 16 KB per row of the 6-formula wide bench workbook (1.6 GB at 100,000 rows), so a block of 15,000 rows is
 * about 240 MB at its peak; below it one engine costs no more than a block and skips the global pass. Why
 * 15,000 and not 10,000: each block ends with a full collection of the thread's heap (`collector`), 0.3-0.5 s
 * at 100,000 rows; 7 blocks instead of 10 took the 100k wide conversion from 25.5/25.2/31.3 s to
 * 22.1/24.3/25.1 s (`measure.ts`, three alternated rounds, idle; peak RSS 1,297-1,312 MB against
 * 1,291-1,487 MB).
 */
export const BLOCK_ROWS = 15_000;

/**
 * The most fixed cells (side tables, parameter cells, helper cells) the row-local formulas may read: each
 * block holds them all, so a per-row lookup or criteria call over whole columns (every block would hold the
 * table again) stays in the single global engine instead.
 */
export const CONTEXT_CELLS_MAX = 20_000;

/**
 * The most distinct multi-row ranges global formulas read: each row-local candidate is checked against each,
 * so beyond this (a running `SUM($A$2:A5)` per row) the workbook is evaluated in one engine.
 */
const GLOBAL_RANGES_MAX = 2_000;

/** How many cells the global formulas' ranges may visit per cell of a sheet before it is loaded whole. */
const GLOBAL_AREA_PER_CELL = 4;

/** Columns per row in the key of a cell right of the widest sheet (`CellKeys`): Excel's 16,384 columns fit. */
const KEY_COLS = 2 ** 15;

/**
 * A cell's number in the plan's sets: `row * cols + col`, `cols` the widest loaded sheet's columns, and past
 * them (a reference to an empty column further right) a negative `-(row * KEY_COLS + col) - 1`, so no two
 * cells share one. Why not `row * KEY_COLS + col` throughout: past 32,768 rows that is no small integer
 * (V8's Smi) but a heap number, allocated and hashed as one; the 100,000-row bench workbook's sets of its
 * 600,000 formula cells cost about a second of the oracle's thread that way (`node --cpu-prof`).
 */
class CellKeys {
  constructor(private readonly cols: number) {}

  key(r: number, c: number): number {
    return c < this.cols ? r * this.cols + c : -(r * KEY_COLS + c) - 1;
  }

  row(k: number): number {
    return k >= 0 ? Math.floor(k / this.cols) : Math.floor((-k - 1) / KEY_COLS);
  }

  col(k: number): number {
    return k >= 0 ? k % this.cols : (-k - 1) % KEY_COLS;
  }
}

/** The row-local cells of each sheet and the fixed cells they read. */
export interface BlockPlan {
  /** Per sheet index: the row-local formula cells' keys. */
  local: Array<Set<number>>;
  /** What the global engine's formulas read: only those constants are loaded into it. */
  global: GlobalReads;
  /** The fixed references row-local formulas read (deduplicated). */
  context: Ref[];
  blockRows: number;
  /** The cell numbers of `local` and of the global reads. */
  keys: CellKeys;
}

/** The list under `k`, created empty on first use. */
function listAt<K, V>(m: Map<K, V[]>, k: K): V[] {
  let list = m.get(k);
  if (list === undefined) {
    list = [];
    m.set(k, list);
  }
  return list;
}

/** The cells global formulas read, per sheet: single cells, one-row ranges by row, and other ranges. */
class GlobalReads {
  private readonly cells: Array<Set<number>> = [];
  private readonly rowRanges: Array<Map<number, Array<[number, number]>>> = [];
  private readonly ranges: Array<Ref[]> = [];
  private readonly seen = new Set<string>();
  tooMany = false;

  constructor(
    sheets: number,
    private readonly keys: CellKeys,
  ) {
    for (let i = 0; i <= sheets; i++) {
      this.cells.push(new Set());
      this.rowRanges.push(new Map());
      this.ranges.push([]);
    }
  }

  add(ref: Ref): void {
    if (ref.r1 === ref.r2 && ref.c1 === ref.c2) {
      this.cells[ref.sheet].add(this.keys.key(ref.r1, ref.c1));
      return;
    }
    if (ref.r1 === ref.r2) {
      listAt(this.rowRanges[ref.sheet], ref.r1).push([ref.c1, ref.c2]);
      return;
    }
    const k = `${ref.sheet}:${ref.r1}:${ref.c1}:${ref.r2}:${ref.c2}`;
    if (this.seen.has(k)) return;
    this.seen.add(k);
    this.ranges[ref.sheet].push(ref);
    if (this.seen.size > GLOBAL_RANGES_MAX) this.tooMany = true;
  }

  /**
   * Calls `visit` for each cell of `content` that global formulas read (some more than once); false when the
   * ranges cover more than `budget` cells of it, to be loaded whole instead.
   */
  visit(
    sheet: number,
    content: RawCellContent[][],
    budget: number,
    visit: (r: number, c: number) => void,
  ): boolean {
    const present = (r: number, c: number) => content[r]?.[c] !== undefined;
    for (const k of this.cells[sheet]) {
      const r = this.keys.row(k);
      const c = this.keys.col(k);
      if (present(r, c)) visit(r, c);
    }
    const area = (r1: number, r2: number, c1: number, c2: number) => {
      for (let r = r1; r <= Math.min(r2, content.length - 1); r++) {
        const line = content[r];
        for (let c = c1; c <= Math.min(c2, line.length - 1); c++) {
          if (--budget < 0) return false;
          if (line[c] !== undefined) visit(r, c);
        }
      }
      return true;
    };
    for (const [r, list] of this.rowRanges[sheet])
      for (const [c1, c2] of list) if (!area(r, r, c1, c2)) return false;
    for (const x of this.ranges[sheet]) if (!area(x.r1, x.r2, x.c1, x.c2)) return false;
    return true;
  }

  has(sheet: number, r: number, c: number): boolean {
    if (this.cells[sheet].has(this.keys.key(r, c))) return true;
    if (this.rowRanges[sheet].get(r)?.some(([a, b]) => a <= c && c <= b)) return true;
    return this.ranges[sheet].some((x) => x.r1 <= r && r <= x.r2 && x.c1 <= c && c <= x.c2);
  }
}

const cellsOf = (ref: Ref) => (ref.r2 - ref.r1 + 1) * (ref.c2 - ref.c1 + 1);

/** Can this formula go in a block, by its own form (before what others read is known)? */
function rowLocalForm(f: PreparedFormula, reads: Reads, sheet: number): boolean {
  if (f.array || !f.written || reads.positional) return false;
  return reads.refs.every(
    (ref) => (ref.ownRow && ref.sheet === sheet) || (ref.fixedRows && cellsOf(ref) <= CONTEXT_CELLS_MAX),
  );
}

/**
 * Which cells go in blocks, or undefined for one engine: no sheet has more than `blockRows` rows of row-local
 * formulas, or some formula's reads cannot be known (a name, INDIRECT, OFFSET, a dynamic range).
 */
export function planBlocks(p: Prepared, forced: number | undefined): BlockPlan | undefined {
  if (forced === Number.POSITIVE_INFINITY) return undefined;
  const blockRows = forced ?? BLOCK_ROWS;
  if (forced === undefined && !p.sheets.some((s) => s.content.length > blockRows)) return undefined;
  if (p.maxCols > KEY_COLS) return undefined;
  const index = new ReadsIndex(p);
  const keys = new CellKeys(p.maxCols);
  const key = (r: number, c: number) => keys.key(r, c);
  const global = new GlobalReads(p.sheets.length, keys);
  const local: Array<Set<number>> = p.sheets.map(() => new Set());
  const candidates: Array<{ sheet: number; f: PreparedFormula }> = [];
  // Why: a template's fixed references are the same from each of its cells in one column; added once.
  const once = new OncePerTemplate();
  for (let si = 0; si < p.sheets.length; si++) {
    for (const f of p.sheets[si].formulas) {
      if (!f.written) continue; // an array range's other cells: its anchor's reads count
      const reads = index.of(si, f);
      if (reads === undefined) return undefined;
      const isLocal = rowLocalForm(f, reads, si);
      if (isLocal) {
        candidates.push({ sheet: si, f });
        local[si].add(key(f.row, f.col));
      }
      const fixedToo = once.first(f, 'global');
      for (const ref of reads.refs) {
        if (ref.fixedRows ? fixedToo : !isLocal) global.add(ref);
      }
    }
  }
  for (const h of p.helpers) {
    const reads = index.ofHelper(h);
    if (reads === undefined) return undefined;
    for (const ref of reads.refs) global.add(ref);
  }
  if (global.tooMany) return undefined;
  // A candidate read by a global formula is global, and so is whatever it reads in its row: to a fixed point.
  let remaining = candidates;
  for (let changed = true; changed; ) {
    changed = false;
    const kept: typeof candidates = [];
    for (const c of remaining) {
      if (!global.has(c.sheet, c.f.row, c.f.col)) {
        kept.push(c);
        continue;
      }
      local[c.sheet].delete(key(c.f.row, c.f.col));
      for (const ref of index.of(c.sheet, c.f)?.refs ?? []) if (ref.ownRow) global.add(ref);
      changed = true;
    }
    remaining = kept;
    if (global.tooMany) return undefined;
  }
  const context = contextOf(
    remaining.filter((c) => once.first(c.f, 'context')).map((c) => index.of(c.sheet, c.f) as Reads),
  );
  if (context === undefined) return undefined;
  const rowsOf = (si: number) => new Set([...local[si]].map((k) => keys.row(k))).size;
  if (!local.some((_, si) => rowsOf(si) > (forced === undefined ? blockRows : 0))) return undefined;
  return { local, global, context, blockRows, keys };
}

/** Is this the first cell of its template and column seen for `what`? Always true for a cell without one. */
class OncePerTemplate {
  private readonly seen = new Map<string, Map<Template, Set<number>>>();

  first(f: PreparedFormula, what: string): boolean {
    if (f.template === undefined) return true;
    let byTemplate = this.seen.get(what);
    if (byTemplate === undefined) {
      byTemplate = new Map();
      this.seen.set(what, byTemplate);
    }
    const cols = listSet(byTemplate, f.template);
    if (cols.has(f.col)) return false;
    cols.add(f.col);
    return true;
  }
}

function listSet<K>(m: Map<K, Set<number>>, k: K): Set<number> {
  let set = m.get(k);
  if (set === undefined) {
    set = new Set();
    m.set(k, set);
  }
  return set;
}

/** The fixed references of the row-local formulas, deduplicated; undefined past `CONTEXT_CELLS_MAX` cells. */
function contextOf(reads: Reads[]): Ref[] | undefined {
  const seen = new Map<string, Ref>();
  let cells = 0;
  for (const r of reads)
    for (const ref of r.refs) {
      if (ref.ownRow) continue;
      const k = `${ref.sheet}:${ref.r1}:${ref.c1}:${ref.r2}:${ref.c2}`;
      if (seen.has(k)) continue;
      seen.set(k, ref);
      cells += cellsOf(ref);
      if (cells > CONTEXT_CELLS_MAX) return undefined;
    }
  return [...seen.values()];
}

/** Giving up on blocks: a value the global engine computed cannot be given to a block as a constant. */
class NotAConstant extends Error {}

/** An error HyperFormula reads back from its literal (`=#N/A`); `#LIC!` and the like have none. */
const ERROR_LITERALS = new Set([
  '#DIV/0!',
  '#N/A',
  '#NAME?',
  '#NUM!',
  '#REF!',
  '#VALUE!',
  '#NULL!',
  '#ERROR!',
  '#CYCLE!',
  '#SPILL!',
]);

/** A formula cell's computed value as a constant cell's content, exactly (-0 kept). */
function valueContent(v: unknown): RawCellContent {
  if (v instanceof DetailedCellError) {
    if (!ERROR_LITERALS.has(v.value)) throw new NotAConstant();
    return `=${v.value}`;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return constantContent(v);
  throw new NotAConstant(); // blank: ISBLANK would tell it from a blank cell
}

/**
 * Evaluates the workbook in blocks (see the header), or undefined when it should be evaluated in one engine:
 * no plan, or a value that cannot be given to a block.
 */
export function evaluateInBlocks(p: Prepared, forced?: number): OracleValues | undefined {
  const plan = planBlocks(p, forced);
  if (plan === undefined) return undefined;
  const taken = takeLocalFormulas(p, plan);
  const values = new Map<string, CellValue[][]>();
  let given: Given;
  try {
    given = evaluateGlobal(p, plan, taken, values);
  } catch (e) {
    putBack(p, taken);
    if (e instanceof NotAConstant) return undefined;
    throw e;
  }
  const collect = collector();
  collect?.(); // the global engine and the plan's garbage
  for (let si = 0; si < p.sheets.length; si++) {
    const rows = [...taken[si].keys()].sort((a, b) => a - b);
    const grid = values.get(p.sheets[si].name) as CellValue[][];
    for (let i = 0; i < rows.length; i += plan.blockRows) {
      const block = rows.slice(i, i + plan.blockRows);
      evaluateBlock(p, si, block, taken[si], given, grid);
      // The block's rows are read: their content (the formulas' text) is not needed again.
      for (const r of block) {
        p.sheets[si].content[r] = [];
        taken[si].delete(r);
      }
      collect?.();
    }
  }
  return oracleValues(values);
}

/**
 * V8's full collection, called after each block. Why: a dropped engine is garbage, but V8 lets the heap grow to
 * a multiple of what was live at its last full collection before it collects again, so without this the blocks'
 * engines pile up (measured on the 100k wide workbook: 2.6 GB with ten 10,000-row blocks, of which 0.8 GB
 * live). `--expose-gc` is set for one new context and unset again; `globalThis.gc` is used when the process
 * already has it.
 * Undefined when neither works (then the heap is left to V8).
 */
function collector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  if (gcFunction !== undefined) return gcFunction || undefined;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    gcFunction = typeof gc === 'function' ? (gc as () => void) : false;
  } catch {
    gcFunction = false;
  } finally {
    // Only the context made here gets `gc`; contexts made later do not.
    v8.setFlagsFromString('--no-expose-gc');
  }
  return gcFunction || undefined;
}

/** The collector found once (false: none). */
let gcFunction: (() => void) | false | undefined;

/**
 * Per sheet: row → the row-local formulas taken out of the prepared content, flat: column, content, column,
 * content, ... Why flat, not a [column, content] pair per cell: they stay live until their block, and each
 * block's full collection (`collector`) marks them again; at 100,000 rows that was 600,000 pairs.
 */
type Taken = Array<Map<number, RawCellContent[]>>;

function takeLocalFormulas(p: Prepared, plan: BlockPlan): Taken {
  return p.sheets.map((s, si) => {
    const byRow = new Map<number, RawCellContent[]>();
    for (const k of plan.local[si]) {
      const r = plan.keys.row(k);
      const c = plan.keys.col(k);
      listAt(byRow, r).push(c, s.content[r][c]);
      s.content[r][c] = null;
    }
    return byRow;
  });
}

/** Each (column, content) of one row's taken formulas, in the order taken. */
function eachTaken(
  list: RawCellContent[] | undefined,
  f: (c: number, content: RawCellContent) => void,
): void {
  if (list === undefined) return;
  for (let i = 0; i < list.length; i += 2) f(list[i] as number, list[i + 1]);
}

function putBack(p: Prepared, taken: Taken): void {
  taken.forEach((byRow, si) => {
    for (const [r, list] of byRow)
      eachTaken(list, (c, text) => {
        p.sheets[si].content[r][c] = text;
      });
  });
}

/** What blocks are given: the fixed cells' contents (all sheets) and, per sheet, the global formulas' values. */
interface Given {
  /** Per sheet index (the helper sheet last): [row, col, content]. */
  context: Array<Array<[number, number, RawCellContent]>>;
  /** Per sheet index: row → the global formula cells' [column, value], for the rows that hold blocks. */
  formulaValues: Array<Map<number, Array<[number, RawCellContent]>>>;
}

/**
 * A sheet's content for the global engine: its global formulas, its error constants and the constants global
 * formulas read. Every other constant's value goes straight into `values` (what the engine would read back:
 * `constantContent` typed it so that HyperFormula parses nothing).
 */
function globalContent(
  p: Prepared,
  plan: BlockPlan,
  si: number,
  values: Map<string, CellValue[][]>,
): RawCellContent[][] {
  const s = p.sheets[si];
  const content: RawCellContent[][] = s.content.map(() => []);
  const copy = (r: number, c: number) => {
    content[r][c] = s.content[r][c];
  };
  if (!plan.global.visit(si, s.content, GLOBAL_AREA_PER_CELL * (s.positions.length / 2), copy)) {
    values.set(s.name, []);
    return s.content;
  }
  const grid: CellValue[][] = [];
  values.set(s.name, grid);
  const local = plan.local[si];
  const key = (r: number, c: number) => plan.keys.key(r, c);
  for (const f of s.formulas) if (f.written && !local.has(key(f.row, f.col))) copy(f.row, f.col);
  s.content.forEach((line, r) => {
    line.forEach((v, c) => {
      if (content[r][c] !== undefined) return;
      if (typeof v === 'string' && v.startsWith('='))
        copy(r, c); // an error constant: HyperFormula reads it
      else if (v !== null && !local.has(key(r, c))) {
        grid[r] ??= [];
        grid[r][c] = typeof v === 'string' ? v.slice(1) : Object.is(v, -0) ? 0 : (v as CellValue);
      }
    });
  });
  return content;
}

/** The global engine: everything but the row-local cells; fills `values` and returns what blocks need. */
function evaluateGlobal(
  p: Prepared,
  plan: BlockPlan,
  taken: Taken,
  values: Map<string, CellValue[][]>,
): Given {
  const contents = p.sheets.map((_s, si) => globalContent(p, plan, si, values));
  if (p.helpers.length > 0) contents.push(p.helpers.map((h) => [`=${h}`]));
  const hf = buildEngine(p, contents, true);
  const key = (r: number, c: number) => plan.keys.key(r, c);
  try {
    p.sheets.forEach((s, si) => {
      const grid = values.get(s.name) as CellValue[][];
      const inEngine = (r: number, c: number) => grid[r]?.[c] === undefined;
      const outside: number[] = [];
      for (let i = 0; i < s.positions.length; i += 2) {
        const r = s.positions[i];
        const c = s.positions[i + 1];
        if (!plan.local[si].has(key(r, c)) && inEngine(r, c)) outside.push(r, c);
      }
      readCells(hf, s.name, outside, grid);
    });
    const formulaKeys = p.sheets.map((s) => new Set(s.formulas.map((f) => key(f.row, f.col))));
    const names = [...p.sheets.map((s) => s.name), p.helperSheet];
    const raw = (si: number, r: number, c: number) =>
      hf.getCellValue({ sheet: hf.getSheetId(names[si]) as number, row: r, col: c });
    const context = names.map((): Array<[number, number, RawCellContent]> => []);
    for (const ref of plan.context) {
      const isFormula = (r: number, c: number) =>
        ref.sheet === p.sheets.length || formulaKeys[ref.sheet].has(key(r, c));
      for (let r = ref.r1; r <= ref.r2; r++)
        for (let c = ref.c1; c <= ref.c2; c++) {
          const v = raw(ref.sheet, r, c);
          if (isFormula(r, c)) context[ref.sheet].push([r, c, valueContent(v)]);
          else if (v !== null) context[ref.sheet].push([r, c, p.sheets[ref.sheet].content[r]?.[c] ?? null]);
        }
    }
    const formulaValues = p.sheets.map((s, si) => {
      const byRow = new Map<number, Array<[number, RawCellContent]>>();
      for (const f of s.formulas) {
        if (!taken[si].has(f.row) || plan.local[si].has(key(f.row, f.col))) continue;
        listAt(byRow, f.row).push([f.col, valueContent(raw(si, f.row, f.col))]);
      }
      return byRow;
    });
    return { context, formulaValues };
  } finally {
    hf.destroy();
  }
}

/** One block: the given rows of sheet `si` with what their row-local formulas read; reads those formulas. */
function evaluateBlock(
  p: Prepared,
  si: number,
  rows: number[],
  taken: Taken[number],
  given: Given,
  grid: CellValue[][],
): void {
  const sheets = given.context.map((cells) => {
    const content: RawCellContent[][] = [];
    for (const [r, c, v] of cells) {
      content[r] ??= [];
      content[r][c] = v;
    }
    return content;
  });
  const own = sheets[si];
  const formulaValues = given.formulaValues[si];
  const read: number[] = [];
  for (const r of rows) {
    // The row's constants, its global formulas' values, its row-local formulas.
    const line: RawCellContent[] = (p.sheets[si].content[r] ?? []).slice();
    for (const [c, v] of formulaValues.get(r) ?? []) line[c] = v;
    eachTaken(taken.get(r), (c, text) => {
      line[c] = text;
      read.push(r, c);
    });
    own[r] = line;
  }
  for (const content of sheets) for (let r = 0; r < content.length; r++) content[r] ??= [];
  const hf = buildEngine(p, sheets, false);
  try {
    readCells(hf, p.sheets[si].name, read, grid);
  } finally {
    hf.destroy();
  }
}
