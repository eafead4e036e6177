export { sameValue, equalAt15 } from './compare.js';
export { excelNumberToText, excelRound } from './corrections.js';
export {
  evaluateWorkbook,
  excelConfig,
  type EvaluateOptions,
  noOracleValues,
  type OracleValues,
} from './hyperformula.js';
export {
  evaluateWorkbookInThread,
  OracleThreadError,
  type OracleThreadErrorCode,
  type OracleThreadOptions,
} from './oracle-thread.js';
export {
  isEngineError,
  referenceValue,
  verifySpec,
  type Mismatch,
  type VerifyInput,
  type VerifyOutcome,
} from './verify.js';
export {
  CELL_CLASSES,
  type CellClass,
  type ClassCounts,
  type ColumnVerification,
  type Judge,
  type ListedCell,
  type Verification,
} from './types.js';
export {
  ALL_CORRECTIONS,
  type CallCorrection,
  CORRECTED_CALLS,
  CORRECTED_OPERATORS,
  CORRECTIONS,
  type CorrectionName,
  type OracleTreatment,
  oracleTreatment,
  SSX_FUNCTIONS,
  type SsxName,
} from './registry.js';
