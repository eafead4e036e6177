/** The workbook compiler's public surface (see docs/compiler.md). */
export type { CellTarget, ColumnPlan, RangeTarget } from './analyse.js';
export { analyseColumns, Constants, KIND_ORDER, kindsOf, Resolver, rejection } from './analyse.js';
export type { Compilation, CompiledColumn, RootDerivation } from './compile.js';
export { compileRecognised, topoOrder } from './compile.js';
export { assignFieldNames, fieldName, NameAllocator } from './fields.js';
export { buildLibrary, HELPERS, resolveHelpers, writeLibrary } from './lower/library.js';
// What the authoring tools (src/authoring: one formula, column mode, library merging) lower with.
export {
  isRefusal,
  type LowerContext,
  type Operand,
  type RangeOperand,
  type Refusal,
  refuse,
  type ValueKind,
} from './lower/contract.js';
export { lowerFormula } from './lower/lower.js';
export { resolveName, substituteNames } from './names.js';
export { boundedRange, isWhole } from './whole-ranges.js';
export type {
  ArgKind,
  FunctionArg,
  FunctionEntry,
  FunctionEvidence,
  OperatorEntry,
} from './functions/index.js';
export {
  arityOf,
  FUNCTIONS,
  OPERATORS,
  SUPPORTED_FUNCTIONS,
  signatureOf,
  VOLATILE_FUNCTIONS,
} from './functions/index.js';
export type { CatalogueEntry } from './lower/catalogue.js';
export { CATALOGUE, listFunctions } from './lower/catalogue.js';
export type { BuildSpecInput, BuiltSpec, KeptParts } from './spec-builder.js';
export {
  buildSpec,
  DEFAULT_SEED_BUDGET,
  ERROR_VALUE_SCHEMA,
  keptParts,
  seedDocument,
  specId,
  typeSchema,
} from './spec-builder.js';
export type {
  RecognisedTable,
  RecogniseFailure,
  RecogniseOptions,
  SummaryCell,
  TableColumn,
} from './table.js';
export { DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS, isRecogniseFailure, recogniseTable } from './table.js';
export type { FailureCode, RefusalCode, RejectedColumn, Warning } from './types.js';
