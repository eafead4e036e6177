/**
 * The coercion table, one home: what Excel does with an argument's value before the function sees it, by the
 * parameter's class (every parameter of the function table names one: src/compiler/functions/types.ts), the
 * value's kind (value-kinds.ts) and whether the value is typed in the call (`direct`) or read through a
 * reference. Each entry says what the value becomes, the error it gives, that it is left out, or that Excel's
 * answer is not established, with its evidence: a cell Excel saved (file, cell, formula, saved value) or a
 * Microsoft page and its sentence. An entry without evidence is not established, never a guess.
 *
 * It lives in src/workbook (cell values) so that the compiler and the oracle may both read it;
 * test/coercion.test.ts evaluates each entry with an outcome through the lowering and the oracle, and
 * scripts/coercion-evidence.ts mines the corpus for the cells cited here.
 */
import type { ExcelErrorCode } from './formula/ast.js';
import type { ValueKindName } from './value-kinds.js';
import type { CellValue } from './values.js';

export type ArgClass =
  | 'number'
  | 'toolpak-number'
  | 'date'
  | 'digits'
  | 'text'
  | 'logical'
  | 'numbers'
  | 'counted'
  | 'logicals'
  | 'texts'
  | 'criterion'
  | 'range'
  | 'any';
