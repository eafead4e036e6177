/**
 * The contract between the lowering (lower.ts: Excel AST → JSONata text with Excel's semantics) and its
 * callers (the workbook compiler, the formula command). The lowering knows Excel; the caller knows where a
 * reference points. Lowering never throws on user input: it returns a Refusal.
 */
import type { CellNode, NameNode, RangeNode, Span } from '../../workbook/formula/ast.js';
import type { RefusalCode } from '../types.js';
import type { CellValue } from '../../workbook/values.js';
import type { DateFunction } from '../../workbook/volatile.js';

/** The Excel value kinds an operand may take at run time. */
export type ValueKind = 'number' | 'string' | 'boolean' | 'blank' | 'error';

/** JSONata text that evaluates to an Excel value (see values.ts), with the kinds it may take. */
export interface Operand {
  expr: string;
  kinds: readonly ValueKind[];
  /**
   * Whether the text stands as an operand without parentheses: true (the default) for a name such as
   * `$parent.qty` or a plain literal; false for text such as `-5`, `"text"` or a call left in place.
   */
  atom?: boolean;
  /** The operand is this number, written as its literal (the formula command's cell values). */
  literal?: number;
  /** Set by `hoist` when the operand reads a root derivation: its name. */
  root?: string;
  /**
   * Whether the operand may be the not-established value (lower/value.ts `Val.ne`). Left out, an operand that
   * may be an error may be it too (a field another formula computes); a literal of the caller's says false.
   */
  ne?: boolean;
}

export interface Refusal {
  refused: true;
  code: RefusalCode;
  detail: string;
  span?: Span;
}

export function refuse(code: RefusalCode, detail: string, span?: Span): Refusal {
  return { refused: true, code, detail, span };
}

export function isRefusal(x: unknown): x is Refusal {
  return typeof x === 'object' && x !== null && (x as Refusal).refused === true;
}

/**
 * What a range argument resolves to:
 * - `cells`: a small fixed set of cells (a same-row range `B2:D2` expanded to fields or constants), in Excel's
 *   row-major order;
 * - `column`: one whole table column (`$D$2:$D$101` covering exactly the data rows): `expr` is JSONata
 *   giving the array of the column's Excel values in row order (e.g. `$$.items.amount`), `kinds` the kinds of
 *   its values. Only row-invariant aggregates may use it;
 * - `table`: a constant lookup table outside the data (for VLOOKUP), row-major values.
 */
export type RangeOperand =
  | { kind: 'cells'; cells: Operand[] }
  | {
      kind: 'column';
      expr: string;
      kinds: readonly ValueKind[];
      field: string;
      /**
       * Optional JSONata giving the row objects (`$$.items`). When set, SUMPRODUCT reads the field row by
       * row so a row missing the field keeps its position; without it `expr` must keep one entry per row.
       */
      rows?: string;
      /**
       * Optional JSONata giving the row objects, for functions that read several columns row by row (the
       * criteria functions); unlike `rows`, SUMPRODUCT does not read it.
       */
      items?: string;
      /** Whether its values may be the not-established value (as `Operand.ne`; left out: wherever an error may be). */
      ne?: boolean;
      /** Read as a whole sheet column (`C:C`, whole-ranges.ts): only its data rows, the rest blank or text. */
      whole?: true;
    }
  /** `whole`: a whole column or row bounded by the sheet's used range (whole-ranges.ts). */
  | { kind: 'table'; rows: CellValue[][]; nameHint: string; whole?: true };

export interface LowerContext {
  /** Resolves a single-cell reference (a same-row field, a constant, a blank cell, ...). */
  cell(node: CellNode): Operand | Refusal;
  /** Resolves a range used as a function argument. */
  range(node: RangeNode): RangeOperand | Refusal;
  /**
   * Called with a row-invariant subexpression (an aggregate over whole columns). The workbook compiler turns it
   * into a root derivation computed once per evaluation and returns an operand reading it (`$$.sumAmount`);
   * the formula command returns it unchanged. `nameHint` is a camelCase suggestion (`sumAmount`).
   */
  hoist(operand: Operand, nameHint: string): Operand;
  /**
   * Registers a constant value (a lookup table) as a library export and returns its exported name.
   */
  libraryValue(nameHint: string, value: unknown): string;
  /** The workbook uses the 1904 date system. */
  date1904?: boolean;
  /**
   * Resolves a defined name used as a single value (names.ts); without it every name is refused as
   * DEFINED_NAME.
   */
  name?(node: NameNode): Operand | Refusal;
  /**
   * The text a single-cell reference holds when it is a constant of the workbook (a locked cell outside the
   * data, no formula, holding text), read at compile time (TEXT's format code); undefined otherwise.
   */
  constantText?(node: CellNode): string | undefined;
  /**
   * How the cells a SUBTOTAL reference reads stand towards nested SUBTOTALs, which Excel leaves out
   * (compiler/nested-subtotals.ts); without it no cell holds a formula (`none`).
   */
  subtotalCover?(node: CellNode | RangeNode): SubtotalCover;
  /**
   * The sheet row (1-based) of a reference that moves with the row, as read from the formula's own row
   * (`ROW(A3)` in row 2 is its row + 1), or of the formula's own row (`node` undefined, `ROW()`). Only a
   * caller that knows the row has it (the workbook compiler: the items' row field); without it ROW() is refused.
   */
  row?(node: CellNode | undefined): Operand | Refusal;
  /**
   * The evaluation date a TODAY() or NOW() call reads (workbook/volatile.ts): the workbook compiler's root
   * input field (`$$.today`). Without it the call is refused as VOLATILE_FUNCTION (the formula command).
   */
  evaluationDate?(fn: DateFunction): Operand | Refusal;
}

/** See LowerContext.subtotalCover: `none`, `all` (every cell holds a SUBTOTAL), `mixed`, `aggregate`. */
export type SubtotalCover = 'none' | 'all' | 'mixed' | 'aggregate';

export interface Lowered {
  /** JSONata expression text. */
  expr: string;
  kinds: readonly ValueKind[];
  /** Names of the library helpers the expression calls (the library builder adds their dependencies). */
  helpers: string[];
  /** Root derivations the expression reads: the `root` of each hoisted operand left in its text. */
  roots: string[];
  /** It may give the not-established value (counted among the kinds as an error). */
  ne?: boolean;
}
