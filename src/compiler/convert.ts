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
 *
 * The oracle and the verification's derivations are each seconds of CPU and independent until the comparison,
 * so for a large workbook (option `oracleThread`) the oracle runs in a worker thread (src/oracle/oracle-thread.ts),
 * started as soon as the workbook is read, while this thread recognises, compiles and computes the derivations;
 * its values are awaited only to compare. A worker that runs out of memory or dies answers RESOURCE_LIMIT, as
 * an exhausted budget does everywhere else.
 */
import { performance } from 'node:perf_hooks';
import { buildLibrary } from './lower/library.js';
import { evaluateWorkbook, type OracleValues } from '../oracle/hyperformula.js';
import { evaluateWorkbookInThread, OracleThreadError } from '../oracle/oracle-thread.js';
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
  Stage,
  Verification,
  Warning,
} from './types.js';
import { readWorkbook } from '../workbook/reader.js';
import { WorkbookError } from '../workbook/preflight.js';
import type { WorkbookModel } from '../workbook/model.js';
import { analyseColumns, rejection } from './analyse.js';
import type { Mismatch, VerifyOutcome } from '../oracle/verify.js';

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
  // The oracle needs nothing but the workbook: in a thread it starts now, so that recognising, compiling and
  // deriving all overlap it.
  const wanted = options.verify !== false;
  return withOracle(wb, options, wanted, async (oracle) => {
    try {
      const stage1 = await time('recognise', () => recogniseTable(wb, options));
      if (isRecogniseFailure(stage1)) return { valid: false, reason: stage1.reason, error: stage1.error };
      const plans = await time('analyse', () => analyseColumns(stage1));
      const c = await time('lower', () => compileRecognised(stage1, plans));
      const none = allRefused(c);
      if (none) return none;
      const id = specId(options.modelId, options.filename);
      if (!wanted) return await time('serialise', () => unverified(c, id, options));
      return await verifyAndBuild(c, wb, id, options, time, oracle);
    } catch (e) {
      if (isOracleOutOfResources(e)) throw e;
      return {
        valid: false,
        reason: 'PARSE_FAILED',
        error: `Internal error while converting: ${(e as Error).message}`,
      };
    }
  });
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
  return withOracle(wb, options, true, (oracle) =>
    verifyAndBuild(c, wb, specId(options.modelId, options.filename), options, timer(options), oracle),
  );
}

/**
 * Formula cells from which the oracle runs in a worker thread by default. Measured on the bench workbooks
 * (5 formula columns; compiled dist/, 2 cores, 5 alternating runs, medians): 1,000 rows (5,000 formula
 * cells) 1.31 s threaded vs 1.36 s in-line, a wash, since the worker's start (~0.3 s: loading HyperFormula)
 * and both threads sharing the cores eat the overlap; 3,000 rows 1.86 vs 2.05 s; 10,000 rows 4.0 vs 5.4 s.
 * The thread also costs 50-70 MB of RSS, so it starts where the gain is clear.
 */
const ORACLE_THREAD_MIN_FORMULA_CELLS = 10_000;

function threadedByDefault(wb: WorkbookModel): boolean {
  let n = 0;
  for (const s of wb.sheets)
    for (const row of s.rows.values())
      for (const cell of row.values()) {
        if (cell.formula !== undefined && ++n >= ORACLE_THREAD_MIN_FORMULA_CELLS) return true;
      }
  return false;
}

function isOracleOutOfResources(e: unknown): e is OracleThreadError {
  return e instanceof OracleThreadError && e.code === 'RESOURCE_LIMIT';
}

/**
 * Runs `work` with the oracle started in a worker thread when it is `wanted` and the options (or, by default,
 * the workbook's size) call for one; `work` gets its pending values, or undefined for the in-line oracle. The
 * worker is stopped when `work` ends before reading them (a refused table, a throw), and a worker that ran
 * out of memory or died makes the answer RESOURCE_LIMIT.
 */
async function withOracle(
  wb: WorkbookModel,
  options: ConvertOptions,
  wanted: boolean,
  work: (oracle: Promise<OracleValues> | undefined) => Promise<ConversionResult>,
): Promise<ConversionResult> {
  if (!wanted || !(options.oracleThread ?? threadedByDefault(wb))) return work(undefined);
  const cancel = new AbortController();
  try {
    return await work(startOracleThread(wb, options, cancel.signal));
  } catch (e) {
    if (isOracleOutOfResources(e)) return { valid: false, reason: 'RESOURCE_LIMIT', error: e.message };
    throw e;
  } finally {
    // A no-op once the worker has answered.
    cancel.abort();
  }
}

/**
 * The oracle started in its worker thread. Its 'oracle' stage time runs from here to when the worker had the
 * values (the worker's clock: this thread is busy meanwhile and reads the message later), so it overlaps the
 * stages run meanwhile ('recognise', 'analyse', 'verify').
 */
function startOracleThread(
  wb: WorkbookModel,
  options: ConvertOptions,
  signal: AbortSignal,
): Promise<OracleValues> {
  let reported = false;
  const report = (ms: number) => {
    if (reported) return;
    reported = true;
    options.onStage?.('oracle', ms);
  };
  const t0 = performance.now();
  const pending = evaluateWorkbookInThread(wb, { signal, onEvaluated: report });
  // Why a handler now: the worker may fail while this thread is still busy, before verifySpec awaits it; the
  // rejection is seen there, and this only keeps it from counting as unhandled meanwhile.
  pending.catch((e: unknown) => {
    if (!(e instanceof OracleThreadError && e.code === 'ABORTED')) report(performance.now() - t0);
  });
  return pending;
}

async function verifyAndBuild(
  c: Compilation,
  wb: WorkbookModel,
  id: string,
  options: ConvertOptions,
  time: ReturnType<typeof timer>,
  threaded: Promise<OracleValues> | undefined,
): Promise<ConversionResult> {
  if (threaded) return verifyAndBuildWith(c, wb, id, options, time, threaded);
  const oracle = await time('oracle', () => evaluateWorkbook(wb));
  return verifyAndBuildWith(c, wb, id, options, time, oracle);
}

/**
 * The verification and the final spec, given the oracle's values or a promise of them. Stage times: with a
 * threaded oracle, 'oracle' (its start to its values) and 'verify' (derivations + comparison, without the
 * wait for the oracle) overlap in time, so the stages can add up to more than the conversion's wall time.
 */
async function verifyAndBuildWith(
  c: Compilation,
  wb: WorkbookModel,
  id: string,
  options: ConvertOptions,
  time: ReturnType<typeof timer>,
  oraclePending: OracleValues | Promise<OracleValues>,
): Promise<ConversionResult> {
  const { table } = c;
  const all = keptParts(c, new Set());
  // The draft only lends its derivations, library and constants to the verifier (which gets the rows as a
  // document), so it carries no seed: embedding 100k rows as JSON text here was pure waste.
  const draft = buildSpec({ id, compilation: c, kept: all, library: buildLibrary, seedBudget: 0 });
  const rows: number[] = [];
  for (let r = table.firstDataRow; r <= table.lastDataRow; r++) rows.push(r);
  const t0 = performance.now();
  let waited = 0;
  let outcome: VerifyOutcome;
  try {
    outcome = await verifySpec({
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
      oracle: oraclePending,
    });
    waited = outcome.oracleWaitMs;
  } finally {
    options.onStage?.('verify', performance.now() - t0 - waited);
  }
  const oracle = await oraclePending;
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
