/**
 * `convert()`: the whole pipeline, bytes in, ConversionResult out.
 *
 *   read (zip pre-flight + WorkbookModel) → recognise the table → analyse and lower each column
 *   → oracle (HyperFormula over the workbook) → verify (run the spec, compare every derived cell)
 *   → refuse mismatching columns (VALUE_MISMATCH) and their dependants → assemble the final spec with tests.
 *
 * One verification pass is enough: dropping a column only drops columns that read it, and every other
 * derivation computes exactly what was checked. The returned spec therefore never holds an unverified
 * derivation. Nothing here throws on user input: reader failures keep their code, and an unexpected throw
 * (a bug) becomes PARSE_FAILED naming the stage, so one bad file never takes down a batch.
 */
import { performance } from 'node:perf_hooks';
import { buildLibrary } from './lower/library.js';
import { evaluateWorkbook } from '../oracle/hyperformula.js';
import { verifySpec } from '../oracle/verify.js';
import type { Compilation } from './compile.js';
import { compileRecognised } from './compile.js';
import { buildSpec, keptParts, seedDocument, specId } from './spec-builder.js';
import { isRecogniseFailure, recogniseTable } from './table.js';
import type {
  ConversionFailure,
  ConversionResult,
  ConvertOptions,
  RejectedColumn,
  Verification,
  Warning,
} from './types.js';
import { readWorkbook } from './workbook/reader.js';
import { WorkbookError } from './workbook/preflight.js';
import type { WorkbookModel } from './workbook/model.js';
import { rejection } from './analyse.js';
import type { Mismatch } from '../oracle/verify.js';

type Stage = 'read' | 'recognise' | 'analyse' | 'oracle' | 'verify' | 'serialise';

function timer(options: ConvertOptions) {
  return async <T>(stage: Stage, work: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      options.onStage?.(stage, performance.now() - t0);
    }
  };
}

/** Converts the bytes of an `.xlsx`/`.xlsm` workbook into a verified ModelSpec, or says why not. */
export async function convert(bytes: Uint8Array, options: ConvertOptions = {}): Promise<ConversionResult> {
  const time = timer(options);
  let wb: WorkbookModel;
  try {
    wb = await time('read', () =>
      readWorkbook(bytes, {
        limits: options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {},
      }),
    );
  } catch (e) {
    if (e instanceof WorkbookError) return { valid: false, reason: e.code, error: e.message };
    return {
      valid: false,
      reason: 'PARSE_FAILED',
      error: `The workbook could not be read: ${(e as Error).message}`,
    };
  }
  return convertWorkbook(wb, options);
}

/** The pipeline after reading: recognise, compile, verify with the oracle, assemble. */
export async function convertWorkbook(
  wb: WorkbookModel,
  options: ConvertOptions = {},
): Promise<ConversionResult> {
  const time = timer(options);
  try {
    const stage1 = await time('recognise', () => recogniseTable(wb, options));
    if (isRecogniseFailure(stage1)) return { valid: false, reason: stage1.reason, error: stage1.error };
    const c = await time('analyse', () => compileRecognised(stage1));
    const none = allRefused(c);
    if (none) return none;
    const id = specId(options.modelId, options.filename);
    if (options.verify === false) return await time('serialise', () => unverified(c, id, options));
    return await verifyAndBuild(c, wb, id, options, time);
  } catch (e) {
    return {
      valid: false,
      reason: 'PARSE_FAILED',
      error: `Internal error while converting: ${(e as Error).message}`,
    };
  }
}

/**
 * The compiler without the oracle, for tests and tools that only need the translation: the result's spec
 * has no tests and is not verified.
 */
export function compileWorkbook(wb: WorkbookModel, options: ConvertOptions = {}): ConversionResult {
  const table = recogniseTable(wb, options);
  if (isRecogniseFailure(table)) return { valid: false, reason: table.reason, error: table.error };
  const c = compileRecognised(table);
  const none = allRefused(c);
  if (none) return none;
  return unverified(c, specId(options.modelId, options.filename), options);
}

/** The spec of a compilation without the oracle's check (no tests, nothing verified). */
function unverified(c: Compilation, id: string, options: ConvertOptions): ConversionResult {
  const built = buildSpec({
    id,
    compilation: c,
    kept: keptParts(c, new Set()),
    library: buildLibrary,
    seedBudget: options.seedBudget,
  });
  return {
    valid: true,
    spec: built.spec,
    rejectedColumns: c.rejected,
    warnings: [...c.warnings, ...built.warnings],
  };
}

function allRefused(c: Compilation): ConversionFailure | undefined {
  const formulaColumns = c.plans.filter((p) => p.kind !== 'input').length;
  if (formulaColumns === 0 || c.columns.length > 0) return undefined;
  return failure(c.rejected, c.warnings);
}

function failure(rejected: RejectedColumn[], warnings: Warning[]): ConversionFailure {
  const first = rejected[0];
  return {
    valid: false,
    reason: first.reason,
    error: `Every formula column was refused; first: column ${first.column} "${first.header}": ${first.reason}: ${first.detail}`,
    rejectedColumns: rejected,
    warnings,
  };
}

