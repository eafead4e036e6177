/** The workbook compiler's public surface (see docs/compiler.md). */
export type { CellTarget, RangeTarget } from './analyse/resolver.js';
export type { ColumnPlan } from './analyse/columns.js';
export { analyseColumns, KIND_ORDER, kindsOf, rejection } from './analyse/columns.js';
export { Constants } from './analyse/parameters.js';
export { Resolver } from './analyse/resolver.js';
export { type FormulaReads, formulaReads } from './analyse/reads.js';
export type { Compilation, CompiledColumn, RootDerivation } from './derive/compiled.js';
export { compileRecognised } from './compile.js';
export { topoOrder } from './analyse/topo-order.js';
export { assignFieldNames, fieldName, NameAllocator } from './recognise/fields.js';
export {
  buildLibrary,
  HELPERS,
  readTableSource,
  resolveHelpers,
  TABLES_CONSTANT,
  type TableValue,
  writeLibrary,
} from './lower/library.js';
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
export { resolveName, substituteNames } from './recognise/names.js';
export { boundedRange, isWhole } from './lower/whole-ranges.js';
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
