/**
 * The authoring tools as the front ends call them: by default in the sandbox (a child process with limits),
 * since they evaluate expressions an agent wrote; `inProcess` runs the ModelSpec runtime's own function
 * directly, without limits. The sandbox decides this, not src/modelspec, which knows nothing of the sandbox.
 * A limit or a cancellation ends in a CodedError with the sandbox's code (`TIMEOUT`, `RESOURCE_LIMIT`,
 * `CANCELLED`, ...): one error class for the callers.
 */
import { CodedError } from '../codes/index.js';
import type { CellValue } from '../workbook/values.js';
import {
  type DryRunResult,
  dryRunInProcess,
  type EvalRequest,
  type EvalResult,
  evalExpressionInProcess,
  type ModelSpec,
  type DryRunOptions,
  type SpecTest,
  type TestReport,
  testSpecInProcess,
  toEvalError,
  type ValidationReport,
  validateSpecInProcess,
} from '../modelspec/index.js';
import type { ColumnModeInput } from '../compiler/column-formula.js';
import type { SandboxLimits } from './limits.js';
import { runInSandbox } from './sandbox.js';
import type { SandboxTask } from './tasks.js';

export interface ToolOptions {
  /** Run in this thread, without limits. */
  inProcess?: boolean;
  limits?: Partial<SandboxLimits>;
  /** Cancels the call: the sandbox process is killed at once and the call fails with `CANCELLED`. */
  signal?: AbortSignal;
}

/** Runs a sandbox task, turning its coded errors into CodedErrors. */
async function sandboxed<T>(task: SandboxTask, payload: unknown, options: ToolOptions): Promise<T> {
  return runInSandbox<T>(task, payload, options.limits, options.signal);
}

/**
 * Validates a spec: structure, expressions, library rules, paths, cycles, tests. Runs in the sandbox (the
 * library is evaluated to list its exports); a limit ends in a CodedError (`TIMEOUT`, ...).
 */
export async function validateSpec(spec: unknown, options: ToolOptions = {}): Promise<ValidationReport> {
  if (options.inProcess) return validateSpecInProcess(spec);
  return sandboxed<ValidationReport>('validateSpec', { spec }, options);
}

/** Runs the embedded tests (or `cases`) in the sandbox. Throws CodedError for a broken spec or a limit. */
export async function testSpec(
  spec: ModelSpec,
  cases?: SpecTest[],
  options: ToolOptions = {},
): Promise<TestReport> {
  if (options.inProcess) return testSpecInProcess(spec, cases);
  return sandboxed<TestReport>('testSpec', { spec, cases }, options);
}

/** Runs a spec once in the sandbox with sample mutations. Throws CodedError for a broken spec or a limit. */
export async function dryRun(
  spec: ModelSpec,
  options: DryRunOptions = {},
  tool: ToolOptions = {},
): Promise<DryRunResult> {
  if (tool.inProcess) return dryRunInProcess(spec, options);
  return sandboxed<DryRunResult>('dryRun', { spec, options }, tool);
}

/**
 * Evaluates an expression in the sandbox. Limits end in `{ok: false, error: {code: 'TIMEOUT' |
 * 'RESOURCE_LIMIT' | 'RESULT_TOO_LARGE' | 'INPUT_TOO_LARGE'}}`; a cancellation throws (`CANCELLED`).
 */
export async function evalExpression(req: EvalRequest, options: ToolOptions = {}): Promise<EvalResult> {
  if (options.inProcess) return evalExpressionInProcess(req);
  try {
    return await sandboxed<EvalResult>('evalExpression', req, options);
  } catch (e) {
    if (e instanceof CodedError && e.code === 'CANCELLED') throw e;
    return { ok: false, error: toEvalError(e) };
  }
}

/** `translateFormula` (src/compiler/formula-command.ts) in the sandbox; a limit throws a CodedError. */
export function translateFormula(
  formula: string,
  cells: Record<string, CellValue> = {},
  options: ToolOptions = {},
): Promise<Record<string, unknown>> {
  return sandboxed('translateFormula', { formula, cells }, options);
}

/** `translateColumnFormula` (src/compiler/column-formula.ts) in the sandbox; a limit throws a CodedError. */
export function translateColumnFormula(
  formula: string,
  input: ColumnModeInput,
  options: ToolOptions = {},
): Promise<Record<string, unknown>> {
  return sandboxed('translateColumnFormula', { formula, input }, options);
}

/** The library of the named helpers (src/compiler/lower/library-merge.ts) in the sandbox. */
export function helperLibrary(
  helpers: string[],
  options: ToolOptions = {},
): Promise<Record<string, unknown>> {
  return sandboxed('helperLibrary', { helpers }, options);
}
