/**
 * The convert pipeline (read → recognise → compile → oracle → verify → assemble): the only area that imports
 * both the compiler and the oracle. `convert` is its one entry.
 */
export {
  catalogueText,
  type ListedEntry,
  listFunctions,
  lookupFunction,
  type OracleTreatment,
  oracleTreatment,
  searchCatalogue,
  searchRefusals,
} from './catalogue.js';
export { convert } from './convert.js';
export { WarmConverter, type WarmOptions } from './warm.js';
export type { Draft, DraftColumn, DraftField, DraftReason } from './draft.js';
export { failureReport, REPORT_ROWS } from './report.js';
export type { FailureCode, RefusalCode, Warning } from '../codes/index.js';
export type { RejectedColumn } from '../compiler/index.js';
export type {
  CellClass,
  ClassCounts,
  ColumnVerification,
  ListedCell,
  Mismatch,
  Verification,
} from '../oracle/index.js';
export {
  type ConversionFailure,
  type ConversionResult,
  type ConversionSuccess,
  type ConvertOptions,
  DEFAULT_CONVERT_BUDGET,
  type Isolation,
  type PipelineOptions,
  type RefusedColumn,
} from './types.js';
