/**
 * The library functions the tools call, in one place. Each runs its work isolated with time and memory
 * budgets: the conversion in a fresh worker (`convertSandboxed`), the authoring tools and the formula command
 * in a fresh sandbox process (`runInSandbox`), so a hostile workbook, formula or expression cannot hang or
 * crash the server or leak into another call.
 */
import { convertSandboxed } from '../compiler/convert-sandboxed.js';
import { listFunctions as catalogueList } from '../compiler/lower/catalogue.js';
import type { ConversionResult, ConvertOptions } from '../compiler/types.js';
import type { CellValue } from '../workbook/values.js';
import { runInSandbox } from '../sandbox/index.js';
import {
  dryRun as specDryRun,
  evalExpression as specEval,
  testSpec as specTest,
  validateSpec as specValidate,
  type EvalRequest,
  type EvalResult,
  getDomainGuidance as specGuidance,
  type GuidanceResult,
  type ModelSpec,
  type RunOptions,
  type SpecTest,
  type TestReport,
  type ValidationReport,
} from '../modelspec/index.js';

type Loose = Record<string, unknown>;

export function convert(bytes: Uint8Array, options: ConvertOptions): Promise<ConversionResult> {
  return convertSandboxed(bytes, options);
}

export function validateSpec(spec: unknown): Promise<ValidationReport> {
  return specValidate(spec);
}

export function evalExpression(req: EvalRequest): Promise<EvalResult> {
  return specEval(req);
}

export function testSpec(spec: ModelSpec, cases?: SpecTest[]): Promise<TestReport> {
  return specTest(spec, cases);
}

export function dryRun(spec: ModelSpec, options: RunOptions): Promise<Loose> {
  return specDryRun(spec, options) as unknown as Promise<Loose>;
}

export function getDomainGuidance(topics?: string[]): Promise<GuidanceResult> {
  return specGuidance(topics);
}

/** `translateFormula` (src/compiler/formula-command.ts) in the sandbox; a budget hit throws a `CodedError`. */
export function translateFormula(formula: string, cells?: Record<string, CellValue>): Promise<Loose> {
  return runInSandbox<Loose>('translateFormula', { formula, cells: cells ?? {} });
}

export function listFunctions(query?: string): ReturnType<typeof catalogueList> {
  return catalogueList(query);
}

/** The whole function catalogue as JSON text (the `sheetspec://catalogue/functions` resource). */
export function catalogueText(): string {
  return JSON.stringify(catalogueList(), null, 2);
}
