/**
 * The verification and the final spec: the compiled table's spec is run and compared with the oracle cell by
 * cell; a column that disagrees is refused (VALUE_MISMATCH; NOT_ESTABLISHED when its only failing rows are
 * rows meeting a case whose Excel answer is not established), and so is every column that reads it
 * (DEPENDS_ON_REJECTED_COLUMN); a summary that disagrees is left out with a warning. One verification pass is
 * enough: dropping a column only drops columns that read it, and every other derivation computes exactly what
 * was checked. The returned spec therefore never holds an unverified derivation.
 *
 * Stage times: with a threaded oracle, 'oracle' (its start to its values) and 'verify' (derivations +
 * comparison, without the wait for the oracle) overlap in time, so the stages can add up to more than the
 * conversion's wall time.
 */
import { performance } from 'node:perf_hooks';
import type { Warning } from '../../codes/index.js';
import {
  buildLibrary,
  buildSpec,
  type Compilation,
  type KeptParts,
  keptParts,
  type RejectedColumn,
  rejection,
  seedDocument,
} from '../../compiler/index.js';
import { datedWorkbook, noOracleValues, type OracleValues } from '../../oracle/index.js';
import { lateOracle } from '../oracle.js';
import { decideEvaluationDates } from './evaluation-date.js';
import { callsEvaluationDate, type CellValue, getCell, type WorkbookModel } from '../../workbook/index.js';
import { draftOf } from '../draft.js';
import { engineException, evaluateIsolating, type IsolatedOracle } from '../oracle-failure.js';
import { buildReportModel } from '../report.js';
import { type StageOptions, type Timer, timer } from '../timer.js';
import type { ConversionFailure, ConversionResult, RefusedColumn } from '../types.js';
import {
  isEngineError,
  type Mismatch,
  referenceValue,
  type VerifyOutcome,
  verifySpec,
} from './verify-spec.js';
import { displayFormula } from '../../workbook/formula/future.js';

/**
 * Verifies a compiled table against the oracle (its pending values from a thread, or the in-line oracle run
 * now) and assembles the final spec. A stage of its own: a test hands it a deliberately wrong compilation to
 * see VALUE_MISMATCH.
 */
export async function verifyAndAssemble(
  compiled: Compilation,
  wb: WorkbookModel,
  id: string,
  options: StageOptions = {},
  time: Timer = timer(options),
  early?: Promise<OracleValues>,
): Promise<ConversionResult> {
  // The date TODAY()/NOW() read, decided first: the oracle computes with it (evaluation-date.ts).
  const dated = await decideEvaluationDates(compiled, wb, id);
  const c = { ...dated.c, warnings: [...dated.c.warnings, ...dated.warnings] };
  const oracleWb = datedWorkbook(wb, dated.dates);
  // Why callsEvaluationDate: withOracle did not start the thread for such a workbook (src/pipeline/oracle.ts).
  const late = early === undefined && callsEvaluationDate(wb) ? lateOracle(oracleWb, options) : undefined;
  try {
    return await verifyWith(c, wb, oracleWb, id, options, time, early ?? late?.values);
  } finally {
    late?.stop();
  }
}

async function verifyWith(
  c: Compilation,
  wb: WorkbookModel,
  oracleWb: WorkbookModel,
  id: string,
  options: StageOptions,
  time: Timer,
  threaded: Promise<OracleValues> | undefined,
): Promise<ConversionResult> {
  let isolated: IsolatedOracle | undefined;
  const isolate = (first?: unknown) => {
    isolated = evaluateIsolating(oracleWb, c.table.sheet.name, formulaColumns(c), undefined, first);
    return isolated.values;
  };
  // Why the fallback: an oracle thread that threw is run again here, column by column, to find the culprits.
  const fromThread = threaded?.catch((e: unknown) =>
    engineException(e) === undefined ? Promise.reject(e) : isolate(e),
  );
  // Read only if the verifier has a cell to check (verifySpec); else a thread's failure is nobody's.
  fromThread?.catch(() => undefined);
  // The oracle's values when the verifier asks: the thread's, or the in-line oracle run then.
  let used: Promise<OracleValues> | undefined;
  const values = () => (used ??= fromThread ?? time('oracle', () => isolate()));
  const all = keptParts(c, new Set());
  const outcome = await verifyAll(c, all, wb, id, options, values);
  const oracle = await (used ?? noOracleValues());
  const failed = failedFields(c, isolated?.failed);
  return time('serialise', () => assemble(c, all, outcome, id, options, oracle, failed));
}

