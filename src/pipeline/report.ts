/**
 * The report model (src/report/html.ts renders it) from a verified conversion: the table as a grid (header,
 * data rows, the summary row), each formula cell with its verification class (src/pipeline/verify/types.ts) or its
 * column's refusal code, and a tooltip with the cell's formula in A1, its inputs and the three values (spec,
 * oracle, the value the file saved). A large table shows its first `REPORT_ROWS` data rows and every row with
 * a disagreement; the totals count every cell, shown or not.
 */
import type { Compilation, RejectedColumn } from '../compiler/index.js';
import type { ConversionResult } from './types.js';
import type { OracleValues } from '../oracle/index.js';
import type { VerifyOutcome } from './verify/verify-spec.js';
// The leaf modules, not the areas' indexes: a failure's report is built in the front ends' main threads
// (light.ts), which load no engine (HyperFormula, JSONata).
import { CELL_CLASSES, type CellClass } from './verify/types.js';
import type { CellStatus, ReportCell, ReportColumn, ReportModel, ReportRow } from '../report/index.js';
import { getCell } from '../workbook/model.js';
import { round15 } from '../workbook/precision.js';
import { type CellValue, isErrorValue } from '../workbook/values.js';
import { displayFormula } from '../workbook/formula/future.js';

export const REPORT_ROWS = 500;

const STATUS: Record<CellClass, CellStatus> = {
  agree: 'verified',
  unsaved: 'verified',
  enginesDifferFromExcel: 'engines-differ-from-excel',
  specDiffersFromOracle: 'spec-differs-from-oracle',
  oracleDiffersFromExcel: 'oracle-differs-from-excel',
};

const LABEL: Record<CellClass, string> = {
  agree: 'spec = oracle = Excel',
  unsaved: 'spec = oracle (no saved value)',
  enginesDifferFromExcel: 'spec = oracle ≠ Excel',
  specDiffersFromOracle: 'spec ≠ oracle',
  oracleDiffersFromExcel: 'oracle ≠ Excel only',
};

const disagrees = (cls: CellClass): boolean => cls !== 'agree' && cls !== 'unsaved';

export interface ReportInput {
  c: Compilation;
  outcome: VerifyOutcome;
  oracle: OracleValues;
  /** Every refused column (the compiler's and the verification's). */
  rejected: readonly RejectedColumn[];
  /** Fields of the columns kept in the final spec. */
  kept: ReadonlySet<string>;
  /** Root paths (`$.name`) left out (SUMMARY_REFUSED). */
  refusedRoots: ReadonlySet<string>;
  file: string;
}

/** The report model of one conversion. */
export function buildReportModel(input: ReportInput): ReportModel {
  const { c, outcome, rejected, file } = input;
  const { table } = c;
  const refusal = new Map(rejected.map((r) => [r.column, r]));
  const columns: ReportColumn[] = table.columns.map((col) => {
    const r = refusal.get(col.letter);
    const compiled = c.columns.find((k) => k.column.field === col.field);
    const plan = c.plans.find((p) => p.column.col === col.col);
    const formula = compiled?.formula ?? (plan?.kind === 'formula' ? plan.formula : r?.formula);
    const out: ReportColumn = { letter: col.letter, header: col.header };
    if (plan?.kind !== 'refused' || compiled) out.field = col.field;
    if (formula) out.formula = formula.replace(/^=/, '');
    if (compiled && !r) out.jsonata = compiled.expr;
    if (r) out.refusal = { code: r.reason, detail: r.detail };
    return out;
  });
  const grid = new Grid(input);
  const shown = shownRows(table.rows.length, grid.disagreeingRows());
  const rows: ReportRow[] = shown.map((i) => ({
    row: table.rows[i] + 1,
    cells: table.columns.map((col) => grid.cell(table.rows[i], col.col, col.field, i)),
  }));
  const summary = table.summary
    ? {
        row: table.summary.row + 1,
        cells: table.columns.map((col) => grid.summaryCell(table.summary!.row, col.col)),
      }
    : undefined;
  return {
    file,
    sheet: table.sheet.name,
    producer: outcome.verification.savedValues.producer,
    columns,
    rows,
    ...(summary ? { summary } : {}),
    rowsOmitted: table.rows.length - shown.length,
    totals: {
      compiled: input.kept.size,
      refused: rejected.length,
      cellsChecked: outcome.verification.cellsChecked,
      byStatus: grid.totals(),
    },
  };
}

/** The report of a conversion that verified no table: the reason, no grid. */
export function failureReport(
  file: string,
  result: ConversionResult | { valid: false; reason: string; error: string; rejectedColumns?: undefined },
): ReportModel {
  const rejected = result.rejectedColumns ?? [];
  return {
    file,
    ...(result.valid ? {} : { error: `${result.reason}: ${result.error}` }),
    sheet: '',
    producer: (result.valid && result.verification?.savedValues.producer) || 'unknown',
    columns: rejected.map((r) => ({
      letter: r.column,
      header: r.header,
      formula: r.formula.replace(/^=/, ''),
      refusal: { code: r.reason, detail: r.detail },
    })),
    rows: [],
    rowsOmitted: 0,
    totals: { compiled: 0, refused: rejected.length, cellsChecked: 0, byStatus: {} },
  };
}

/** The first REPORT_ROWS data rows, and every later row with a disagreement, in order. */
/** The item indexes the report shows: the first REPORT_ROWS and every disagreeing one. */
function shownRows(items: number, disagreeing: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < items; i++) if (i < REPORT_ROWS || disagreeing.has(i)) out.push(i);
  return out;
}