/**
 * Verifies an already compiled table against the oracle and assembles the final spec (the second half of
 * `convertWorkbook`). Exposed so a test can hand it a deliberately wrong compilation and see VALUE_MISMATCH.
 */
export async function verifyCompilation(
  c: Compilation,
  wb: WorkbookModel,
  options: ConvertOptions = {},
): Promise<ConversionResult> {
  return verifyAndBuild(c, wb, specId(options.modelId, options.filename), options, timer(options));
}

async function verifyAndBuild(
  c: Compilation,
  wb: WorkbookModel,
  id: string,
  options: ConvertOptions,
  time: ReturnType<typeof timer>,
): Promise<ConversionResult> {
  const { table } = c;
  const oracle = await time('oracle', () => evaluateWorkbook(wb));
  const all = keptParts(c, new Set());
  // The draft only lends its derivations, library and constants to the verifier (which gets the rows as a
  // document), so it carries no seed: embedding 100k rows as JSON text here was pure waste.
  const draft = buildSpec({ id, compilation: c, kept: all, library: buildLibrary, seedBudget: 0 });
  const rows: number[] = [];
  for (let r = table.firstDataRow; r <= table.lastDataRow; r++) rows.push(r);
  const outcome = await time('verify', () =>
    verifySpec({
      spec: draft.spec,
      doc: seedDocument(c),
      workbook: wb,
      sheet: table.sheet.name,
      rows,
      columns: all.columns.map((k) => ({
        field: k.column.field,
        col: k.column.col,
        header: k.column.header,
      })),
      roots: all.roots.flatMap((r) =>
        r.summary ? [{ path: `$.${r.name}`, row: r.summary.row, col: r.summary.col }] : [],
      ),
      oracle,
    }),
  );
  return time('serialise', () => {
    // Why Object.hasOwn: a field may be called `constructor`; the record is a plain object.
    const failed = (key: string): Mismatch[] | undefined =>
      Object.hasOwn(outcome.mismatches, key) ? outcome.mismatches[key] : undefined;
    const refused = new Set(Object.keys(outcome.mismatches));
    const rejected = new Map(c.rejected.map((r) => [r.column, r]));
    const warnings: Warning[] = [...c.warnings, ...outcome.warnings];
    const down = new Set<string>();
    for (const k of all.columns) {
      const m = failed(k.column.field);
      if (!m) continue;
      down.add(k.column.field);
      // Why: a column reading a wrong column is wrong too; blame the first one, not every one downstream.
      if (k.deps.some((d) => down.has(d))) continue;
      rejected.set(
        k.column.letter,
        rejection(table, k.column, 'VALUE_MISMATCH', mismatchDetail(m), m[0].row - 1, k.formula),
      );
    }
    for (const r of all.roots) {
      const m = failed(`$.${r.name}`);
      if (m && r.summary) {
        warnings.push({
          code: 'SUMMARY_REFUSED',
          message: `The summary =${r.summary.formula} is left out: VALUE_MISMATCH: ${mismatchDetail(m)}`,
          cell: r.summary.cell,
        });
      }
    }
    const kept = keptParts(c, refused);
    const keptFields = new Set(kept.columns.map((k) => k.column.field));
    for (const k of all.columns) {
      if (keptFields.has(k.column.field) || rejected.has(k.column.letter)) continue;
      const bad = k.deps.find((d) => !keptFields.has(d) && all.columns.some((x) => x.column.field === d));
      const b = table.columns.find((x) => x.field === bad);
      rejected.set(
        k.column.letter,
        rejection(
          table,
          k.column,
          'DEPENDS_ON_REJECTED_COLUMN',
          b
            ? `It uses column ${b.letter} ("${b.header}"), which was refused`
            : 'It uses an aggregate that was refused',
          table.firstDataRow,
          k.formula,
        ),
      );
    }
    const order = new Map(table.columns.map((col, i) => [col.letter, i]));
    const rejectedColumns = [...rejected.values()].sort(
      (a, b) => order.get(a.column)! - order.get(b.column)!,
    );
    if (kept.columns.length === 0 && rejectedColumns.length > 0) return failure(rejectedColumns, warnings);
    const built = buildSpec({
      id,
      compilation: c,
      kept,
      library: buildLibrary,
      seedBudget: options.seedBudget,
      oracle: (row, col) => oracle.get(table.sheet.name, row, col),
    });
    const verification: Verification = outcome.verification;
    return {
      valid: true,
      spec: built.spec,
      rejectedColumns,
      verification,
      warnings: [...warnings, ...built.warnings],
    };
  });
}

function mismatchDetail(m: Mismatch[]): string {
  const shown = m
    .slice(0, 3)
    .map(
      (x) =>
        `row ${x.row}: expected ${JSON.stringify(x.expected)} (${x.source}), got ${JSON.stringify(x.got)}, inputs ${JSON.stringify(x.inputs)}`,
    )
    .join('; ');
  return `The compiled formula disagrees with Excel at ${m.length}${m.length >= 5 ? '+' : ''} cell(s): ${shown}`;
}
