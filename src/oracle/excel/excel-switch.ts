/**
 * SWITCH for the oracle (correction `logic`), independent of the compiler's lowering: the result paired with
 * the first value equal to the expression, else the default, else #N/A (Microsoft's SWITCH page). An error
 * expression passes; a number matches an equal number, a text the same text ignoring case, as `=` compares
 * (ironcalc logical.xlsx Sheet1!I4: "Wednesday" matches "WEDNESDAY", saved 3); a text never matches a number.
 * Undetermined: a blank or boolean expression, a value that is an error, blank or boolean, and numbers equal
 * only at 15 significant digits.
 */
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { raw, type Scalar, UNKNOWN } from './excel-scalars.js';
import { foldCase } from './excel-values.js';
import { round15 } from '../../workbook/precision.js';

/** Whether a value of the list matches the expression; undefined where Excel's answer is not established. */
function matches(s: number | string, v: Scalar): boolean | undefined {
  const c = raw(v);
  if (c instanceof CellError || c === EmptyValue || typeof c === 'boolean') return undefined;
  if (typeof s === 'number' && typeof c === 'number') {
    if (s === c) return true;
    return round15(s) === round15(c) ? undefined : false;
  }
  if (typeof s === 'string' && typeof c === 'string') return foldCase(s) === foldCase(c);
  return false;
}

export function excelSwitch(args: readonly Scalar[]): Scalar | CellError {
  const s = raw(args[0]!);
  if (s instanceof CellError) return s;
  if (s === EmptyValue || typeof s === 'boolean') return UNKNOWN();
  const rest = args.slice(1);
  const pairs = Math.floor(rest.length / 2);
  for (let i = 0; i < pairs; i++) {
    const m = matches(s as number | string, rest[2 * i]!);
    if (m === undefined) return UNKNOWN();
    if (m) return rest[2 * i + 1]!;
  }
  return rest.length % 2 === 1 ? rest.at(-1)! : new CellError(ErrorType.NA);
}
