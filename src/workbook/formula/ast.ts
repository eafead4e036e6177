/**
 * The one formula AST the compiler sees. The parser adapter (parser.ts) maps @borgar/fx's tree onto
 * these kinds; nothing outside src/workbook/formula knows fx exists.
 *
 * - A discriminated union on `kind`; one `Binary {op}` node for every infix operator.
 * - Every node carries `span` in UTF-16 offsets into the formula text *without* its leading `=`.
 * - Rows and columns are 0-based (A1 is row 0, col 0), like fx and HyperFormula; `a1()` renders them.
 * - A reference's sheet/workbook prefix is kept as written (unquoted): `'My Sheet'!A1` has sheet `My Sheet`.
 */

export interface Span {
  start: number;
  end: number;
}

export type ExcelErrorCode =
  | '#NULL!'
  | '#DIV/0!'
  | '#VALUE!'
  | '#REF!'
  | '#NAME?'
  | '#NUM!'
  | '#N/A'
  | '#GETTING_DATA'
  | '#SPILL!'
  | '#CALC!'
  | '#FIELD!'
  | '#BLOCKED!'
  | '#UNKNOWN!'
  | '#CONNECT!'
  | '#BUSY!'
  | '#PYTHON!';

export const ERROR_CODES: readonly ExcelErrorCode[] = [
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BLOCKED!',
  '#UNKNOWN!',
  '#CONNECT!',
  '#BUSY!',
  '#PYTHON!',
];

/** The prefix of a reference: `[Book1]Sheet1!A1` has workbook `Book1` and sheet `Sheet1`. */
export interface RefScope {
  workbook?: string;
  sheet?: string;
}

/** One end of a range. `row` is null for a whole-column range (`A:A`), `col` null for a whole row (`1:1`). */
export interface RangeEnd {
  row: number | null;
  col: number | null;
  rowAbs: boolean;
  colAbs: boolean;
}

export interface NumberNode {
  kind: 'number';
  value: number;
  span: Span;
}
export interface StringNode {
  kind: 'string';
  value: string;
  span: Span;
}
export interface BooleanNode {
  kind: 'boolean';
  value: boolean;
  span: Span;
}
export interface ErrorNode {
  kind: 'error';
  value: ExcelErrorCode;
  span: Span;
}
/** A single cell: `B2`, `$B$2`, `Sheet2!B2`. */
export interface CellNode extends RefScope {
  kind: 'cell';
  row: number;
  col: number;
  rowAbs: boolean;
  colAbs: boolean;
  span: Span;
}
/** A rectangular range, whole columns (`A:C`) or whole rows (`1:3`). `start` is top-left after normalisation. */
export interface RangeNode extends RefScope {
  kind: 'range';
  start: RangeEnd;
  end: RangeEnd;
  span: Span;
}
/** A defined name (`TaxRate`), possibly sheet-scoped. */
export interface NameNode extends RefScope {
  kind: 'name';
  name: string;
  span: Span;
}
/** A structured (table) reference: `Table1[Price]`, `[@Qty]`, kept as text. */
export interface StructuredRefNode extends RefScope {
  kind: 'structured';
  text: string;
  table?: string;
  columns: string[];
  sections: string[];
  span: Span;
}
/** A function call. `name` is upper-case with any `_xlfn.`/`_xlws.` prefix removed; `prefix` keeps it. */
export interface CallNode {
  kind: 'call';
  name: string;
  prefix?: string;
  args: Node[];
  span: Span;
}
export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '^'
  | '&'
  | '='
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>='
  | ':'
  | ','
  | ' ';
export interface BinaryNode {
  kind: 'binary';
  op: BinaryOp;
  left: Node;
  right: Node;
  span: Span;
}
export interface UnaryNode {
  kind: 'unary';
  op: '-' | '+' | '@';
  operand: Node;
  span: Span;
}
/** Postfix percent: `50%` is `50/100`. */
export interface PercentNode {
  kind: 'percent';
  operand: Node;
  span: Span;
}
/** An array constant `{1,2;3,4}`: rows of literal nodes. */
export interface ArrayNode {
  kind: 'array';
  rows: Node[][];
  span: Span;
}
/** An omitted argument: `IF(A1,,2)`. */
export interface MissingNode {
  kind: 'missing';
  span: Span;
}
/** Anything else fx can parse that the compiler never lowers (LAMBDA, LET, ...), kept for refusals. */
export interface OtherNode {
  kind: 'other';
  what: string;
  span: Span;
  /** The source text of the construct, when known (the printer renders it back as written). */
  text?: string;
}

export type Node =
  | NumberNode
  | StringNode
  | BooleanNode
  | ErrorNode
  | CellNode
  | RangeNode
  | NameNode
  | StructuredRefNode
  | CallNode
  | BinaryNode
  | UnaryNode
  | PercentNode
  | ArrayNode
  | MissingNode
  | OtherNode;

export type NodeKind = Node['kind'];

export function assertNever(x: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(x)}`);
}

/** Column index (0-based) to letters: 0 → A, 26 → AA. */
export function colName(col: number): string {
  let s = '';
  let n = col + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** 0-based (row, col) to an A1 address; `a1(1, 2)` is `C2`. */
export function a1(row: number, col: number): string {
  return `${colName(col)}${row + 1}`;
}

/** `'My Sheet'!D2`: a cell address with its sheet, quoted when the name needs it (as Excel writes it). */
export function sheetCell(sheet: string, row: number, col: number): string {
  const quoted = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${quoted}!${a1(row, col)}`;
}
