export type {
  ArrayNode,
  BinaryNode,
  BinaryOp,
  BooleanNode,
  CallNode,
  CellNode,
  ErrorNode,
  ExcelErrorCode,
  MissingNode,
  NameNode,
  Node,
  NodeKind,
  NumberNode,
  OtherNode,
  PercentNode,
  RangeEnd,
  RangeNode,
  RefScope,
  Span,
  StringNode,
  StructuredRefNode,
  UnaryNode,
} from './ast.js';
export { a1, assertNever, colName, ERROR_CODES, sheetCell } from './ast.js';
export type { Diagnostic, FormulaDiagnosticCode, Severity } from './diagnostics.js';
export { FORMULA_MESSAGES, formatMessage, formulaDiagnostic } from './diagnostics.js';
export type { ParseOptions, ParseResult } from './parser.js';
export {
  BINARY_PRECEDENCE,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_LENGTH,
  PERCENT_PRECEDENCE,
  parseFormula,
  tooDeepAt,
  UNARY_PRECEDENCE,
} from './parser.js';
export { AS_SAVED_PARSE_LIMITS } from './limits.js';
export { printFormula } from './print.js';
export type { ShiftForm, StrictShift } from './r1c1.js';
export { cellId, prepareStrictShift, shiftFormula, toR1C1 } from './r1c1.js';
export type { A1Twin, FormulaAt, PreparedTwin, TableBox } from './structured.js';
export {
  dataRows,
  prepareA1Twin,
  structuredItems,
  structuredToA1,
  tableBoxes,
  tableOf,
} from './structured.js';
export { mapChildren, someNode, walk } from './walk.js';
