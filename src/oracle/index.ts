export { sameValue, equalAt15 } from './compare.js';
export { excelNumberToText, excelRound } from './excel/corrections.js';
export { evaluateWorkbook, type EvaluateOptions } from './engine/hyperformula.js';
export { datedWorkbook } from './engine/evaluation-dates.js';
export { excelConfig, noOracleValues, type OracleValues } from './engine/engine.js';
export {
  evaluateWorkbookInThread,
  keepOracleThread,
  keptOracleIdle,
  OracleThreadError,
  type OracleThreadErrorCode,
  type OracleThreadOptions,
} from './engine/oracle-thread.js';
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
} from './excel/registry.js';
