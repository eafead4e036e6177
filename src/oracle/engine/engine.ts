/**
 * One HyperFormula engine set up like Excel: its configuration, its content (constants typed), its building
 * from prepared sheets, and the reading of its values. hyperformula.ts prepares the workbook and decides how
 * many engines evaluate it (one, or blocks of rows: blocks.ts); both build them here.
 *
 * Configuration (each line names the Excel behaviour it buys; probed against HyperFormula 3.5):
 * - `smartRounding: false`: HyperFormula otherwise rounds results to 10 significant digits on output.
 * - `maxRows`/`maxColumns`: Excel's grid (1,048,576 × 16,384), so every reference a workbook can hold is valid.
 * - TRUE/FALSE: HyperFormula reads bare `TRUE`/`FALSE` as undefined names (#NAME?); they are defined as
 *   named expressions `=TRUE()`/`=FALSE()`.
 * - Constants are fed typed: numbers and booleans as themselves, text with a leading `'`, so that text that
 *   looks like a number, date, boolean, error or formula (`1.5`, `2024-01-01`, `TRUE`, `#N/A`, `=A1`) stays
 *   text as it does in a cell Excel saved as text. An error constant is written as the error literal.
 * - `accentSensitive: true`, `caseSensitive: false`: Excel compares text case-insensitively but `é` ≠ `e`.
 * - `evaluateNullToZero: true`: a reference to a blank cell is 0 in arithmetic and `""` in text, as in Excel
 *   (HyperFormula otherwise returns a blank from `=A1`).
 * - `useArrayArithmetic: false`: like Excel before dynamic arrays; array (CSE) formulas are wrapped in
 *   `ARRAYFORMULA(...)`, which turns array arithmetic on for that formula only and spills over its range.
 * - `leapYear1900: true` with null date 1899-12-31: Excel's serial numbers, including the phantom 1900-02-29.
 * - `dateFormats`: month-first and ISO, as en-US Excel reads date text in DATEVALUE and coercions.
 *
 */
import { type ConfigParams, DetailedCellError, HyperFormula, type RawCellContent } from '../hf.js';
import type { CellValue, WorkbookModel } from '../../workbook/index.js';
import type { ExcelErrorCode } from '../../workbook/formula/index.js';
import { patchTextContent } from './hf-content.js';
import { patchDependencyGraph, patchRangeDependencies, patchTopologicalSort } from './hf-graph.js';
import { type MovedFormula, patchTemplateParse, withMovedFormulas } from './hf-parse.js';
import type { Template } from './templates.js';

export interface OracleValues {
  /** The value of a cell (0-based row and column) as the oracle computed it; blank is null. */
  get(sheet: string, row: number, col: number): CellValue;
  name: 'HyperFormula';
  version: string;
}

const EXCEL_MAX_ROWS = 1_048_576;
const EXCEL_MAX_COLS = 16_384;

/** The HyperFormula configuration that makes it behave like Excel (see the header). */
export function excelConfig(maxRows: number, maxColumns: number): Partial<ConfigParams> {
  return {
    licenseKey: 'gpl-v3',
    smartRounding: false,
    maxRows: Math.max(maxRows, EXCEL_MAX_ROWS),
    maxColumns: Math.max(maxColumns, EXCEL_MAX_COLS),
    accentSensitive: true,
    caseSensitive: false,
    evaluateNullToZero: true,
    useArrayArithmetic: false,
    leapYear1900: true,
    nullDate: { year: 1899, month: 12, day: 31 },
    dateFormats: ['MM/DD/YYYY', 'MM/DD/YY', 'YYYY-MM-DD', 'YYYY/MM/DD'],
  };
}

/** A constant cell's content for HyperFormula, typed so that HyperFormula parses nothing. */
export function constantContent(v: CellValue): RawCellContent {
  if (v === null) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return `'${v}`; // HyperFormula strips exactly one leading apostrophe
  return `=${v.error}`;
}

export function toCellValue(v: unknown): CellValue {
  if (v instanceof DetailedCellError) return { error: v.value as ExcelErrorCode };
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Object.is(v, -0) ? 0 : v;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  return null;
}

