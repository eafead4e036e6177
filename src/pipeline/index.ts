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
// The front ends' light entry (convert, its options and results, budgets, a failure's report), and beside it
// what only the library needs.
export * from './light.js';
export type { Draft, DraftColumn, DraftField, DraftReason } from './draft.js';
export type { RejectedColumn } from '../compiler/index.js';
export type { CellClass, ClassCounts, ColumnVerification, ListedCell } from './verify/types.js';
export { type Mismatch, type VerifyInput, type VerifyOutcome, verifySpec } from './verify/verify-spec.js';
