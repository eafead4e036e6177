/**
 * The oracle: the workbook's own formulas (not our translation) evaluated by HyperFormula, configured and
 * corrected to behave like Excel, so every value the compiled spec computes can be checked against an
 * independent engine.
 *
 * The engine's configuration and building are in engine.ts.
 *
 * Corrections (the entries of excel/functions/) are applied by rewriting the formula text (rewrite/rewrite.ts).
 *
 * Linear cost: a per-row formula such as `=D2/SUMPRODUCT($B$2:$B$1001,$C$2:$C$1001)` makes HyperFormula
 * recompute the aggregate in every row (quadratic: 5,000 rows take ~30 s). An aggregate call that appears
 * with the same text in two or more formulas of a sheet computes the same value everywhere (A1 text names
 * the same cells wherever it stands), so it is evaluated once, by HyperFormula, in a helper cell on a hidden
 * helper sheet, and every formula references that cell.
 */
import type { RawCellContent } from '../hf.js';
import { type CellModel, type CellValue, savedVolatile, type WorkbookModel } from '../../workbook/index.js';
import { prepareStrictShift, type ShiftForm, type StrictShift } from '../../workbook/formula/index.js';
import { ensureCorrectionsRegistered } from '../excel/plugin.js';
import {
  buildEngine,
  constantContent,
  type OracleValues,
  oracleValues,
  type Prepared,
  type PreparedFormula,
  type PreparedSheet,
  readCells,
} from './engine.js';
import { type Template, TemplateIndex } from './templates.js';
import { ALL_CORRECTIONS, type CorrectionName } from '../excel/registry.js';
import { evaluateInBlocks } from './blocks.js';
import {
  aggregateCalls,
  quoteSheet,
  type RewriteOptions,
  rewriteFormula,
  tableRefsToA1,
} from '../rewrite/rewrite.js';

export interface EvaluateOptions {
  /** Sheets to load (default: all). Formulas referring to other sheets see #REF!. */
  sheets?: string[];
  /**
   * Excel corrections to apply (default all: `round`, `concat`, `int`, `syntax`, `arith`, `text`, `logic`,
   * `aggregate`, `lookup`; see docs/oracle.md). Fewer is for measuring each
   * correction's gain against Excel's saved values.
   */
  corrections?: readonly CorrectionName[];
  /** Hoist repeated row-invariant aggregates into helper cells (default true). */
  hoist?: boolean;
  /** Rewrite a filled column once and shift the result (default true; false is the per-cell reference). */
  templates?: boolean;
  /**
   * Rows per block when the workbook is evaluated in blocks (blocks.ts); default `BLOCK_ROWS`, and only a
   * sheet with more formula rows than that is blocked. Given, it forces blocks of that size wherever the
   * formulas allow them (the tests' tiny blocks); `Infinity` is one engine whatever the size.
   */
  blockRows?: number;
}

function helperSheetName(wb: WorkbookModel): string {
  const taken = new Set(wb.sheets.map((s) => s.name.toLowerCase()));
  let name = 'SheetspecOracleHelpers';
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `SheetspecOracleHelpers${i}`;
  return name;
}

/**
 * Evaluates the workbook's formulas with HyperFormula set up like Excel: in blocks of rows when the workbook
 * is large and its formulas allow it (blocks.ts), else in one engine.
 * Throws only on a bug or an engine failure; a formula HyperFormula cannot read evaluates to an error value.
 */
export function evaluateWorkbook(workbook: WorkbookModel, options: EvaluateOptions = {}): OracleValues {
  return evaluatePrepared(prepareWorkbook(workbook, options), options);
}

/** `evaluateWorkbook` from the prepared workbook: the model itself is no longer needed. */
export function evaluatePrepared(prepared: Prepared, options: EvaluateOptions = {}): OracleValues {
  return evaluateInBlocks(prepared, options.blockRows) ?? evaluateSingle(prepared);
}