/**
 * Cells as (row, column) pairs, flat: `[r0, c0, r1, c1, ...]`. Why not an array of pairs: 1.2 million pairs
 * (100,000 rows of 12 columns) were 84 MB of the oracle's heap, these are 10 MB.
 */
export type Positions = Int32Array | number[];

/** One sheet as HyperFormula will hold it: its content, the cells to read, and its formula cells. */
export interface PreparedSheet {
  name: string;
  /** Rows of cells: constants typed (`constantContent`), formulas as the rewritten text with its `=`. */
  content: RawCellContent[][];
  /** Every cell the model holds (and the cells array formulas spill into), read once evaluated. */
  positions: Positions;
  /** The model's formula cells, in model order. */
  formulas: PreparedFormula[];
}

/** A formula cell of the model, as prepared. */
export interface PreparedFormula {
  row: number;
  col: number;
  array: boolean;
  /** False for the cells of an array range other than its anchor (HyperFormula spills into them). */
  written: boolean;
  /** The template whose rewritten text, moved here, is the cell's content (blocks.ts reads it once per template). */
  template?: Template;
  /**
   * The cell's content when it is that moved text and every reference of it has the form it has in the
   * template's (no `#REF!`, no range printed in another shape): its parser hash may be the template's
   * (hf-parse.ts).
   */
  moved?: string;
}

/** The workbook ready for HyperFormula: every sheet's content and the helper cells of hoisted aggregates. */
export interface Prepared {
  /**
   * The workbook's defined names (added to the engine). Why not the model: nothing after preparing reads its
   * cells, so a caller that drops the model (the oracle's worker) keeps only this.
   */
  definedNames: WorkbookModel['definedNames'];
  sheets: PreparedSheet[];
  /** The helper cells' formulas (hoisted aggregate calls, qualified), one per row of column A. */
  helpers: string[];
  helperSheet: string;
  maxRows: number;
  maxCols: number;
}

/**
 * An engine set up like Excel, built from `contents` (one per sheet of `p`, in order; then the helper sheet's,
 * when given and not empty) and evaluated, with `TRUE`/`FALSE` and, when `names`, the workbook's defined
 * names. The caller reads it and destroys it.
 *
 * Why `buildFromSheets`, not an empty engine filled by `setSheetContent` under `suspendEvaluation`: filling
 * records every formula cell's value as a change (a string key and an object each), exports the list and
 * keeps an undo entry, none of which is read here; at 100,000 rows of 6 formulas that bookkeeping was about
 * 1.5 s of the oracle's thread and a good part of its garbage (`node --cpu-prof`: `ContentChanges.add`,
 * `exportChange`). The build evaluates the same graph in the same topological order.
 */
export function buildEngine(p: Prepared, contents: RawCellContent[][][], names: boolean): HyperFormula {
  ensurePatched();
  const sheets: Record<string, RawCellContent[][]> = {};
  p.sheets.forEach((s, i) => {
    sheets[s.name] = contents[i] ?? [];
  });
  const helper = contents[p.sheets.length];
  if (helper !== undefined && helper.length > 0) sheets[p.helperSheet] = helper;
  const expressions = names ? namedExpressions(p) : BOOLEAN_NAMES;
  // A sheet's id is its place in the build's order, which is the object's key order.
  const sheetOf = Object.keys(sheets).map((name) => p.sheets.find((s) => s.name === name));
  const moved = (sheet: number, row: number, col: number, text: string): MovedFormula | undefined => {
    const formulas = sheetOf[sheet]?.formulas;
    const f = formulas === undefined ? undefined : formulaAt(formulas, row, col);
    return f?.moved === text && f.template !== undefined ? (f as MovedFormula) : undefined;
  };
  return withMovedFormulas(moved, () =>
    HyperFormula.buildFromSheets(sheets, excelConfig(p.maxRows, p.maxCols), expressions),
  );
}

/**
 * The formula at (row, col) of a sheet's formulas, by bisection: they are in the model's order, which is
 * row by row, left to right, for every workbook the reader reads and every grid a test builds. A list in
 * another order may miss a cell (it is then lexed), never find another.
 */