/** The sheet columns (0-based) of the table's formula columns, compiled or refused. */
function formulaColumns(c: Compilation): number[] {
  return c.plans.filter((p) => p.kind !== 'input').map((p) => p.column.col);
}

/** The compiled columns the oracle threw on, by field, with its message. */
function failedFields(c: Compilation, failed: Map<number, string> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!failed) return out;
  for (const k of c.columns) {
    const message = failed.get(k.column.col);
    if (message !== undefined) out.set(k.column.field, message);
  }
  return out;
}

/**
 * Runs every derivation and compares it. The draft only lends its derivations, library and constants to the
 * verifier (which gets the rows as a document), so it carries no seed: embedding 100k rows as JSON text here
 * was pure waste. The 'verify' stage time leaves out the wait for a threaded oracle.
 */
async function verifyAll(
  c: Compilation,
  all: KeptParts,
  wb: WorkbookModel,
  id: string,
  options: StageOptions,
  oracle: () => Promise<OracleValues>,
): Promise<VerifyOutcome> {
  const { table } = c;
  const draft = buildSpec({ id, compilation: c, kept: all, library: buildLibrary, seedBudget: 0 });
  const rows = table.rows;
  const t0 = performance.now();
  let waited = 0;
  try {
    const outcome = await verifySpec({
      spec: draft.spec,
      doc: seedDocument(c),
      workbook: wb,
      sheet: table.sheet.name,
      rows,
      columns: all.columns.map((k) => ({
        field: k.column.field,
        col: k.column.col,
        header: k.column.header,
        ...(k.precision === undefined ? {} : { precision: k.precision }),
      })),
      roots: all.roots.flatMap((r) =>
        r.summary
          ? [
              {
                path: `$.${r.name}`,
                row: r.summary.row,
                col: r.summary.col,
                ...(r.precision === undefined ? {} : { precision: r.precision }),
              },
            ]
          : [],
      ),
      oracle,
      keepDerived: options.report === true,
    });
    waited = outcome.oracleWaitMs;
    return outcome;
  } finally {
    options.onStage?.('verify', performance.now() - t0 - waited);
  }
}

/**
 * The expected value of a cell in the spec's embedded tests: the reference verification judged it by
 * (`referenceValue`: a binding or needed saved value, else the oracle's), never the oracle's undetermined.
 * A kept cell always has one (verification refuses a cell the oracle cannot evaluate with nothing saved).
 */
function testValue(
  c: Compilation,
  oracle: OracleValues,
  binding: boolean,
): (row: number, col: number) => CellValue {
  const { sheet } = c.table;
  return (row, col) => {
    const o = oracle.get(sheet.name, row, col);
    return referenceValue(o, getCell(sheet, row, col)?.cached, binding) ?? o;
  };
}