/** Rewrites every formula (corrections, hoisting, templates) and lays each sheet out as HyperFormula content. */
export function prepareWorkbook(workbook: WorkbookModel, options: EvaluateOptions = {}): Prepared {
  const wb = tableRefsToA1(workbook);
  const corrections = new Set(options.corrections ?? ALL_CORRECTIONS);
  const hoisting = options.hoist ?? true;
  ensureCorrectionsRegistered();
  const wanted = options.sheets ? new Set(options.sheets) : undefined;
  const sheets = wb.sheets.filter((s) => wanted === undefined || wanted.has(s.name));
  const maxRows = Math.max(1, ...sheets.map((s) => s.maxRow + 1));
  const maxCols = Math.max(1, ...sheets.map((s) => s.maxCol + 1));

  // Templates (templates.ts): a filled column is rewritten once; each cell's template is found here, per sheet
  // in `formulaCells` order. Why not a Map keyed by the cell: at 100,000 rows of 6 formulas filling and reading
  // it was about 0.5 s of the oracle's thread (`node --cpu-prof`), an array is a fraction of that.
  const templatesOf = sheets.map((s): Array<Template | undefined> => {
    const templates: Array<Template | undefined> = [];
    if (!(options.templates ?? true)) return templates;
    const index = new TemplateIndex(corrections);
    for (const cell of formulaCells(s.rows)) {
      templates.push(
        cell.formulaKind === 'array' ? undefined : index.match(cell.formula as string, cell.row, cell.col),
      );
    }
    return templates;
  });

  // Pass 1: find aggregate calls repeated within a sheet.
  const repeated = new Map<string, Set<string>>();
  if (hoisting) {
    for (const [si, s] of sheets.entries()) {
      const counts = new Map<string, number>();
      let i = 0;
      for (const cell of formulaCells(s.rows)) {
        const calls = templatesOf[si][i++]?.calls ?? aggregateCalls(cell.formula as string, corrections);
        for (const t of calls) counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      const set = new Set([...counts].filter(([, n]) => n >= 2).map(([t]) => t));
      if (set.size > 0) repeated.set(s.name, set);
    }
  }
  const helpers: string[] = [];
  const helperRef = new Map<string, string>();
  const helperSheet = helperSheetName(wb);

  const prepared: PreparedSheet[] = [];
  const form: ShiftForm = { same: true };
  for (const [si, s] of sheets.entries()) {
    const templates = templatesOf[si];
    let formulaAt = 0; // the cell's place in `formulaCells` order
    const hoistable = repeated.get(s.name);
    const content: RawCellContent[][] = [];
    let cells = 0;
    for (const row of s.rows.values()) cells += row.size;
    const positions = new Int32Array(2 * cells);
    let at = 0;
    const formulas: PreparedFormula[] = [];
    prepared.push({ name: s.name, content, positions, formulas });
    for (const [r, row] of s.rows) {
      const line: RawCellContent[] = [];
      content[r] = line;
      for (const [c, cell] of row) {
        positions[at++] = r;
        positions[at++] = c;
        const template = cell.formula === undefined ? undefined : templates[formulaAt++];
        // Why a saved TODAY()/NOW() cell as its value: the compiler reads it as an input field whose default is
        // that value (workbook/volatile.ts); the day the workbook was calculated, not the day of the check.
        if (cell.formula === undefined || savedVolatile(cell) !== undefined) {
          line[c] = constantContent(cell.formula === undefined ? cell.value : (cell.cached as number));
          continue;
        }
        const array = cell.formulaKind === 'array';
        // Why: the reader marks every cell of an array range with the anchor's formula; HyperFormula's
        // ARRAYFORMULA at the top-left cell spills over the range, which must be left empty for it.
        if (array && !isAnchor(cell)) {
          formulas.push({ row: r, col: c, array, written: false });
          continue;
        }
        const hoist = hoistable
          ? (call: { text: string; qualified: (sheet: string) => string }) => {
              if (!hoistable.has(call.text)) return undefined;
              const key = `${s.name}\u0000${call.text}`;
              let ref = helperRef.get(key);
              if (ref === undefined) {
                helpers.push(call.qualified(s.name));
                ref = `${quoteSheet(helperSheet)}!$A$${helpers.length}`;
                helperRef.set(key, ref);
              }
              return ref;
            }
          : undefined;
        if (template !== undefined) template.rewritten ??= rewrittenTemplate(template, corrections, hoist);
        // Why the fallback: a rewritten text that cannot be moved (the tokenizer rejects it, a reference does
        // not print) is rewritten from the cell's own text, which the template matched exactly.
        const moved = template?.rewritten?.(cell.row, cell.col, form);
        const text = moved ?? rewriteFormula(cell.formula, { corrections, hoist, array });
        const content = array ? `=ARRAYFORMULA(${text})` : `=${text}`;
        line[c] = content;
        const f: PreparedFormula = { row: r, col: c, array, written: true };
        if (moved !== undefined) f.template = template;
        if (moved !== undefined && form.same) f.moved = content;
        formulas.push(f);
      }
    }
    for (let r = 0; r < content.length; r++) if (content[r] === undefined) content[r] = [];
  }
  return { definedNames: wb.definedNames, sheets: prepared, helpers, helperSheet, maxRows, maxCols };
}

/** The whole workbook in one engine. */
function evaluateSingle(p: Prepared): OracleValues {
  const contents = p.sheets.map((s) => s.content);
  if (p.helpers.length > 0) contents.push(p.helpers.map((h) => [`=${h}`]));
  const hf = buildEngine(p, contents, true);
  try {
    const values = new Map<string, CellValue[][]>();
    for (const s of p.sheets) values.set(s.name, readCells(hf, s.name, s.positions));
    return oracleValues(values);
  } finally {
    hf.destroy();
  }
}

/** A template's formula rewritten at its own cell, ready to be moved to the template's other cells. */
function rewrittenTemplate(
  t: Template,
  corrections: ReadonlySet<CorrectionName>,
  hoist: RewriteOptions['hoist'],
): StrictShift {
  const text = rewriteFormula(t.formula, { corrections, hoist });
  return text === t.formula ? t.shift : prepareStrictShift(text, t.row, t.col);
}

function* formulaCells(rows: Map<number, Map<number, CellModel>>): Generator<CellModel> {
  for (const row of rows.values())
    for (const cell of row.values()) if (cell.formula !== undefined) yield cell;
}

/** Is this cell the top-left cell of its array formula's range (or outside any known range)? */
function isAnchor(cell: CellModel): boolean {
  const m = /^\$?([A-Z]+)\$?(\d+)/i.exec(cell.arrayRef ?? '');
  if (!m) return true;
  const col = [...m[1].toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return cell.row === Number(m[2]) - 1 && cell.col === col;
}
