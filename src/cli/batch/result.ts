/**
 * One file's outcome in a batch, as printed by `--json`/`--ndjson` and tabulated in the summary. The spec
 * itself is not in it (it is in the written file); everything a pipeline needs to decide about the file is.
 */
import type { CodesOfKind } from '../../pipeline/light.js';
import type { FailureCode, RefusalCode, RejectedColumn, Warning } from '../../pipeline/index.js';
import type { PoolOutcome } from './pool.js';
import { limitHint } from '../budgets.js';
import { oneLine } from '../output.js';

/**
 * Why a file produced no spec: the compiler's failure codes, plus the batch runner's own (`READ_FAILED`,
 * `WRITE_FAILED`, `INTERNAL_ERROR`; their meanings are in the code registry, src/codes/registry.ts).
 */
export type BatchFailureCode = FailureCode | CodesOfKind<'batch'>;

export interface FileResult {
  /** The workbook, relative to the working folder; `-` for stdin. */
  file: string;
  /** Where the spec was written; `null` when none was (a failure, or stdin → stdout). */
  output: string | null;
  valid: boolean;
  /** Present when `valid` is false. */
  reason?: BatchFailureCode;
  /** Present when `valid` is false: the coded reason's details. */
  error?: string;
  /** Formula columns compiled into per-row derivations (the count single-file `convert` prints). */
  compiled: number;
  /** Values computed once for the whole table (summary-row cells, whole-column aggregates). */
  aggregates: number;
  /** Refused columns counted by reason. */
  refused: Partial<Record<RefusalCode, number>>;
  rejectedColumns: RejectedColumn[];
  warnings: Warning[];
  /** Verification totals; `null` when the file was not verified (a failure). */
  verification: { cellsChecked: number; matched: number; disagreements: number } | null;
  /** Milliseconds spent converting (in the worker; queueing not counted). */
  ms: number;
}

/**
 * What a spec compiled, counted one way for single-file and batch output: per-row derivations (`[*]` in the
 * path) are formula columns; root ones (`$.sumTotal`) are aggregates. (The batch table used to count the
 * verified columns, which include the aggregates, so a workbook with a summary row showed more "compiled"
 * columns in batch than alone.)
 */
export function compiledCounts(spec: { derivations?: ReadonlyArray<{ path: string }> }): {
  compiled: number;
  aggregates: number;
} {
  const derivations = spec.derivations ?? [];
  const compiled = derivations.filter((d) => d.path.includes('[*]')).length;
  return { compiled, aggregates: derivations.length - compiled };
}

/** The batch result for one pool outcome. `output` is where the spec will go if the file is valid. */
export function toFileResult(file: string, outcome: PoolOutcome, output: string | null): FileResult {
  const ms = Math.round(outcome.ms);
  if (outcome.kind === 'error') {
    return failed(file, outcome.code, outcome.message, ms);
  }
  const r = outcome.result;
  const rejectedColumns = r.rejectedColumns ?? [];
  const refused: Partial<Record<RefusalCode, number>> = {};
  for (const c of rejectedColumns) refused[c.reason] = (refused[c.reason] ?? 0) + 1;
  if (!r.valid) {
    return {
      ...failed(file, r.reason, r.error, ms),
      refused,
      rejectedColumns,
      warnings: r.warnings ?? [],
    };
  }
  const v = r.verification;
  return {
    file,
    output,
    valid: true,
    ...compiledCounts(r.spec),
    refused,
    rejectedColumns,
    warnings: r.warnings,
    verification: v
      ? { cellsChecked: v.cellsChecked, matched: v.matched, disagreements: v.disagreements }
      : null,
    ms,
  };
}

export function failed(file: string, reason: BatchFailureCode, error: string, ms = 0): FileResult {
  return {
    file,
    output: null,
    valid: false,
    reason,
    error,
    compiled: 0,
    aggregates: 0,
    refused: {},
    rejectedColumns: [],
    warnings: [],
    verification: null,
    ms,
  };
}

/** Exit status for a finished batch: 1 if any file failed, or under `strict` any refusal or warning. */
export function batchExitCode(results: readonly FileResult[], strict: boolean): 0 | 1 {
  for (const r of results) {
    if (!r.valid) return 1;
    if (strict && (r.rejectedColumns.length > 0 || r.warnings.length > 0)) return 1;
  }
  return 0;
}

/** What {@link problemLines} reads: a FileResult or a ConversionResult. */
export interface Problems {
  valid: boolean;
  reason?: string;
  error?: string;
  /** The limit a RESOURCE_LIMIT ran into (`time`, `heap`, …). */
  budget?: string;
  rejectedColumns?: readonly RejectedColumn[];
  warnings?: readonly Warning[];
}

/**
 * The stderr lines for one workbook: its refusal as a whole, and with `withColumns` each refused column
 * and each warning. One format for single-file and batch `convert`: `sheetspec: <file>: <CODE>: <details>`.
 */
export function problemLines(file: string, r: Problems, withColumns: boolean): string[] {
  const lines: string[] = [];
  if (!r.valid) {
    const hint = r.reason === 'RESOURCE_LIMIT' ? limitHint(r.error, r.budget) : '';
    lines.push(`sheetspec: ${file}: ${r.reason}: ${r.error}${hint ? `; ${hint}` : ''}`);
  }
  if (withColumns) {
    for (const c of r.rejectedColumns ?? []) {
      lines.push(
        `sheetspec: ${file}: ${c.reason}: column ${c.column} "${c.header}" (${c.cell}): ${c.detail}`,
      );
    }
    for (const w of r.warnings ?? []) {
      lines.push(`sheetspec: ${file}: ${w.code}: ${w.cell ? `${w.cell}: ` : ''}${w.message}`);
    }
  }
  // Why: a cell's text (a header "abc\ndef") must not split a line: a reader of stderr line by line would see
  // a line without a code.
  return lines.map(oneLine);
}
