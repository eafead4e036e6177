export { sameValue, equalAt15 } from './compare.js';
export { excelNumberToText, excelRound } from './corrections.js';
export { evaluateWorkbook, excelConfig, type EvaluateOptions, type OracleValues } from './hyperformula.js';
export { verifySpec, type Mismatch, type VerifyInput, type VerifyOutcome } from './verify.js';
export type { ColumnVerification, Verification } from './types.js';