/** The final spec from what survived the verification, or the failure when no column did. */
function assemble(
  c: Compilation,
  all: KeptParts,
  outcome: VerifyOutcome,
  id: string,
  options: StageOptions,
  oracle: OracleValues,
  failed: ReadonlyMap<string, string> = new Map(),
): ConversionResult {
  const rejected = new Map(c.rejected.map((r) => [r.column, r]));
  refuseOracleExceptions(c, failed, rejected);
  refuseMismatches(c, all, outcome, rejected, failed);
  const kept = keptParts(c, new Set([...Object.keys(outcome.mismatches), ...failed.keys()]));
  refuseDependants(c, all, kept, rejected);
  const rejectedColumns = inColumnOrder(c, rejected);
  const warnings: Warning[] = [...c.warnings, ...outcome.warnings, ...summaryWarnings(all, outcome)];
  const report = () =>
    buildReportModel({
      c,
      outcome,
      oracle,
      rejected: rejectedColumns,
      kept: new Set(kept.columns.map((k) => k.column.field)),
      refusedRoots: new Set(
        all.roots.flatMap((r) => (mismatchesOf(outcome, `$.${r.name}`) ? [`$.${r.name}`] : [])),
      ),
      file: options.filename ?? id,
    });
  const draftInput = { c, kept, rejected: rejectedColumns, id, seedBudget: options.seedBudget };
  if (kept.columns.length === 0 && rejectedColumns.length > 0) {
    const failure = { ...allRefusedFailure(rejectedColumns, warnings), ...draftOf(draftInput) };
    return options.report ? { ...failure, report: report() } : failure;
  }
  const built = buildSpec({
    id,
    compilation: c,
    kept,
    library: buildLibrary,
    seedBudget: options.seedBudget,
    oracle: testValue(c, oracle, outcome.verification.savedValues.standing === 'binding'),
  });
  return {
    valid: true,
    spec: built.spec,
    rejectedColumns,
    verification: outcome.verification,
    warnings: [...warnings, ...built.warnings],
    ...draftOf({ ...draftInput, spec: built.spec }),
    ...(options.report ? { report: report() } : {}),
  };
}

/** The mismatches of one field or root path (`$.name`), if any. */
function mismatchesOf(outcome: VerifyOutcome, key: string): Mismatch[] | undefined {
  // Why Object.hasOwn: a field may be called `constructor`; the record is a plain object.
  return Object.hasOwn(outcome.mismatches, key) ? outcome.mismatches[key] : undefined;
}

/** VALUE_MISMATCH for each column that disagreed, except those that only read a column that did. */
function refuseMismatches(
  c: Compilation,
  all: KeptParts,
  outcome: VerifyOutcome,
  rejected: Map<string, RejectedColumn>,
  failed: ReadonlyMap<string, string>,
): void {
  const down = new Set<string>(failed.keys());
  for (const k of all.columns) {
    if (failed.has(k.column.field)) continue;
    const m = mismatchesOf(outcome, k.column.field);
    if (!m) continue;
    down.add(k.column.field);
    // Why: a column reading a wrong column is wrong too; blame the first one, not every one downstream.
    if (k.deps.some((d) => down.has(d))) continue;
    const unknown = onlyNotEstablished(outcome, k.column.field);
    const refused: RefusedColumn = {
      ...rejection(
        c.table,
        k.column,
        unknown ? 'NOT_ESTABLISHED' : 'VALUE_MISMATCH',
        unknown ? notEstablishedDetail(m, unknown) : mismatchDetail(m),
        m[0]!.row - 1,
        k.formula,
      ),
      source: m.some((x) => x.source === 'excel') ? 'excel' : 'oracle',
      cells: m,
    };
    rejected.set(k.column.letter, refused);
  }
}

/** ORACLE_EXCEPTION for each compiled column whose formulas made the oracle throw. */
function refuseOracleExceptions(
  c: Compilation,
  failed: ReadonlyMap<string, string>,
  rejected: Map<string, RejectedColumn>,
): void {
  for (const k of c.columns) {
    const message = failed.get(k.column.field);
    if (message === undefined) continue;
    const detail = `The oracle (HyperFormula) throws on this column's formulas, so they cannot be checked: ${message}`;
    rejected.set(
      k.column.letter,
      rejection(c.table, k.column, 'ORACLE_EXCEPTION', detail, c.table.firstDataRow, k.formula),
    );
  }
}

