/**
 * One supported Excel function, declared once: its arguments (and so its arity), its lowering, the `$xl…`
 * helpers that lowering may emit, its catalogue text and its evidence. The supported set, the arity check,
 * the dispatch, `listFunctions` and the generated docs are all read from these entries (functions/index.ts).
 */
import type { ArgClass } from '../../../workbook/coercion.js';
import type { CallNode, CellNode, Node, RangeNode } from '../../../workbook/formula/ast.js';
import type { CellValue } from '../../../workbook/values.js';
import type { RangeOperand, SubtotalCover, ValueKind } from '../contract.js';
import type { Val } from '../value.js';
import type { RefusalCode } from '../../types.js';

/**
 * How an argument is read:
 * - `value`: one value; a cell reference is read as its value, a range is refused (implicit intersection);
 * - `reference`: a value, a cell or a range; a reference keeps reference semantics (SUM ignores its text);
 * - `range`: a range only (SUMPRODUCT's arrays);
 * - `table`: a constant range outside the data (VLOOKUP's table), embedded in the spec's library.
 */
export type ArgKind = 'value' | 'reference' | 'range' | 'table';

export type { ArgClass } from '../../../workbook/coercion.js';

export interface FunctionArg {
  /** Microsoft's name for it (`num_digits`). */
  name: string;
  kind: ArgKind;
  /**
   * How Excel converts a value given for it before the function sees it (a number, a date, a text, a
   * logical, ...): the row of the coercion table (src/workbook/coercion.ts) that holds this parameter.
   */
  class: ArgClass;
  /** May be left out (`[num_chars]`). */
  optional?: boolean;
  /** The last argument only: repeats up to 255 arguments in all (`number1, [number2], ...`). */
  repeats?: boolean;
}

/** One argument of a function when it is a reference (see `Lowering.refArray`). */
export interface RefArray {
  /** Text that can stand inside a JSONata array constructor (`a, b, c`, or an expression giving an array). */
  inner: string;
  kinds: ValueKind[];
  invariant: boolean;
  /** The table column it reads whole. */
  field?: string;
  /** The reference is one number, written as a literal. */
  literal?: number;
  /** Its values may be the not-established value (lower/value.ts `Val.ne`). */
  ne?: boolean;
}

/** What a function's lowering may call on the lowerer (lower.ts). */
export interface Lowering {
  /** Lowers an argument. */
  lower(node: Node): Val;
  /** A call to a library helper as a value. `from`: the lowered values whose text is in `args`. */
  helper(name: string, args: string[], kinds: ValueKind[], invariant: boolean, from?: readonly Val[]): Val;
  /** A call to a library helper as text (inside a bigger expression). */
  call(name: string, args: string[]): string;
  /** An argument that is a reference (a cell or a range) as array text; undefined for a scalar argument. */
  refArray(node: Node): RefArray | undefined;
  /** An argument that must be a range, resolved by the caller. */
  range(node: Node): RangeOperand;
  /** A row-invariant value computed once per evaluation (a root derivation in a workbook). */
  hoist(v: Val, hint: string): Val;
  /** A plain number result that may overflow, guarded: ±Infinity becomes #NUM!. */
  finite(v: Val): Val;
  /** Concatenation of text parts, as `&` does it. */
  concat(vals: Val[]): Val;
  /** Registers a constant (a lookup table) as a library value; returns its exported name. */
  libraryValue(nameHint: string, value: unknown): string;
  /** The workbook uses the 1904 date system. */
  readonly date1904: boolean;
  /** A text literal's value, or the text of a constant cell it references (`$F$1`); undefined otherwise. */
  constantText(node: Node): string | undefined;
  /** How a SUBTOTAL reference's cells stand towards nested SUBTOTALs (LowerContext.subtotalCover). */
  subtotalCover(node: CellNode | RangeNode): SubtotalCover;
  /** The call being lowered is the whole formula (its blank result reads as 0, as a cell's value does). */
  outermost(): boolean;
  /**
   * The sheet row of `ref` (a cell that moves with the row) or of the formula's own row (`ref` undefined),
   * read from the caller (LowerContext.row); refused where the caller knows no row. `at` names the call.
   */
  sheetRow(ref: CellNode | undefined, at: Node): Val;
  /** Refuses the formula, naming the offending node. */
  fail(code: RefusalCode, detail: string, node: { span: Node['span'] }): never;
}

export interface FunctionEntry {
  /** Upper case, as the parser gives it (`_xlfn.` removed). */
  name: string;
  /** The family file it lives in (`text`, `lookup`, ...): groups the docs. */
  family: string;
  /** Its arguments in order; the arity is read from them. */
  args: readonly FunctionArg[];
  /** Every `$xl…` helper its lowering may call directly (checked while lowering; dependencies come by themselves). */
  helpers: readonly string[];
  /** Lowers a call whose argument count is within the arity. Refuses with `l.fail`. */
  lower(call: CallNode, l: Lowering): Val;
  /** One line: what the function does. */
  summary: string;
  /** What the JSONata looks like. */
  lowering: string;
  /** The Excel behaviours kept (blanks, text, booleans, errors, refusals). */
  notes: string;
  /**
   * 15: the function is in the 15-digit tier (src/compiler/precision.ts): Excel's last bits are not
   * reproduced, so a derivation calling it is verified and marked at 15 significant digits. Left out: exact.
   */
  precision?: 15;
  /** One formula and its value (test/lower/functions.test.ts evaluates it). */
  example: { formula: string; cells?: Readonly<Record<string, CellValue>>; value: CellValue };
  evidence: FunctionEvidence;
}

/** Where the function's semantics come from. */
export interface FunctionEvidence {
  /** Golden case directories under fixtures/formulas holding cases that call it (`text`). */
  goldens: readonly string[];
  /** Excel-saved workbooks in the shared corpus, relative to it (`excel/xlcalculator/ROUND.xlsx`). */
  corpus?: readonly string[];
  /** Microsoft documentation relied on, by title (`ROUND function`). */
  microsoft: readonly string[];
  /** Other sources or derived cases, in a sentence. */
  other?: string;
}
