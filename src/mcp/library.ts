/**
 * The library functions the tools call, in one place. Each runs its work isolated with time and memory
 * budgets: the conversion in a fresh worker (`convert` with `isolation: 'worker'`), the authoring tools and
 * the formula command in a fresh sandbox process, so a hostile workbook, formula or expression cannot hang or
 * crash the server or leak into another call. Each takes the tool call's `signal`: a client that cancels or
 * hangs up ends the call's worker or sandbox process at once.
 */
import {
  type CellValue,
  type ConversionResult,
  type ConvertOptions,
  convert as pipelineConvert,
  DEFAULT_CONVERT_BUDGET,
  type WarmConverter,
} from '../pipeline/light.js';
import {
  type ColumnModeInput,
  dryRun as sandboxDryRun,
  evalExpression as sandboxEval,
  helperLibraryInSandbox,
  testSpec as sandboxTest,
  type ToolOptions,
  translateColumnFormulaInSandbox,
  translateFormulaInSandbox,
  validateSpec as sandboxValidate,
} from '../authoring/light.js';
import {
  type EvalRequest,
  type EvalResult,
  getDomainGuidance as specGuidance,
  guidanceTopicIds,
  type GuidanceResult,
  type ModelSpec,
  type DryRunOptions,
  type SpecTest,
  type TestReport,
  type ValidationReport,
} from '../modelspec/index.js';

type Loose = Record<string, unknown>;

/**
 * Converts in a worker under the default budgets (`DEFAULT_CONVERT_BUDGET`): the process's kept worker when
 * it has one and it is free (src/pipeline/warm.ts), else a fresh one.
 */
export function convert(
  bytes: Uint8Array,
  options: Omit<ConvertOptions, 'isolation'>,
  signal?: AbortSignal,
  converter?: WarmConverter,
): Promise<ConversionResult> {
  const isolated: ConvertOptions = { ...DEFAULT_CONVERT_BUDGET, ...options, isolation: 'worker', signal };
  return converter ? converter.convert(bytes, isolated) : pipelineConvert(bytes, isolated);
}

/** How an authoring call runs in its sandbox: the call's signal, and the operator's time budget. */
export interface SandboxCall {
  signal?: AbortSignal;
  /** Wall-clock budget of the sandbox, ms (default the sandbox's, 2 s; `serve --eval-timeout`). */
  timeoutMs?: number;
}

function sandboxOptions(call: SandboxCall): ToolOptions {
  return {
    signal: call.signal,
    ...(call.timeoutMs === undefined ? {} : { limits: { timeoutMs: call.timeoutMs } }),
  };
}

export function validateSpec(spec: unknown, call: SandboxCall = {}): Promise<ValidationReport> {
  return sandboxValidate(spec, sandboxOptions(call));
}

export function evalExpression(req: EvalRequest, call: SandboxCall = {}): Promise<EvalResult> {
  return sandboxEval(req, sandboxOptions(call));
}

export function testSpec(spec: ModelSpec, cases?: SpecTest[], call: SandboxCall = {}): Promise<TestReport> {
  return sandboxTest(spec, cases, sandboxOptions(call));
}

export function dryRun(spec: ModelSpec, options: DryRunOptions, call: SandboxCall = {}): Promise<Loose> {
  return sandboxDryRun(spec, options, sandboxOptions(call)) as unknown as Promise<Loose>;
}

/** Every guidance topic id (the `get_domain_guidance` input schema enumerates them). */
export const topicIds = (): string[] => guidanceTopicIds();

export function getDomainGuidance(topics?: string[]): Promise<GuidanceResult> {
  return specGuidance(topics);
}

/** `translateFormula` (src/authoring/formula-command.ts) in the sandbox; a budget hit throws a SpecError. */
export function translateFormula(
  formula: string,
  cells?: Record<string, CellValue>,
  call: SandboxCall = {},
): Promise<Loose> {
  return translateFormulaInSandbox(formula, cells ?? {}, sandboxOptions(call));
}

/** Column mode (src/authoring/column-formula.ts) in the sandbox: the general derivation of a column. */
export function translateColumnFormula(
  formula: string,
  input: ColumnModeInput,
  call: SandboxCall = {},
): Promise<Loose> {
  return translateColumnFormulaInSandbox(formula, input, sandboxOptions(call));
}

/** The library of the named helpers, in the sandbox. */
export function helperLibrary(helpers: string[], call: SandboxCall = {}): Promise<Loose> {
  return helperLibraryInSandbox(helpers, sandboxOptions(call));
}

/** The function catalogue (compiler table joined with the oracle's treatment): one home, in the pipeline. */
export {
  catalogueText,
  listFunctions,
  lookupFunction,
  searchCatalogue,
  searchRefusals,
} from '../pipeline/index.js';