/** A SUMMARY_REFUSED warning for each summary cell whose aggregate disagreed. */
function summaryWarnings(all: KeptParts, outcome: VerifyOutcome): Warning[] {
  return all.roots.flatMap((r) => {
    const m = mismatchesOf(outcome, `$.${r.name}`);
    if (!m || !r.summary) return [];
    return [
      {
        code: 'SUMMARY_REFUSED',
        message: `The summary =${displayFormula(r.summary.formula)} is left out: VALUE_MISMATCH: ${mismatchDetail(m)}`,
        cell: r.summary.cell,
      },
    ];
  });
}

/** DEPENDS_ON_REJECTED_COLUMN for each column left out of `kept` and not refused for itself. */
function refuseDependants(
  c: Compilation,
  all: KeptParts,
  kept: KeptParts,
  rejected: Map<string, RejectedColumn>,
): void {
  const { table } = c;
  const keptFields = new Set(kept.columns.map((k) => k.column.field));
  for (const k of all.columns) {
    if (keptFields.has(k.column.field) || rejected.has(k.column.letter)) continue;
    const bad = k.deps.find((d) => !keptFields.has(d) && all.columns.some((x) => x.column.field === d));
    const b = table.columns.find((x) => x.field === bad);
    const detail = b
      ? `It uses column ${b.letter} ("${b.header}"), which was refused`
      : 'It uses an aggregate that was refused';
    rejected.set(
      k.column.letter,
      rejection(table, k.column, 'DEPENDS_ON_REJECTED_COLUMN', detail, table.firstDataRow, k.formula),
    );
  }
}

function inColumnOrder(c: Compilation, rejected: Map<string, RejectedColumn>): RejectedColumn[] {
  const order = new Map(c.table.columns.map((col, i) => [col.letter, i]));
  return [...rejected.values()].sort((a, b) => order.get(a.column)! - order.get(b.column)!);
}

/** The failure when every formula column was refused, naming the first. */
export function allRefusedFailure(rejected: RejectedColumn[], warnings: Warning[]): ConversionFailure {
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
 * How many of the field's rows gave the not-established value, when those are all its failing cells (a
 * column that also gives a wrong answer is a VALUE_MISMATCH); 0 otherwise.
 */
function onlyNotEstablished(outcome: VerifyOutcome, field: string): number {
  const t = outcome.verification.columns.find((x) => x.field === field);
  const n = t?.notEstablished ?? 0;
  return t && n > 0 && n === t.cellsChecked - t.matched ? n : 0;
}

function notEstablishedDetail(m: Mismatch[], n: number): string {
  const shown = m
    .slice(0, 3)
    .map((x) => `row ${x.row}: ${x.notEstablished}, inputs ${JSON.stringify(x.inputs)}`)
    .join('; ');
  return `Excel's answer is not established for ${n} row(s) of this column, where the spec gives the not-established value: ${shown}`;
}

/** One mismatching cell: what it was judged by (an undetermined oracle named as such: it expects nothing). */
function mismatchLine(x: Mismatch): string {
  const got = `got ${JSON.stringify(x.got)}, inputs ${JSON.stringify(x.inputs)}`;
  if (x.source === 'oracle' && isEngineError(x.expected))
    return `row ${x.row}: the oracle cannot determine Excel's value (${x.expected.error}) and the workbook saved none, ${got}`;
  return `row ${x.row}: expected ${JSON.stringify(x.expected)} (${x.source === 'excel' ? "Excel's saved value" : 'oracle'}), ${got}`;
}

function mismatchDetail(m: Mismatch[]): string {
  const shown = m.slice(0, 3).map(mismatchLine).join('; ');
  const against = m.some((x) => x.source === 'excel') ? 'the values Excel saved' : 'Excel';
  return `The compiled formula disagrees with ${against} at ${m.length}${m.length >= 5 ? '+' : ''} cell(s): ${shown}`;
}
