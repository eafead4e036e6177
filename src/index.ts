/**
 * The sheetspec library: the functions the CLI and the MCP server call.
 */
export { convert, DEFAULT_CONVERT_BUDGET, listFunctions, verifySpec } from './pipeline/index.js';
export { translateFormula } from './authoring/index.js';
export { parseFormula, printFormula } from './workbook/formula/index.js';
export { readWorkbook, WorkbookError } from './workbook/index.js';
export { evaluateWorkbook } from './oracle/index.js';
export { getDomainGuidance, runModel } from './modelspec/index.js';
export { dryRun, evalExpression, testSpec, validateSpec } from './authoring/index.js';
export type { ModelSpec } from './modelspec/index.js';
export type {
  ConversionFailure,
  ConversionResult,
  ConversionSuccess,
  ConvertOptions,
  Isolation,
  RejectedColumn,
  Verification,
} from './pipeline/index.js';
export type { CellValue, ErrorValue } from './workbook/index.js';
export { CODES, CodedError } from './codes/index.js';
export type {
  Budget,
  Code,
  CodeKind,
  FailureCode,
  RefusalCode,
  Stage,
  Warning,
  WarningCode,
} from './codes/index.js';
