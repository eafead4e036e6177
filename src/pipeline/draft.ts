/**
 * The draft: the scaffold an agent finishes when the converter refused columns, or the whole workbook
 * (docs/mcp.md, "The agent's loop"). Every conversion that recognised a table and refused at least one column
 * carries it beside its result, valid or not:
 *
 * - `stubs`: a schema property per refused column (title, the type its saved values show, readOnly);
 * - `spec`, when the conversion failed (so there is no other spec): the spec of what compiled (schema, seed
 *   rows, library, constants) with the stubs in place. Beside a valid result the scaffold is that result's
 *   `spec` plus the stubs (not repeated here: the answer would carry the seed rows twice);
 * - `fields`: the column → field map of the table (what `translate_formula`'s column mode reads);
 * - `refused`: per refused column its formula (A1 and R1C1, of the first data row), EVERY reason (its own,
 *   then one per refused column it reads), and a test of its saved values on a sample of rows, compared at
 *   15 significant digits as Excel stores them, ready to pass once a derivation is added; and `reads`, what
 *   the formula reads outside the table's rows: the parameter cells with their values and the side tables'
 *   rows, all the draft's tables within the seed budget (a table cut short says `truncated`).
 *
 * Nothing here computes a value: the expectations are the values the workbook saved, never a guess.
 */
import {
  buildLibrary,
  buildSpec,
  type Compilation,
  DEFAULT_SEED_BUDGET,
  type FormulaReads,
  formulaReads,
  type KeptParts,
  kindsOf,
  type RejectedColumn,
  seedDocument,
  typeSchema,
} from '../compiler/index.js';
import type { ModelSpec, SpecTest } from '../modelspec/index.js';
import { parseFormula, toR1C1 } from '../workbook/formula/index.js';
import { type CellValue, getCell } from '../workbook/index.js';

/** Rows of a refused column's expectations at most. */
const DRAFT_SAMPLE_ROWS = 5;

export interface DraftField {
  /** Column letters, e.g. `C`. */
  column: string;
  header: string;
  field: string;
  role: 'input' | 'derived' | 'refused';
}

export interface DraftReason {
  code: string;
  detail: string;
  /** For DEPENDS_ON_REJECTED_COLUMN: the refused column it reads. */
  column?: string;
}

export interface DraftColumn {
  field: string;
  column: string;
  header: string;
  /** The first data row's formula, A1 (no `=`) and R1C1. */
  formula: string;
  formulaR1C1: string;
  /** That formula's cell, e.g. `Sheet1!C2`. */
  cell: string;
  reasons: DraftReason[];
  /** The column's saved values on a sample of rows (absent when the workbook saved none). */
  test?: SpecTest;
  /** What the formula reads outside the table's rows: parameter cells and side tables (absent: nothing). */
  reads?: FormulaReads;
}

export interface Draft {
  /** Only when the conversion failed: the scaffold spec, stubs included. */
  spec?: ModelSpec;
  /** Field → the stub schema property of each refused column. */
  stubs: Record<string, Record<string, unknown>>;
  sheet: string;
  /** The first data row, 1-based (the row `translate_formula`'s column mode reads references in). */
  firstRow: number;
  /** The last data row, 1-based (a range over a column's data rows is that whole column). */
  lastRow: number;
  fields: DraftField[];
  refused: DraftColumn[];
}

export interface DraftInput {
  c: Compilation;
  kept: KeptParts;
  rejected: readonly RejectedColumn[];
  id: string;
  seedBudget?: number;
  /** The verified spec when the conversion succeeded (the draft's spec is it plus the stubs). */
  spec?: ModelSpec;
}

/** The draft of a conversion that refused at least one column; undefined when none was refused. */
export function buildDraft(input: DraftInput): Draft | undefined {
  const { c, rejected } = input;
  if (rejected.length === 0) return undefined;
  const { table } = c;
  const byLetter = new Map(rejected.map((r) => [r.column, r]));
  const kept = new Set(input.kept.columns.map((k) => k.column.field));
  const fields: DraftField[] = table.columns.map((col) => ({
    column: col.letter,
    header: col.header,
    field: col.field,
    role: byLetter.has(col.letter)
      ? 'refused'
      : kept.has(col.field) || !isInput(c, col.field)
        ? 'derived'
        : 'input',
  }));
  const spec =
    input.spec ??
    buildSpec({
      id: input.id,
      compilation: c,
      kept: input.kept,
      library: buildLibrary,
      seedBudget: input.seedBudget,
    }).spec;
  // Why one budget for the draft: columns reading the same large table must not repeat it past the budget.
  const budget = { left: input.seedBudget ?? DEFAULT_SEED_BUDGET };
  const refused = table.columns.flatMap((col) => {
    const r = byLetter.get(col.letter);
    return r ? [refusedColumn(c, col.field, r, byLetter, spec, budget)] : [];
  });
  const stubs: Draft['stubs'] = {};
  for (const r of refused) {
    const col = table.columns.find((x) => x.field === r.field)!;
    stubs[r.field] = { title: col.header, ...typeSchema(kindsOf(savedValues(c, col.col))), readOnly: true };
  }
  const out: Draft = {
    stubs,
    sheet: table.sheet.name,
    firstRow: table.firstDataRow + 1,
    lastRow: table.lastDataRow + 1,
    fields,
    refused,
  };
  if (!input.spec) out.spec = withStubs(spec, c, stubs);
  return out;
}

