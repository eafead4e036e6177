/**
 * The public result of a conversion and the codes it uses. These codes are stable API, documented in
 * README.md ("Codes").
 */
import type { ModelSpec } from '../modelspec/types.js';

export type { FailureCode, RefusalCode, Warning } from '../codes/index.js';
import type { FailureCode, RefusalCode, Warning } from '../codes/index.js';
// Temporary, type-only: the conversion result types move to src/pipeline, which may import the oracle.
import type { Verification } from '../oracle/index.js';

export type { ColumnVerification, Verification } from '../oracle/index.js';

export interface RejectedColumn {
  header: string;
  /** Column letters, e.g. `D`. */
  column: string;
  reason: RefusalCode;
  detail: string;
  /** First offending cell, e.g. `Sheet1!D2`. */
  cell: string;
  formula: string;
}

export interface ConversionSuccess {
  valid: true;
  spec: ModelSpec;
  rejectedColumns: RejectedColumn[];
  verification?: Verification;
  warnings: Warning[];
}

export interface ConversionFailure {
  valid: false;
  reason: FailureCode;
  error: string;
  rejectedColumns?: RejectedColumn[];
  warnings?: Warning[];
}

export type ConversionResult = ConversionSuccess | ConversionFailure;

export interface ConvertOptions {
  /** Spec id; default from the file name. */
  modelId?: string;
  /** File name, used for the default id and messages. */
  filename?: string;
  /** Worksheet to read; default the first visible one. */
  sheet?: string;
  maxFileBytes?: number; // default 25 MiB
  maxRows?: number; // default 100,000
  maxColumns?: number; // default 200
  /** Character budget for the seed default value and the embedded tests (default 55,000). */
  seedBudget?: number;
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
