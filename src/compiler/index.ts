/** The workbook compiler's public surface (see docs/compiler.md). */
export type { CellTarget, RangeTarget } from './analyse/resolver.js';
export type { ColumnPlan } from './analyse/columns.js';
export { analyseColumns, kindsOf, rejection } from './analyse/columns.js';
export { Constants } from './analyse/parameters.js';
export { Resolver } from './analyse/resolver.js';
export type { Compilation, CompiledColumn, RootDerivation } from './derive/compiled.js';
export { compileRecognised } from './compile.js';
export { topoOrder } from './analyse/topo-order.js';
export { assignFieldNames, fieldName, NameAllocator } from './recognise/fields.js';
export { type ColumnModeInput, type ColumnTranslation, translateColumnFormula } from './column-formula.js';
export { type TranslateResult, translateFormula } from './formula-command.js';
export { helperLibrary, libraryParts, type MergedLibrary, mergeLibrary } from './lower/library-merge.js';
export { buildLibrary } from './lower/library.js';
export type {
  ArgKind,
  FunctionArg,
  FunctionEntry,
  FunctionEvidence,
  OperatorEntry,
} from './lower/functions/index.js';
export {
  arityOf,
  FUNCTIONS,
  OPERATORS,
  SUPPORTED_FUNCTIONS,
  signatureOf,
  VOLATILE_FUNCTIONS,
} from './lower/functions/index.js';
export type { CatalogueEntry } from './lower/catalogue.js';
export { CATALOGUE, listFunctions } from './lower/catalogue.js';
export type { BuildSpecInput, BuiltSpec, KeptParts } from './assemble/spec-builder.js';
export {
  buildSpec,
  DEFAULT_SEED_BUDGET,
  ERROR_VALUE_SCHEMA,
  keptParts,
  seedDocument,
  specId,
  typeSchema,
} from './assemble/spec-builder.js';
export type {
  RecognisedTable,
  RecogniseFailure,
  RecogniseOptions,
  SummaryCell,
  TableColumn,
} from './recognise/recognised.js';
export { DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS, isRecogniseFailure } from './recognise/recognised.js';
export { recogniseTable } from './recognise/table.js';
export type { FailureCode, RefusalCode, RejectedColumn, Warning } from './types.js';
// What translate_formula and library merging read from the compiler, so that they can read it through this door.
export { KIND_ORDER } from './analyse/columns.js';
export type { LowerContext, Operand, RangeOperand, Refusal, ValueKind } from './lower/contract.js';
export { isRefusal, refuse } from './lower/contract.js';
export { HELPERS, resolveHelpers, writeLibrary } from './lower/library.js';
export { lowerFormula } from './lower/lower.js';
export { boundedRange, isWhole } from './lower/whole-ranges.js';
export { resolveName, substituteNames } from './recognise/names.js';
