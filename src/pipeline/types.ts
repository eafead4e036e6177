/**
 * The public result of a conversion and its options. The codes in it are stable API, documented in README.md
 * ("Codes"); a refused column is the compiler's `RejectedColumn`, the verification the oracle's.
 */
import { type Budget, CodedError, type FailureCode, type Warning } from '../codes/index.js';
import type { RejectedColumn } from '../compiler/index.js';
import type { ModelSpec } from '../modelspec/index.js';
import type { Verification } from './verify/types.js';
import type { Mismatch } from './verify/verify-spec.js';
import type { ReportModel } from '../report/index.js';
import type { Draft } from './draft.js';
import type { ConversionSettings } from './options.js';

/**
 * A refused column: the compiler's `RejectedColumn`, and for a `VALUE_MISMATCH` the reference that refused it
 * (`excel`: the value Microsoft Excel saved; `oracle`) and the first failing cells with their formula, inputs
 * and three values.
 */
export interface RefusedColumn extends RejectedColumn {
  source?: Mismatch['source'];
  cells?: Mismatch[];
}

export interface ConversionSuccess {
  valid: true;
  spec: ModelSpec;
  rejectedColumns: RefusedColumn[];
  verification?: Verification;
  warnings: Warning[];
  /** When a column was refused: the scaffold to finish it from (src/pipeline/draft.ts). */
  draft?: Draft;
  /** With the `report` option: the verification report's model (render it with `renderReport`). */
  report?: ReportModel;
}

export interface ConversionFailure {
  valid: false;
  reason: FailureCode;
  error: string;
  /** For `RESOURCE_LIMIT` from a worker: the budget that ran out. */
  budget?: Budget;
  rejectedColumns?: RefusedColumn[];
  warnings?: Warning[];
  /** When a table was recognised and its columns refused: the scaffold to finish (src/pipeline/draft.ts). */
  draft?: Draft;
  /** With the `report` option: the report's model (the grid when a table was verified, else the reason). */
  report?: ReportModel;
}

export type ConversionResult = ConversionSuccess | ConversionFailure;

/**
 * What the pipeline itself reads: the conversion's settings (`modelId`, `sheet`, `parameters`, `table`,
 * `seedBudget`, `report`: declared once in options.ts, with what the front ends expose), the file's name and
 * limits, and its stage timings. docs/compiler.md: "Recognising the table", "Parameters as inputs".
 */
export interface PipelineOptions extends ConversionSettings {
  /** File name, used for the default id and messages. */
  filename?: string;
  maxFileBytes?: number; // default 25 MiB
  maxRows?: number; // default 100,000
  maxColumns?: number; // default 200
  /** Skip the oracle (for internal stage timing only; the CLI and MCP never set it). */
  verify?: boolean;
  /**
   * Run the oracle (HyperFormula) in a worker thread while the spec's derivations run on this one. Default:
   * on when the workbook holds at least 10,000 formula cells (below that, starting the worker costs about
   * what the overlap saves). `false` runs the oracle and then the verification, one after the other.
   * In a thread, the `oracle` stage (its start to its values) overlaps the stages after `read`, so the stage
   * times can add up to more than the conversion's wall time.
   */
  oracleThread?: boolean;
  /**
   * Called after each pipeline stage with its wall time in milliseconds. Stages: `read`, `recognise`,
   * `analyse` (parsing, the per-row uniformity check), `lower` (references and lowering), `oracle`, `verify`,
   * `serialise`.
   */
  onStage?: (stage: string, ms: number) => void;
}

/** Where the conversion runs. */
export type Isolation = 'in-process' | 'worker';

/** `convert`'s options: the pipeline's, and where it runs, under which budgets, until when. */
export interface ConvertOptions extends PipelineOptions {
  /**
   * `in-process` (default) runs in this thread, without budgets; `worker` runs in a fresh worker thread under
   * `timeoutMs` and `maxHeapMb` (what the CLI and the MCP server use for workbooks from anywhere).
   */
  isolation?: Isolation;
  /** Worker only: wall-clock budget for read + compile + verify, ms (default 60,000). */
  timeoutMs?: number;
  /** Worker only: V8 old-generation heap budget of the worker, MB (default 1,024). */
  maxHeapMb?: number;
  /** Worker only: called when the worker has loaded and the budget's clock starts, with the load time in ms. */
  onReady?: (loadMs: number) => void;
  /**
   * Cancels the conversion: a worker (the conversion's, the oracle's) is ended at once and `convert` rejects
   * with `CodedError('CANCELLED')`. In-process, the conversion stops at the next stage.
   */
  signal?: AbortSignal;
}

/** The budgets of a conversion in a worker, unless the options say otherwise (MCP and the CLI's one file). */
export const DEFAULT_CONVERT_BUDGET: Readonly<{ timeoutMs: number; maxHeapMb: number }> = Object.freeze({
  timeoutMs: 60_000,
  maxHeapMb: 1024,
});

/** RESOURCE_LIMIT with the budget the error names in `data.budget`. */
export function limitFailure(e: CodedError): ConversionResult {
  const budget = e.data?.budget as Budget | undefined;
  return { valid: false, reason: 'RESOURCE_LIMIT', error: e.message, ...(budget ? { budget } : {}) };
}

/** Rejects an aborted conversion: `CodedError('CANCELLED')`. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CodedError('CANCELLED', 'The conversion was cancelled.');
}
