/**
 * The sheetspec library: the functions the CLI and the MCP server call.
 */
export { convert, convertWorkbook, compileWorkbook } from './compiler/convert.js';
export { convertSandboxed } from './compiler/convert-sandboxed.js';
export { translateFormula } from './compiler/index.js';
export { listFunctions } from './compiler/lower/index.js';
export { parseFormula, printFormula } from './workbook/formula/index.js';
export { readWorkbook, WorkbookError } from './workbook/index.js';
export { evaluateWorkbook, verifySpec } from './oracle/index.js';
export {
  dryRun,
  evalExpression,
  getDomainGuidance,
  runModel,
  testSpec,
  validateSpec,
} from './modelspec/index.js';
export type { ModelSpec } from './modelspec/index.js';
export type {
  ConversionFailure,
  ConversionResult,
  ConversionSuccess,
  ConvertOptions,
  RejectedColumn,
  Verification,
  Warning,
} from './compiler/types.js';
export type { CellValue, ErrorValue } from './workbook/index.js';
export { CODES, CodedError } from './codes/index.js';
export type {
  Budget,
  Code,
  CodeKind,
  FailureCode,
  RefusalCode,
  Stage,
  WarningCode,
} from './codes/index.js';
