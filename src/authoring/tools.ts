/**
 * The authoring tools as the front ends call them: by default in the sandbox (a child process with limits,
 * running a task of tasks.ts), since they evaluate expressions an agent wrote; `inProcess` runs the ModelSpec
 * runtime's own function directly, without limits. This area decides it: src/modelspec knows nothing of the
 * sandbox, and the sandbox nothing of what it runs.
 * A limit or a cancellation ends in a CodedError with the sandbox's code (`TIMEOUT`, `RESOURCE_LIMIT`,
 * `CANCELLED`, ...): one error class for the callers.
 */
import { CodedError } from '../codes/index.js';
import type { CellValue } from '../workbook/index.js';
import {
  DEFAULT_MAX_INPUT_CHARS,
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
import { DEFAULT_LIMITS, runInSandbox, type SandboxLimits } from '../sandbox/index.js';
import { entryModule } from '../workers/index.js';
import type { ColumnModeInput } from './column-formula.js';
import type { AuthoringTask } from './tasks.js';

/** The task module the sandbox loads for an authoring call (tasks.ts, from source or dist/). */
export const TASK_MODULE: URL = entryModule(import.meta.url, './tasks');

/** An authoring call's limits: the sandbox's, and inputs as large as a spec file read from disk. */
export const AUTHORING_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  ...DEFAULT_LIMITS,
  maxInputChars: DEFAULT_MAX_INPUT_CHARS,
});

export interface ToolOptions {
  /** Run in this thread, without limits. */
  inProcess?: boolean;
  limits?: Partial<SandboxLimits>;
  /** Cancels the call: the sandbox process is killed at once and the call fails with `CANCELLED`. */
  signal?: AbortSignal;
}

/** Runs an authoring task in the sandbox, under the authoring limits and the call's own. */
async function sandboxed<T>(task: AuthoringTask, payload: unknown, options: ToolOptions): Promise<T> {
  const limits = { ...AUTHORING_LIMITS, ...options.limits };
  return runInSandbox<T>({ module: TASK_MODULE, task }, payload, limits, options.signal);
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

/** `translateFormula` (formula-command.ts) in the sandbox; a limit throws a CodedError. */
export function translateFormulaInSandbox(
  formula: string,
  cells: Record<string, CellValue> = {},
  options: ToolOptions = {},
): Promise<Record<string, unknown>> {
  return sandboxed('translateFormula', { formula, cells }, options);
}

/** `translateColumnFormula` (column-formula.ts) in the sandbox; a limit throws a CodedError. */
export function translateColumnFormulaInSandbox(
  formula: string,
  input: ColumnModeInput,
  options: ToolOptions = {},
): Promise<Record<string, unknown>> {
  return sandboxed('translateColumnFormula', { formula, input }, options);
}

/** The library of the named helpers (library-merge.ts) in the sandbox. */
export function helperLibraryInSandbox(
  helpers: string[],
  options: ToolOptions = {},
): Promise<Record<string, unknown>> {
  return sandboxed('helperLibrary', { helpers }, options);
}