/** The cells of the grid, from the verification's classes, the derived document and the oracle. */
class Grid {
  private readonly refusedLetters: Map<number, string>;
  private readonly fields: Map<number, string>;

  constructor(private readonly input: ReportInput) {
    const { table } = input.c;
    const byLetter = new Map(input.rejected.map((r) => [r.column, r.reason as string]));
    this.refusedLetters = new Map(
      table.columns.flatMap((col) =>
        byLetter.has(col.letter) ? [[col.col, byLetter.get(col.letter)!]] : [],
      ),
    );
    this.fields = new Map(table.columns.map((col) => [col.col, col.field]));
  }

  /** Data-row indexes (0-based from the first data row) where some cell disagrees. */
  disagreeingRows(): Set<number> {
    const out = new Set<number>();
    for (const list of Object.values(this.input.outcome.classes))
      list.forEach((k, i) => {
        if (disagrees(CELL_CLASSES[k]!)) out.add(i);
      });
    return out;
  }

  /** Cells by status over the whole table (shown or not). */
  totals(): Partial<Record<CellStatus, number>> {
    const out: Partial<Record<CellStatus, number>> = {};
    const add = (s: CellStatus, n = 1) => {
      out[s] = (out[s] ?? 0) + n;
    };
    const { table } = this.input.c;
    const n = table.rows.length;
    for (const col of table.columns) {
      if (this.refusedLetters.has(col.col)) {
        add('refused', n);
        continue;
      }
      const list = this.input.outcome.classes[col.field];
      if (list) for (let i = 0; i < n; i++) add(STATUS[CELL_CLASSES[list[i]!]!]);
    }
    return out;
  }

  cell(row: number, col: number, field: string, index: number): ReportCell {
    const { sheet } = this.input.c.table;
    const model = getCell(sheet, row, col);
    const item = this.input.outcome.derived?.items[index];
    const refusedCode = this.refusedLetters.get(col);
    if (model?.formula === undefined) return { text: show(model?.value ?? null), status: 'input' };
    const classes = this.input.outcome.classes[field];
    const cls = classes ? CELL_CLASSES[classes[index]!] : undefined;
    const compiled = cls !== undefined && (!refusedCode || disagrees(cls));
    const spec = compiled && item && Object.hasOwn(item, field) ? item[field] : undefined;
    const oracle = this.input.oracle.get(sheet.name, row, col);
    const text = compiled ? showDerived(spec) : show(model.cached ?? oracle);
    const title = tooltip(
      model.formula,
      inputsOf(this.input, index),
      compiled ? spec : undefined,
      oracle,
      model.cached,
      cls,
      refusedCode,
    );
    // Why: a column refused for its values shows where it disagreed; its other cells are plainly refused.
    if (refusedCode && cls && disagrees(cls)) return { text, status: STATUS[cls], code: refusedCode, title };
    if (refusedCode) return { text, status: 'refused', code: refusedCode, title };
    return { text, status: cls ? STATUS[cls] : 'unchecked', title };
  }

  summaryCell(row: number, col: number): ReportCell {
    const { c, outcome, oracle } = this.input;
    const model = getCell(c.table.sheet, row, col);
    if (model?.formula === undefined) return { text: show(model?.value ?? null), status: 'input' };
    const root = c.roots.find((r) => r.summary?.row === row && r.summary.col === col);
    const key = root ? `$.${root.name}` : undefined;
    const list = key ? outcome.classes[key] : undefined;
    const cls = list ? CELL_CLASSES[list[0]!] : undefined;
    const spec = root ? outcome.derived?.[root.name] : undefined;
    const o = oracle.get(c.table.sheet.name, row, col);
    const refused = key !== undefined && this.input.refusedRoots.has(key);
    const title = tooltip(
      model.formula,
      {},
      spec,
      o,
      model.cached,
      cls,
      refused ? 'SUMMARY_REFUSED' : undefined,
    );
    if (refused) return { text: show(model.cached ?? o), status: 'refused', code: 'SUMMARY_REFUSED', title };
    if (!cls) return { text: show(model.cached ?? o), status: 'unchecked', title };
    return { text: showDerived(spec), status: STATUS[cls], title };
  }
}

function inputsOf(input: ReportInput, index: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of input.c.plans) if (p.kind === 'input') out[p.column.field] = p.values[index] ?? null;
  return out;
}

function tooltip(
  formula: string,
  inputs: Record<string, unknown>,
  spec: unknown,
  oracle: CellValue,
  saved: CellValue | undefined,
  cls: CellClass | undefined,
  code: string | undefined,
): string {
  const lines = [`=${displayFormula(formula)}`];
  if (Object.keys(inputs).length > 0) lines.push(`inputs: ${JSON.stringify(inputs)}`);
  lines.push(
    `spec: ${spec === undefined ? '(not compiled)' : showDerived(spec)}`,
    `oracle: ${show(oracle)}`,
    `Excel saved: ${saved === undefined ? '(none)' : show(saved)}`,
  );
  if (cls) lines.push(LABEL[cls]);
  if (code) lines.push(`refused: ${code}`);
  return lines.join('\n');
}

/** A cell value as Excel shows it in General format, roughly (the report is for reading, not comparing). */
function show(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(round15(v));
  if (isErrorValue(v)) return v.error;
  return v;
}

function showDerived(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return show(v);
  if (isErrorValue(v)) return v.error;
  return JSON.stringify(v);
}
