export { sameValue, equalAt15 } from './compare.js';
export { CORRECTED_FUNCTIONS, excelNumberToText, excelRound } from './corrections.js';
export { evaluateWorkbook, excelConfig, type EvaluateOptions, type OracleValues } from './hyperformula.js';
export {
  evaluateWorkbookInThread,
  OracleThreadError,
  type OracleThreadErrorCode,
  type OracleThreadOptions,
} from './oracle-thread.js';
export {
  type ColumnVerification,
  type Mismatch,
  type Verification,
  type VerifyInput,
  type VerifyOutcome,
  verifySpec,
} from './verify.js';
