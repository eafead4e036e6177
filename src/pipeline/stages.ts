/**
 * The pipeline in this thread, bytes in, ConversionResult out:
 *
 *   read (zip pre-flight + WorkbookModel) → recognise the table → analyse and lower each column
 *   → oracle (HyperFormula over the workbook) → verify (run the spec, compare every derived cell)
 *   → refuse mismatching columns (VALUE_MISMATCH) and their dependants → assemble the final spec with tests.
 *
 * Nothing here throws on user input: reader failures keep their code, and an unexpected throw (a bug) becomes
 * PARSE_FAILED naming why, so one bad file never takes down a batch. Only a cancellation rejects (`CANCELLED`,
 * checked between stages; a threaded oracle is ended at once).
 */
import { CodedError, type Warning } from '../codes/index.js';
import {
  analyseColumns,
  buildLibrary,
  buildSpec,
  type Compilation,
  compileRecognised,
  isRecogniseFailure,
  keptParts,
  recogniseTable,
  specId,
} from '../compiler/index.js';
import { readWorkbook, type WorkbookModel, WorkbookError } from '../workbook/index.js';
import { isOracleOutOfResources, withOracle } from './oracle.js';
import { draftOf } from './draft.js';
import { OracleExceptionError } from './oracle-failure.js';
import {
  type ConversionFailure,
  type ConversionResult,
  type PipelineOptions,
  throwIfCancelled,
} from './types.js';
import { type StageOptions, timer } from './timer.js';
import { allRefusedFailure, verifyAndAssemble } from './verify/assemble.js';

/** Converts the bytes of an `.xlsx`/`.xlsm` workbook in this thread (see the header). */
export async function convertInProcess(
  bytes: Uint8Array,
  options: StageOptions = {},
): Promise<ConversionResult> {
  const time = timer(options);
  let wb: WorkbookModel;
  try {
    wb = await time('read', () =>
      readWorkbook(bytes, {
        limits: options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {},
      }),
    );
  } catch (e) {
    throwIfCancelled(options.signal);
    if (e instanceof WorkbookError) return { valid: false, reason: e.code, error: e.message };
    return {
      valid: false,
      reason: 'PARSE_FAILED',
      error: `The workbook could not be read: ${(e as Error).message}`,
    };
  }
  return convertWorkbook(wb, options);
}

/**
 * The pipeline after reading: recognise, compile, verify with the oracle, assemble. A stage of its own for
 * tests that build a workbook model in memory; `verify: false` leaves the oracle out (the spec then has no
 * tests and is not verified).
 */
export async function convertWorkbook(
  wb: WorkbookModel,
  options: StageOptions = {},
): Promise<ConversionResult> {
  const time = timer(options);
  // The oracle needs nothing but the workbook: in a thread it starts now, so that recognising, compiling and
  // deriving all overlap it.
  const wanted = options.verify !== false;
  return withOracle(wb, options, wanted, async (oracle) => {
    try {
      const table = await time('recognise', () => recogniseTable(wb, options));
      if (isRecogniseFailure(table)) return { valid: false, reason: table.reason, error: table.error };
      const plans = await time('analyse', () => analyseColumns(table));
      const c = await time('lower', () =>
        compileRecognised(table, plans, { parameters: options.parameters }),
      );
      const id = specId(options.modelId, options.filename);
      const none = allRefused(c, id, options);
      if (none) return none;
      if (!wanted) return await time('serialise', () => unverified(c, id, options));
      return await verifyAndAssemble(c, wb, id, options, time, oracle);
    } catch (e) {
      throwIfCancelled(options.signal);
      if (isOracleOutOfResources(e)) throw e;
      if (e instanceof OracleExceptionError) return { valid: false, reason: e.code, error: e.message };
      return {
        valid: false,
        reason: 'PARSE_FAILED',
        error: `Internal error while converting: ${(e as Error).message}`,
      };
    }
  });
}

/** The spec of a compilation without the oracle's check (no tests, nothing verified). */
function unverified(c: Compilation, id: string, options: PipelineOptions): ConversionResult {
  const kept = keptParts(c, new Set());
  const built = buildSpec({
    id,
    compilation: c,
    kept,
    library: buildLibrary,
    seedBudget: options.seedBudget,
  });
  return {
    valid: true,
    spec: built.spec,
    rejectedColumns: c.rejected,
    warnings: [...c.warnings, ...undecidedDates(c), ...built.warnings],
    ...draftOf({ c, kept, rejected: c.rejected, id, seedBudget: options.seedBudget, spec: built.spec }),
  };
}

/** Without verification no evaluation date is decided (verify/evaluation-date.ts): each such field says so. */
function undecidedDates(c: Compilation): Warning[] {
  return c.constants.flatMap((k) =>
    k.called === 'formula'
      ? [
          {
            code: 'EVALUATION_DATE_REQUIRED' as const,
            message: `The input field "${k.name}" that ${k.volatile}() reads has no default: ${k.noDefault}`,
          },
        ]
      : [],
  );
}

function allRefused(c: Compilation, id: string, options: PipelineOptions): ConversionFailure | undefined {
  const formulaColumns = c.plans.filter((p) => p.kind !== 'input').length;
  if (formulaColumns === 0 || c.columns.length > 0) return undefined;
  const draft = draftOf({
    c,
    kept: keptParts(c, new Set()),
    rejected: c.rejected,
    id,
    seedBudget: options.seedBudget,
  });
  return { ...allRefusedFailure(c.rejected, c.warnings), ...draft };
}
