/**
 * Excel's MEDIAN, LARGE/SMALL and RANK/RANK.EQ for the oracle (SSX.* in functions/aggregate.ts), written apart
 * from the lowering's JSONata. Why corrected: HyperFormula 3.5 has no RANK, and its LARGE/SMALL read a value
 * written directly as no data (`SMALL(TRUE,1)`, `SMALL("3.4",1)` #NUM!; Excel 1 and 3.4: ironcalc
 * SMALL_LARGE.xlsx H4, J3). The numbers come already read as SUM reads them (a reference only its numbers,
 * a direct value coerced); the evidence for each rule is in docs/oracle.md.
 */
import { CellError, ErrorType } from '../hf.js';
import { raw, type Scalar, toNumber, UNKNOWN } from './excel-scalars.js';

const NUM = () => new CellError(ErrorType.NUM);
const NA = () => new CellError(ErrorType.NA);

/** MEDIAN of the numbers: the middle one, or the mean of the two middle ones; none #NUM!. */
export function excelMedian(nums: readonly number[]): number | CellError {
  if (nums.length === 0) return NUM();
  const s = [...nums].sort((a, b) => a - b);
  const h = Math.floor(s.length / 2);
  if (s.length % 2 === 1) return s[h]!;
  const sum = s[h - 1]! + s[h]!;
  // Why: where the two middle numbers' sum overflows, Excel's answer is not shown by any saved cell.
  return Number.isFinite(sum) ? sum / 2 : UNKNOWN();
}

/**
 * LARGE (`largest`) or SMALL: the k-th number from that end; k ≤ 0 or past the count #NUM! (Microsoft's LARGE
 * page). A k that is not whole: Excel's reading is not documented, so only where the positions on either side
 * of it give the same answer.
 */
export function excelKth(nums: readonly number[], kArg: Scalar, largest: boolean): number | CellError {
  const k = toNumber(kArg);
  if (k instanceof CellError) return k;
  const s = [...nums].sort((a, b) => (largest ? b - a : a - b));
  const at = (i: number): number | undefined => (i >= 1 && i <= s.length ? s[i - 1] : undefined);
  if (k <= 0 || s.length === 0) return NUM();
  const lo = at(Math.floor(k));
  const hi = at(Math.ceil(k));
  if (lo === undefined && hi === undefined) return NUM();
  return lo !== undefined && lo === hi ? lo : UNKNOWN();
}

/**
 * RANK / RANK.EQ: 1 + the count of the reference's numbers before `x` (greater, or smaller when the order is
 * not 0); ties share a rank; `x` absent #N/A. Non-numbers in the reference are ignored (Microsoft's RANK.EQ
 * page: "Non-numeric values in ref are ignored"); an error there, and a number within 15 digits of `x` but
 * not equal, are not established.
 */
export function excelRank(
  xArg: Scalar,
  cells: readonly Scalar[],
  orderArg: Scalar | undefined,
): number | CellError {
  const x = toNumber(xArg);
  if (x instanceof CellError) return x;
  const order = orderArg === undefined ? 0 : toNumber(orderArg);
  if (order instanceof CellError) return order;
  const nums: number[] = [];
  for (const c of cells) {
    const v = raw(c);
    if (v instanceof CellError) return UNKNOWN();
    if (typeof v === 'number') nums.push(v);
  }
  if (nums.some((n) => n !== x && Math.abs(n - x) <= 1e-14 * Math.abs(x))) return UNKNOWN();
  if (!nums.includes(x)) return NA();
  return 1 + nums.filter((n) => (order !== 0 ? n < x : n > x)).length;
}