/** `{draft}` to spread into a result, or nothing when no column was refused. */
export function draftOf(input: DraftInput): { draft?: Draft } {
  const draft = buildDraft(input);
  return draft ? { draft } : {};
}

function isInput(c: Compilation, field: string): boolean {
  return c.plans.some((p) => p.kind === 'input' && p.column.field === field);
}

/** A copy of the spec with the stubs among the row's properties, in column order. */
function withStubs(spec: ModelSpec, c: Compilation, stubs: Draft['stubs']): ModelSpec {
  const out = structuredClone(spec);
  const items = (out.schema as { properties: { items: { items: { properties: Record<string, unknown> } } } })
    .properties.items.items;
  const ordered: Record<string, unknown> = {};
  for (const col of c.table.columns) {
    if (Object.hasOwn(stubs, col.field)) ordered[col.field] = stubs[col.field];
    else if (Object.hasOwn(items.properties, col.field)) ordered[col.field] = items.properties[col.field];
  }
  items.properties = ordered;
  return out;
}

/** The saved value of each data row of a column (blank when none was saved). */
function savedValues(c: Compilation, col: number): CellValue[] {
  const out: CellValue[] = [];
  for (const r of c.table.rows) out.push(getCell(c.table.sheet, r, col)?.cached ?? null);
  return out;
}

function refusedColumn(
  c: Compilation,
  field: string,
  r: RejectedColumn,
  byLetter: ReadonlyMap<string, RejectedColumn>,
  spec: ModelSpec,
  budget: { left: number },
): DraftColumn {
  const { table } = c;
  const col = table.columns.find((x) => x.field === field)!;
  const first = firstFormulaRow(c, col.col);
  const formula = first === undefined ? r.formula : getCell(table.sheet, first, col.col)!.formula!;
  const row = first ?? table.firstDataRow;
  const out: DraftColumn = {
    field,
    column: col.letter,
    header: col.header,
    formula,
    formulaR1C1: toR1C1(formula, row, col.col),
    cell: `${table.sheet.name}!${col.letter}${row + 1}`,
    reasons: reasonsOf(c, field, r, byLetter),
  };
  const test = savedTest(c, field, col.col, spec);
  if (test) out.test = test;
  const { ast } = parseFormula(formula);
  if (ast) {
    const reads = formulaReads(table, ast, col, row, budget.left);
    budget.left -= JSON.stringify(reads.tables).length;
    if (reads.parameters.length > 0 || reads.tables.length > 0) out.reads = reads;
  }
  return out;
}

function firstFormulaRow(c: Compilation, col: number): number | undefined {
  return c.table.rows.find((r) => getCell(c.table.sheet, r, col)?.formula !== undefined);
}

/** Its own reason (found by a trial lowering when it was refused for a column it reads), then its inputs'. */
function reasonsOf(
  c: Compilation,
  field: string,
  r: RejectedColumn,
  byLetter: ReadonlyMap<string, RejectedColumn>,
): DraftReason[] {
  const reasons: DraftReason[] = [];
  const own = r.reason === 'DEPENDS_ON_REJECTED_COLUMN' ? c.ownRefusals.get(field) : r;
  if (own) reasons.push({ code: own.reason, detail: own.detail });
  else if (r.reason !== 'DEPENDS_ON_REJECTED_COLUMN') reasons.push({ code: r.reason, detail: r.detail });
  for (const d of c.columnDeps.get(field) ?? []) {
    const dep = c.table.columns.find((x) => x.field === d)!;
    const refused = byLetter.get(dep.letter);
    if (!refused || d === field) continue;
    reasons.push({
      code: 'DEPENDS_ON_REJECTED_COLUMN',
      detail: `It uses column ${dep.letter} ("${dep.header}"), which was refused (${refused.reason})`,
      column: dep.letter,
    });
  }
  return reasons;
}

/**
 * The saved values of a sample of rows as a test: over the seed rows when the spec carries them, else over
 * the sample rows given explicitly (a formula over the whole column would then see only those rows).
 */
function savedTest(c: Compilation, field: string, col: number, spec: ModelSpec): SpecTest | undefined {
  const { table } = c;
  const rows: number[] = [];
  for (let i = 0; i < table.rows.length && rows.length < DRAFT_SAMPLE_ROWS; i++)
    if (getCell(table.sheet, table.rows[i], col)?.cached !== undefined) rows.push(i);
  if (rows.length === 0) return undefined;
  const seeded = spec.defaultValues !== undefined && spec.defaultValues.length > 0;
  const seed = seeded ? undefined : seedDocument(c);
  const expect: Record<string, unknown> = {};
  rows.forEach((i, j) => {
    expect[`$.items[${seeded ? i : j}].${field}`] = getCell(table.sheet, table.rows[i], col)!.cached;
  });
  const where = rows.map((i) => table.rows[i] + 1).join(', ');
  return {
    description: `Column ${table.columns.find((x) => x.field === field)!.letter} on rows ${where} as the workbook saved it`,
    given: seed ? { '$.items': rows.map((i) => seed.items[i]) } : {},
    expect,
    compare: 'excel15',
  };
}