function formulaAt(formulas: PreparedFormula[], row: number, col: number): PreparedFormula | undefined {
  let lo = 0;
  let hi = formulas.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const f = formulas[mid];
    if (f.row === row && f.col === col) return f;
    if (f.row < row || (f.row === row && f.col < col)) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** A named expression as `buildFromSheets` takes it; `scope` is a sheet's id. */
interface NamedExpression {
  name: string;
  expression: string;
  scope?: number;
}

const BOOLEAN_NAMES: NamedExpression[] = [
  { name: 'TRUE', expression: '=TRUE()' },
  { name: 'FALSE', expression: '=FALSE()' },
];

/** HyperFormula's repairs (hf-graph.ts) patch its classes, reached through an engine: once, before any build. */
let patched = false;
function ensurePatched(): void {
  if (patched) return;
  const hf = HyperFormula.buildEmpty(excelConfig(1, 1));
  try {
    patchDependencyGraph(hf);
    patchRangeDependencies(hf);
    patchTopologicalSort(hf);
    patchTextContent(hf);
    patchTemplateParse(hf);
    patched = true;
  } finally {
    hf.destroy();
  }
}

const namesOf = new WeakMap<Prepared, NamedExpression[]>();

/**
 * `TRUE`, `FALSE` and the workbook's defined names as HyperFormula named expressions: workbook-scoped ones
 * globally, sheet-scoped ones in their sheet's scope with its id as the build gives it (a sheet's own name wins
 * over the workbook's there, as in Excel). Which it accepts is found once per workbook on an engine holding its
 * sheets empty: a name it cannot hold (Excel's `_xlnm.` names, another workbook, a duplicate, a sheet that is
 * not there) stays undefined, #NAME?, which the compiler refuses anyway.
 */
function namedExpressions(p: Prepared): NamedExpression[] {
  const known = namesOf.get(p);
  if (known) return known;
  const list = [...BOOLEAN_NAMES];
  if (p.definedNames.length > 0) {
    const sheets: Record<string, RawCellContent[][]> = {};
    for (const s of p.sheets) sheets[s.name] = [];
    // A sheet's id is its place in the build's order, which is the object's key order.
    const ids = new Map(Object.keys(sheets).map((name, id) => [name.toLowerCase(), id]));
    const hf = HyperFormula.buildFromSheets(sheets, excelConfig(p.maxRows, p.maxCols), BOOLEAN_NAMES);
    try {
      for (const d of p.definedNames) {
        if (/^(TRUE|FALSE)$/i.test(d.name)) continue;
        const scope = d.sheet === undefined ? undefined : ids.get(d.sheet.toLowerCase());
        if (d.sheet !== undefined && scope === undefined) continue;
        try {
          hf.addNamedExpression(d.name, `=${d.ref}`, scope);
          list.push(
            scope === undefined
              ? { name: d.name, expression: `=${d.ref}` }
              : { name: d.name, expression: `=${d.ref}`, scope },
          );
        } catch {
          // Left undefined (see above).
        }
      }
    } finally {
      hf.destroy();
    }
  }
  namesOf.set(p, list);
  return list;
}

/**
 * The values of the given cells of a sheet, as rows of columns (blank left out): a string key per cell was a
 * million strings at 100,000 rows. Read once evaluated, before the engine is released.
 */
export function readCells(
  hf: HyperFormula,
  sheet: string,
  positions: Positions,
  grid: CellValue[][] = [],
): CellValue[][] {
  const id = hf.getSheetId(sheet) as number;
  for (let i = 0; i < positions.length; i += 2) {
    const r = positions[i];
    const c = positions[i + 1];
    const v = toCellValue(hf.getCellValue({ sheet: id, row: r, col: c }));
    if (v === null) continue;
    grid[r] ??= [];
    grid[r][c] = v;
  }
  return grid;
}

/** The oracle's answer when nothing is to be checked: no workbook evaluated, every cell blank. */
export function noOracleValues(): OracleValues {
  return oracleValues(new Map());
}

/** The answer over each sheet's grid of values. */
export function oracleValues(values: Map<string, CellValue[][]>): OracleValues {
  return {
    name: 'HyperFormula',
    version: HyperFormula.version,
    get: (sheet, row, col) => values.get(sheet)?.[row]?.[col] ?? null,
  };
}
