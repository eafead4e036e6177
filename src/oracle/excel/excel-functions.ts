/**
 * Corrected operators and functions for the supported set, where HyperFormula 3.5 (configured like Excel)
 * still answers differently from Excel. Each is a custom HyperFormula function under an `SSX.` name that the
 * rewriter (rewrite.ts) puts in place of the operator or call; the list with Excel's evidence is in
 * docs/oracle.md ("Corrections"). Probed against HyperFormula 3.5 in test/oracle/excel-gaps.test.ts. Their
 * HyperFormula metadata and what routes to them are in registry.ts; the scalar rules they share (coercion,
 * comparison, summation) in excel-scalars.ts.
 *
 * - `arith` (`+ - * / ^`, unary `-`, `%` → SSX.ADD/SUB/MUL/DIV/POW/NEG/PCT): HyperFormula reads `""` as 0
 *   (Excel #VALUE!: FormulaEvalTestData_Copy.xlsx EverythingTests!M59 `""*"1"`, I59 `E7*C7`, J83 `-E7`,
 *   N71 `E7^C7`, H96 `ABS(E7)`, K1180 `ROUND(E7,C7)` with E7 = `""`; H67 `1000%%` is 0.1), reads text with its own
 *   number/date parser (`"1,000"` #VALUE!, `"1 1/2"` a date, `"1.2.3"` a date; Excel 1000, ...), gives 1 for
 *   `0^0` (Excel #NUM!) and #NUM! for `0^-1` (Excel #DIV/0!). Text is read by `excelTextToNumber`.
 * - `text` (LEN, LEFT, RIGHT, MID, UPPER, LOWER, TRIM → SSX.*): a number argument is written the way Excel
 *   writes it (`excelNumberToText`: `LEN(1/3)` is 17 in Excel, 18 in HyperFormula; `LOWER(1E+21)` is `1e+21`
 *   in HyperFormula). LEN/LEFT/MID/RIGHT count UTF-16 code units; TRIM removes spaces only.
 * - `logic`: IF's and NOT's condition goes through SSX.COND (`""` or text other than TRUE/FALSE is #VALUE!;
 *   HyperFormula reads `""` as FALSE); AND/OR → SSX.AND/SSX.OR, which ignore text and blanks inside
 *   references (`AND(A1,TRUE)` with A1 text or blank is TRUE; HyperFormula #VALUE! / FALSE) and give #VALUE!
 *   when no logical value is left. Corpus: EverythingTests!F136 `AND(E7)` #VALUE!, E1020
 *   `OR(B7:B9,C8,...)` TRUE (HyperFormula #VALUE!), I1020 `OR(H13:J13)` #VALUE!.
 * - `aggregate`: a text argument written directly in SUM/AVERAGE/MIN/MAX goes through SSX.NUMARG, in COUNT
 *   through SSX.COUNTARG (`SUM("",1)` is #VALUE! in Excel, 1 in HyperFormula; `COUNT("",1)` is 1, not 2:
 *   EverythingTests!F284 `COUNT(2,"A","",#REF!,#DIV/0!)` is 1 in Excel, 2 in HyperFormula);
 *   SUMPRODUCT → SSX.SUMPRODUCT (non-numbers count as 0: `SUMPRODUCT(A1:A2)` with a text "1" or TRUE
 *   inside; HyperFormula counts them as 1).
 * - `arith` also covers the number arguments of ABS, ROUND and INT (SSX.NUM): `ABS("")` is #VALUE!.
 * - `lookup`: VLOOKUP with range_lookup FALSE/0 → SSX.VLOOKUP: accent-sensitive (HyperFormula finds `é` for
 *   `e`), wildcards matched from the first row (HyperFormula skips to a later row); HLOOKUP (FALSE/0), MATCH
 *   (0), XLOOKUP and INDEX → SSX.* (excel-lookups.ts).
 */
import { CellError, EmptyValue, ErrorType, FunctionPlugin, HyperFormula } from '../hf.js';
import {
  addExcel,
  binary,
  compareWith,
  count,
  excelSum,
  finite,
  power,
  raw,
  type Scalar,
  toNumber,
  toText,
  UNKNOWN,
  VALUE,
} from './excel-scalars.js';
import { textAnyCode } from './excel-text.js';
import { type ArgSource, excelCeilFloorMath, excelMround, excelQuotient } from './excel-multiples.js';
import { excelSubtotal, subtotalGroups } from './excel-subtotal.js';
import { excelSwitch } from './excel-switch.js';
import {
  excelAddMonths,
  excelDate,
  excelDatedif,
  excelDatePart,
  excelDatevalue,
  excelDays,
  excelIsoWeeknum,
  excelWeekday,
  excelWeeknum,
} from './excel-dates.js';
import { excelTime, excelTimePart, excelTimevalue } from './excel-times.js';
import { excelNetworkdays, excelWorkday } from './excel-workdays.js';
import { excelDays360, excelYearfrac } from './excel-daycount.js';
import {
  excelCeilFloor,
  excelEvenOdd,
  excelMod,
  excelProduct,
  excelRoundDir,
  excelSumSq,
  numbers,
} from './excel-math.js';
import { excelExp, excelLn, excelLog } from './excel-transcendental.js';
import { excelNper, excelPmt } from './excel-finance.js';
import {
  ExactIndex,
  hlookupExact,
  index,
  lookupApprox,
  matchApprox,
  matchExact,
  rowsOf,
  tableLookupApprox,
  xlookup,
} from './excel-lookups.js';
import { excelKth, excelMedian, excelRank } from './excel-order-stats.js';
import { type CriteriaAggregate, type CriteriaRange, criteriaAggregate } from './excel-criteria.js';
import { type CriteriaArg, rangeCacheOf, scalarArg } from './range-cache.js';
import { prefixOfCall } from './prefix.js';
import { pluginFunctions } from './registry.js';
import * as text from './excel-textops.js';
import {
  changeCase,
  excelTextToNumber,
  excelTrim,
  foldCase,
  textMatches,
  textToBoolean,
} from './excel-values.js';

/** HyperFormula's plugin API types its AST, interpreter state and range values internally (not exported). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
type HfInternal = any;

function isRange(v: unknown): v is { valuesFromTopLeftCorner(): Iterable<unknown>; data: unknown[][] } {
  return (
    typeof v === 'object' && v !== null && typeof (v as HfInternal).valuesFromTopLeftCorner === 'function'
  );
}

const REFERENCE_NODES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);
/** HyperFormula's AST node of an empty argument (`SUM(1,,2)`). */
const EMPTY_ARG = 'EMPTY';

/**
 * Where an argument's value comes from: a single cell (`reference`), TRUE / FALSE or a text written in the
 * formula (`typed`; HyperFormula reads TRUE as the name TRUE, or the call TRUE()), or anything else.
 */
function argSource(node: HfInternal): ArgSource {
  if (node.type === 'CELL_REFERENCE') return 'reference';
  if (node.type === 'STRING') return 'typed';
  if (node.type === 'NAMED_EXPRESSION' && /^(TRUE|FALSE)$/i.test(node.expressionName)) return 'typed';
  if (node.type === 'FUNCTION_CALL' && /^(TRUE|FALSE)$/i.test(node.procedureName) && node.args.length === 0) {
    return 'typed';
  }
  return 'other';
}

/**
 * SUMPRODUCT whose arguments are all 1×1: Excel reads them as scalars, where a text is #VALUE!, even "4"
 * (FormulaEvalTestData_Copy.xlsx EverythingTests!J1328: `SUMPRODUCT(G1330:G1330,I1330:I1330)`, "4" and 2, saved
 * #VALUE!), not 0 as in a larger array. Not established: a blank or a boolean there, an error beside a value
 * that is not a number (which comes first), and any non-number from an argument that is not a reference.
 * `undefined` when every value is a number or an error: the array rule gives the answer.
 */
function sumproductOfScalars(values: ReadonlyArray<Exclude<Scalar, { val: number }>>, references: boolean) {
  const other = values.filter((v) => typeof v !== 'number' && !(v instanceof CellError));
  if (other.length === 0) return undefined;
  if (!references || values.some((v) => v instanceof CellError)) return UNKNOWN();
  return other.some((v) => typeof v === 'string') ? VALUE() : UNKNOWN();
}

/** The HyperFormula plugin holding the corrected operators and functions of the supported set. */
export class ExcelSupportedSetPlugin extends FunctionPlugin {
  static override implementedFunctions = pluginFunctions('supported-set');

  private run(name: string, ast: { args: HfInternal[] }, state: HfInternal, fn: (...a: Scalar[]) => unknown) {
    return this.runFunction(ast.args, state, this.metadata(name), fn as HfInternal);
  }

  ssxAdd(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.ADD', ast, state, (a, b) => binary(a, b, addExcel));
  }
  ssxSub(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.SUB', ast, state, (a, b) => binary(a, b, (x, y) => addExcel(x, -y)));
  }
  ssxMul(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.MUL', ast, state, (a, b) => binary(a, b, (x, y) => finite(x * y)));
  }
  ssxDiv(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DIV', ast, state, (a, b) =>
      binary(a, b, (x, y) => (y === 0 ? new CellError(ErrorType.DIV_BY_ZERO) : finite(x / y))),
    );
  }
  ssxPow(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.POW', ast, state, (a, b) => binary(a, b, power));
  }
  ssxNeg(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.NEG', ast, state, (a) => {
      const x = toNumber(a);
      return x instanceof CellError ? x : finite(-x);
    });
  }
  ssxEq(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.EQ', ast, state, (a, b) => compareWith(a, b, (c) => c === 0));
  }
  ssxNe(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.NE', ast, state, (a, b) => compareWith(a, b, (c) => c !== 0));
  }
  ssxLt(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.LT', ast, state, (a, b) => compareWith(a, b, (c) => c < 0, true));
  }
  ssxLe(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.LE', ast, state, (a, b) => compareWith(a, b, (c) => c <= 0, true));
  }
  ssxGt(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.GT', ast, state, (a, b) => compareWith(a, b, (c) => c > 0, true));
  }
  ssxGe(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.GE', ast, state, (a, b) => compareWith(a, b, (c) => c >= 0, true));
  }
  ssxPct(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.PCT', ast, state, (a) => {
      const x = toNumber(a);
      return x instanceof CellError ? x : finite(x / 100);
    });
  }

  ssxLen(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.LEN', ast, state, (a) => {
      const t = toText(a);
      return t instanceof CellError ? t : t.length; // UTF-16 code units, as Excel counts (emoji = 2)
    });
  }
  ssxLeft(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.LEFT', ast, state, (a, n) => {
      const t = toText(a);
      if (t instanceof CellError) return t;
      const k = n === undefined ? 1 : count(n);
      if (k instanceof CellError) return k;
      return k < 0 ? VALUE() : t.slice(0, k);
    });
  }
  ssxRight(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.RIGHT', ast, state, (a, n) => {
      const t = toText(a);
      if (t instanceof CellError) return t;
      const k = n === undefined ? 1 : count(n);
      if (k instanceof CellError) return k;
      if (k < 0) return VALUE();
      return k === 0 ? '' : t.slice(Math.max(0, t.length - k));
    });
  }
  ssxMid(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.MID', ast, state, (a, s, n) => {
      const t = toText(a);
      if (t instanceof CellError) return t;
      const start = count(s);
      if (start instanceof CellError) return start;
      const k = count(n);
      if (k instanceof CellError) return k;
      if (start < 1 || k < 0) return VALUE();
      return t.substr(start - 1, k);
    });
  }
  ssxUpper(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.UPPER', ast, state, (a) => {
      const t = toText(a);
      return t instanceof CellError ? t : changeCase(t, true);
    });
  }
  ssxLower(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.LOWER', ast, state, (a) => {
      const t = toText(a);
      return t instanceof CellError ? t : changeCase(t, false);
    });
  }
  ssxTrim(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.TRIM', ast, state, (a) => {
      const t = toText(a);
      return t instanceof CellError ? t : excelTrim(t);
    });
  }

  // SUBSTITUTE ... TEXTJOIN: Excel's rules in excel-text.ts.
  ssxSubstitute(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.SUBSTITUTE', ast, state, text.substitute);
  }
  ssxReplace(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.REPLACE', ast, state, text.replace);
  }
  ssxFind(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.FIND', ast, state, (a, b, c) => text.find(a, b, c, false));
  }
  ssxSearch(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.SEARCH', ast, state, (a, b, c) => text.find(a, b, c, true));
  }
  ssxProper(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.PROPER', ast, state, text.proper);
  }
  ssxRept(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.REPT', ast, state, text.rept);
  }
  ssxExact(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.EXACT', ast, state, text.exact);
  }
  ssxValue(ast: HfInternal, state: HfInternal): unknown {
    const from = ast.args.map(argSource);
    return this.run('SSX.VALUE', ast, state, (v) => text.value(v, from[0]));
  }
  ssxChar(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.CHAR', ast, state, text.char);
  }
  ssxCode(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.CODE', ast, state, text.code);
  }
  ssxClean(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.CLEAN', ast, state, text.clean);
  }
  ssxTextjoin(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.TEXTJOIN', ast, state, (d, ig, ...items) => text.textJoin(d, ig, items));
  }

  /** IF's and NOT's condition: numbers and booleans as they are, blank FALSE, text TRUE/FALSE, else #VALUE!. */
  ssxCond(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.COND', ast, state, (a) => {
      const v = raw(a);
      if (v === EmptyValue) return false;
      if (typeof v === 'string') return textToBoolean(v) ?? VALUE();
      return v;
    });
  }

  /** A value written directly in SUM/AVERAGE/MIN/MAX: text is read as a number (or #VALUE!). */
  ssxNumArg(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.NUMARG', ast, state, (a) => {
      const v = raw(a);
      return typeof v === 'string' ? toNumber(v) : v === EmptyValue ? 0 : v;
    });
  }

  /** An aggregate's argument that may be a picked cell (rewrite.ts picksValue): its text or blank undetermined. */
  ssxPicked(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.PICKED', ast, state, (a) => {
      const v = raw(a);
      return typeof v === 'string' || v === EmptyValue ? UNKNOWN() : v;
    });
  }

  /** A value written directly in COUNT: text that reads as a number counts, other text does not. */
  ssxCountArg(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.COUNTARG', ast, state, (a) => {
      const v = raw(a);
      if (typeof v !== 'string') return v === EmptyValue ? VALUE() : v;
      const n = excelTextToNumber(v);
      return n === 'unknown' ? UNKNOWN() : n === 'value' ? VALUE() : n;
    });
  }

  /** A number argument of ABS/ROUND/INT: Excel's coercion (`ABS("")` is #VALUE!; HyperFormula reads 0). */
  ssxNum(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.NUM', ast, state, (a) => toNumber(a));
  }

  // The date functions (excel-dates.ts).
  ssxDate(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DATE', ast, state, excelDate);
  }
  ssxYear(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.YEAR', ast, state, (v) => excelDatePart(v, 0));
  }
  ssxMonth(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.MONTH', ast, state, (v) => excelDatePart(v, 1));
  }
  ssxDay(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DAY', ast, state, (v) => excelDatePart(v, 2));
  }
  ssxWeekday(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.WEEKDAY', ast, state, excelWeekday);
  }
  ssxWeeknum(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.WEEKNUM', ast, state, excelWeeknum);
  }
  ssxIsoWeeknum(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.ISOWEEKNUM', ast, state, excelIsoWeeknum);
  }
  ssxEdate(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.EDATE', ast, state, (v, k) => excelAddMonths(v, k, false));
  }
  ssxEomonth(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.EOMONTH', ast, state, (v, k) => excelAddMonths(v, k, true));
  }
  ssxDays(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DAYS', ast, state, excelDays);
  }
  ssxDatedif(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DATEDIF', ast, state, excelDatedif);
  }
  ssxDatevalue(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DATEVALUE', ast, state, excelDatevalue);
  }

  // The time functions (excel-times.ts).
  ssxTime(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.TIME', ast, state, excelTime);
  }
  ssxHour(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.HOUR', ast, state, (v) => excelTimePart(v, 0));
  }
  ssxMinute(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.MINUTE', ast, state, (v) => excelTimePart(v, 1));
  }
  ssxSecond(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.SECOND', ast, state, (v) => excelTimePart(v, 2));
  }
  ssxTimevalue(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.TIMEVALUE', ast, state, excelTimevalue);
  }

  // DAYS360 and YEARFRAC (excel-daycount.ts).
  ssxDays360(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.DAYS360', ast, state, excelDays360);
  }
  ssxYearfrac(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.YEARFRAC', ast, state, excelYearfrac);
  }

  // The working-day functions (excel-workdays.ts): arguments evaluated here, the holidays kept a range.
  ssxNetworkdays(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (s, e, h) => excelNetworkdays(s, e, undefined, h, false));
  }
  ssxNetworkdaysIntl(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (s, e, w, h) => excelNetworkdays(s, e, w, h, true));
  }
  ssxWorkday(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (s, n, h) => excelWorkday(s, n, undefined, h));
  }
  ssxWorkdayIntl(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, excelWorkday);
  }

  /**
   * SUMPRODUCT as Excel: arrays of one shape (else #VALUE!; undetermined with an error among them), the
   * first error met propagates, every entry that
   * is not a number (text, even "1"; TRUE; blank) counts as 0 (HyperFormula reads "1" and TRUE as 1); 1×1
   * arguments are scalars (`sumproductOfScalars`).
   */
  ssxSumproduct(ast: HfInternal, state: HfInternal): unknown {
    const references = (ast.args as HfInternal[]).every((a) => REFERENCE_NODES.has(a.type));
    return this.run('SSX.SUMPRODUCT', ast, state, (...arrays) => {
      const grids = arrays as unknown as Array<{ data: Scalar[][] }>;
      const h = grids[0].data.length;
      const w = grids[0].data[0]?.length ?? 0;
      if (grids.some((g) => g.data.length !== h || (g.data[0]?.length ?? 0) !== w)) {
        // Why: #VALUE! without an error (EverythingTests!I1328), the error with one of the same size (K1328);
        // which comes first when both apply is not established.
        return grids.some((g) => g.data.some((row) => row.some((v) => raw(v) instanceof CellError)))
          ? UNKNOWN()
          : VALUE();
      }
      const errors = grids.flatMap((g) => g.data.flat().map(raw)).filter((v) => v instanceof CellError);
      // Why: errors of two kinds in a larger array: whether Excel meets them array by array or entry by
      // entry (which one it gives) is not established.
      if (h * w > 1 && new Set(errors.map((e) => (e as CellError).type)).size > 1) return UNKNOWN();
      if (h === 1 && w === 1) {
        const scalar = sumproductOfScalars(
          grids.map((g) => raw(g.data[0][0])),
          references,
        );
        if (scalar !== undefined) return scalar;
      }
      let sum = 0;
      for (let r = 0; r < h; r++) {
        for (let c = 0; c < w; c++) {
          let product = 1;
          for (const g of grids) {
            const v = raw(g.data[r][c]);
            if (v instanceof CellError) return v;
            product *= typeof v === 'number' ? v : 0;
          }
          sum += product;
        }
      }
      return finite(sum);
    });
  }

  // The `math` correction (excel-math.ts): number arguments read by Excel's coercion, left error first.
  private math(name: string, ast: HfInternal, state: HfInternal, fn: (...n: number[]) => unknown) {
    return this.run(name, ast, state, (...a) => {
      const n = numbers(a.filter((v) => v !== undefined));
      return n instanceof CellError ? n : fn(...n);
    });
  }
  ssxRoundUp(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.ROUNDUP', ast, state, (x, d) => excelRoundDir(x, d, true));
  }
  ssxRoundDown(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.ROUNDDOWN', ast, state, (x, d) => excelRoundDir(x, d, false));
  }
  ssxTrunc(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.TRUNC', ast, state, (x, d = 0) => excelRoundDir(x, d, false));
  }
  ssxEven(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.EVEN', ast, state, (x) => excelEvenOdd(x, false));
  }
  ssxOdd(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.ODD', ast, state, (x) => excelEvenOdd(x, true));
  }
  ssxCeiling(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.CEILING', ast, state, (x, s) => excelCeilFloor(x, s, true));
  }
  ssxFloor(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.FLOOR', ast, state, (x, s) => excelCeilFloor(x, s, false));
  }
  ssxMod(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.MOD', ast, state, excelMod);
  }
  ssxQuotient(ast: HfInternal, state: HfInternal): unknown {
    if (ast.args.some((n: HfInternal) => n.type === EMPTY_ARG)) return this.emptyArgument(ast, state);
    const from = ast.args.map(argSource);
    return this.run('SSX.QUOTIENT', ast, state, (a, b) => excelQuotient(a, b, from));
  }
  ssxMround(ast: HfInternal, state: HfInternal): unknown {
    if (ast.args.some((n: HfInternal) => n.type === EMPTY_ARG)) return this.emptyArgument(ast, state);
    const from = ast.args.map(argSource);
    return this.run('SSX.MROUND', ast, state, (a, b) => excelMround(a, b, from));
  }
  /**
   * An argument left empty makes MROUND #N/A (ironcalc MROUND_TRUNC_INT.xlsx MROUND!C34 `MROUND(,B34)`, C36
   * `MROUND(A36, )`), and QUOTIENT, of the same ToolPak class (the coercion table's strict-number omitted
   * entry); beside an error, which one Excel answers is not established.
   */
  private emptyArgument(ast: HfInternal, state: HfInternal): unknown {
    for (const node of ast.args) {
      if (node.type === EMPTY_ARG) continue;
      const v = this.evaluateAst(node, state);
      if (isRange(v) || raw(v as Scalar) instanceof CellError) return UNKNOWN();
    }
    return new CellError(ErrorType.NA);
  }
  ssxCeilingMath(ast: HfInternal, state: HfInternal): unknown {
    const from = ast.args.map(argSource);
    return this.run('SSX.CEILING.MATH', ast, state, (a, s, m) => excelCeilFloorMath(a, s, m, true, from));
  }
  ssxFloorMath(ast: HfInternal, state: HfInternal): unknown {
    const from = ast.args.map(argSource);
    return this.run('SSX.FLOOR.MATH', ast, state, (a, s, m) => excelCeilFloorMath(a, s, m, false, from));
  }
  ssxSwitch(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.SWITCH', ast, state, (...a) => excelSwitch(a));
  }
  ssxExp(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.EXP', ast, state, excelExp);
  }
  ssxLn(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.LN', ast, state, excelLn);
  }
  ssxLog(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.LOG', ast, state, excelLog);
  }
  ssxLog10(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.LOG10', ast, state, (x) => excelLog(x, 10));
  }
  ssxPmt(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.PMT', ast, state, excelPmt);
  }
  ssxNper(ast: HfInternal, state: HfInternal): unknown {
    return this.math('SSX.NPER', ast, state, excelNper);
  }
  ssxPi(): unknown {
    return Math.PI; // Excel saves 3.1415926535897931 (EverythingTests!D1048); HyperFormula 3.14159265358979
  }
  ssxProduct(ast: HfInternal, state: HfInternal): unknown {
    const r = this.numbersOf(ast, state);
    return r instanceof CellError ? r : excelProduct(r);
  }
  ssxSumsq(ast: HfInternal, state: HfInternal): unknown {
    const r = this.numbersOf(ast, state);
    return r instanceof CellError ? r : excelSumSq(r);
  }

  ssxMedian(ast: HfInternal, state: HfInternal): unknown {
    const r = this.numbersOf(ast, state);
    return r instanceof CellError ? r : excelMedian(r.flat());
  }
  /** LARGE / SMALL: the array read as SUM reads one argument, then k by Excel's number coercion. */
  private kth(ast: HfInternal, state: HfInternal, largest: boolean): unknown {
    const r = this.numbersOf({ args: [ast.args[0]] }, state);
    if (r instanceof CellError) return r;
    const k = this.evaluateAst(ast.args[1], state);
    return isRange(k) ? UNKNOWN() : excelKth(r.flat(), k as Scalar, largest);
  }
  ssxLarge(ast: HfInternal, state: HfInternal): unknown {
    return this.kth(ast, state, true);
  }
  ssxSmall(ast: HfInternal, state: HfInternal): unknown {
    return this.kth(ast, state, false);
  }
  /** RANK(number, ref, [order]): ref must be a reference; an empty order is undetermined. */
  ssxRank(ast: HfInternal, state: HfInternal): unknown {
    const [xNode, refNode, orderNode] = ast.args as HfInternal[];
    if (!REFERENCE_NODES.has(refNode.type) || orderNode?.type === EMPTY_ARG) return UNKNOWN();
    const x = this.evaluateAst(xNode, state);
    const ref = this.evaluateAst(refNode, state);
    const order = orderNode === undefined ? undefined : this.evaluateAst(orderNode, state);
    if (isRange(x) || isRange(order)) return UNKNOWN();
    const cells = isRange(ref) ? [...ref.valuesFromTopLeftCorner()] : [ref];
    return excelRank(x as Scalar, cells as Scalar[], order as Scalar | undefined);
  }
  ssxLookup(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, lookupApprox);
  }

  ssxSum(ast: HfInternal, state: HfInternal): unknown {
    const p = this.prefixOf(ast, state);
    if (p) return p.walk.sumOf(p.rows);
    const r = this.numbersOf(ast, state);
    return r instanceof CellError ? r : excelSum(r);
  }
  ssxAverage(ast: HfInternal, state: HfInternal): unknown {
    const p = this.prefixOf(ast, state);
    if (p) return p.walk.averageOf(p.rows);
    const r = this.numbersOf(ast, state);
    if (r instanceof CellError) return r;
    const n = r.reduce((k, g) => k + g.length, 0);
    if (n === 0) return new CellError(ErrorType.DIV_BY_ZERO);
    const sum = excelSum(r);
    return sum instanceof CellError ? sum : finite(sum / n);
  }

  /**
   * SUBTOTAL over references, as excel-subtotal.ts reads them: nested SUBTOTAL cells left out, then the
   * function the number names (101–105, 109 as 1–5, 9: the oracle's sheet has no hidden rows). Other function
   * numbers, and arguments that are not references, are not established here.
   */
  ssxSubtotal(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    if (ast.args.length < 2) return new CellError(ErrorType.NA);
    const code = raw(this.evaluateAst(ast.args[0], state) as Scalar);
    const unwrap = (n: HfInternal): HfInternal => (n.type === 'PARENTHESES' ? unwrap(n.expression) : n);
    const refs = ast.args.slice(1).map(unwrap);
    if (typeof code !== 'number' || !refs.every((n) => REFERENCE_NODES.has(n.type))) return UNKNOWN();
    const base = code > 100 ? code - 100 : code;
    const groups = subtotalGroups(refs, state, this.dependencyGraph, (n) => this.evaluateAst(n, state));
    return groups instanceof CellError ? groups : excelSubtotal(base, groups);
  }
  /** A call of one range with a fixed top row, answered from the engine's prefix cache (prefix.ts). */
  private prefixOf(ast: { args: HfInternal[] }, state: HfInternal) {
    return prefixOfCall(ast.args, this.dependencyGraph, (node) => this.evaluateAst(node, state));
  }

  /**
   * The numbers SUM and AVERAGE take, grouped by argument, in order: inside a reference or an array only
   * numbers (text, booleans, blanks ignored); written directly, booleans as 1/0 and text read as a number
   * (the rewriter wraps direct text in SSX.NUMARG); the first error met wins.
   */
  private numbersOf(ast: { args: HfInternal[] }, state: HfInternal): number[][] | CellError {
    const groups: number[][] = [];
    for (let node of ast.args) {
      while (node.type === 'PARENTHESES') node = node.expression;
      // Why: Excel passes an empty argument as the number 0 (`AVERAGE(1,,2)` is 1; HyperFormula skips it).
      if (node.type === EMPTY_ARG) {
        groups.push([0]);
        continue;
      }
      const value = this.evaluateAst(node, state);
      const group: number[] = [];
      if (isRange(value)) {
        for (const v of value.valuesFromTopLeftCorner()) {
          const x = raw(v as Scalar);
          if (x instanceof CellError) return x;
          if (typeof x === 'number') group.push(x);
        }
      } else {
        const x = raw(value as Scalar);
        if (x instanceof CellError) return x;
        const reference = REFERENCE_NODES.has(node.type);
        if (typeof x === 'number') group.push(x);
        else if (typeof x === 'boolean' && !reference) group.push(x ? 1 : 0);
        else if (typeof x === 'string' && !reference) {
          const n = toNumber(x);
          if (n instanceof CellError) return n;
          group.push(n);
        }
      }
      groups.push(group);
    }
    return groups;
  }

  /**
   * COUNT as Excel: numbers in references and arrays; written directly, also booleans and text that reads as
   * a number. Errors are not counted, except the oracle's own UNKNOWN (#ERROR!), which propagates: COUNT
   * must not hide an undetermined value (`COUNT("12:00")` is 1 if Excel reads the time, 0 if not).
   */
  ssxCount(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    const p = this.prefixOf(ast, state);
    if (p) return p.walk.countOf(p.rows);
    let n = 0;
    const unknown = (x: unknown) => x instanceof CellError && x.type === ErrorType.ERROR;
    for (let node of ast.args) {
      while (node.type === 'PARENTHESES') node = node.expression;
      // Why: an empty argument is the number 0 to Excel, so it counts (`COUNT(1,,2)` is 3).
      if (node.type === EMPTY_ARG) {
        n++;
        continue;
      }
      const value = this.evaluateAst(node, state);
      if (isRange(value)) {
        for (const v of value.valuesFromTopLeftCorner()) {
          const x = raw(v as Scalar);
          if (unknown(x)) return x;
          if (typeof x === 'number') n++;
        }
        continue;
      }
      const x = raw(value as Scalar);
      if (unknown(x)) return x;
      const direct = !REFERENCE_NODES.has(node.type);
      if (typeof x === 'number' || (direct && typeof x === 'boolean')) n++;
      else if (direct && typeof x === 'string') {
        const t = excelTextToNumber(x);
        if (t === 'unknown') return UNKNOWN();
        if (t !== 'value') n++;
      }
    }
    return n;
  }

  ssxAnd(ast: HfInternal, state: HfInternal): unknown {
    return this.logical(ast, state, 'AND');
  }
  ssxOr(ast: HfInternal, state: HfInternal): unknown {
    return this.logical(ast, state, 'OR');
  }
  /** XOR reads its arguments as AND does; TRUE when an odd number of them are TRUE. */
  ssxXor(ast: HfInternal, state: HfInternal): unknown {
    return this.logical(ast, state, 'XOR');
  }

  /**
   * CHOOSE(index, value1, ...): the index truncated (HyperFormula: #NUM! for 2.9), outside 1..n #VALUE!
   * (HyperFormula #NUM!; Microsoft's CHOOSE page). A text or logical index is not established.
   */
  ssxChoose(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.CHOOSE', ast, state, (index, ...values) => {
      const i = raw(index);
      if (i instanceof CellError) return i;
      if (typeof i === 'string' || typeof i === 'boolean') return UNKNOWN();
      const k = Math.trunc(i === EmptyValue ? 0 : (i as number));
      return k >= 1 && k <= values.length ? values[k - 1] : VALUE();
    });
  }

  /**
   * The IS functions, IFERROR and IFNA as HyperFormula has them, except that the oracle's own "not
   * established" error propagates instead of being caught (`ISERR(""<" ")` must not read as TRUE).
   */
  ssxInfo(ast: HfInternal, state: HfInternal): unknown {
    const name = (ast as { procedureName: string }).procedureName;
    return this.run(name, ast, state, (a, b) => {
      const v = raw(a);
      if (v instanceof CellError && v.type === ErrorType.ERROR) return v;
      const error = v instanceof CellError;
      switch (name) {
        case 'SSX.ISBLANK':
          return v === EmptyValue;
        case 'SSX.ISNUMBER':
          return typeof v === 'number';
        case 'SSX.ISTEXT':
          return typeof v === 'string';
        case 'SSX.ISNONTEXT':
          return typeof v !== 'string';
        case 'SSX.ISLOGICAL':
          return typeof v === 'boolean';
        case 'SSX.ISERROR':
          return error;
        case 'SSX.ISERR':
          return error && v.type !== ErrorType.NA;
        case 'SSX.ISNA':
          return error && v.type === ErrorType.NA;
        case 'SSX.IFERROR':
          return error ? b : a;
        default:
          return error && v.type === ErrorType.NA ? b : a;
      }
    });
  }

  /**
   * IFS as nested IFs: the conditions read in order, the first error or TRUE decides (HyperFormula gives an
   * error in any condition, also after a TRUE one); none TRUE #N/A. A text condition is not established.
   */
  ssxIfs(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.IFS', ast, state, (...args) => {
      for (let i = 0; i + 1 < args.length; i += 2) {
        const c = raw(args[i]!);
        if (c instanceof CellError) return c;
        if (typeof c === 'string') return UNKNOWN();
        if (c !== EmptyValue && c !== false && c !== 0) return args[i + 1];
      }
      return new CellError(ErrorType.NA);
    });
  }

  /** ISEVEN/ISODD: the number truncated (HyperFormula: ISEVEN(-2.5) FALSE); text or logical not established. */
  ssxIsEven(ast: HfInternal, state: HfInternal): unknown {
    return this.parity('SSX.ISEVEN', ast, state, false);
  }
  ssxIsOdd(ast: HfInternal, state: HfInternal): unknown {
    return this.parity('SSX.ISODD', ast, state, true);
  }
  private parity(name: string, ast: HfInternal, state: HfInternal, odd: boolean) {
    return this.run(name, ast, state, (a) => {
      const v = raw(a);
      if (v instanceof CellError) return v;
      if (typeof v === 'string' || typeof v === 'boolean') return UNKNOWN();
      const n = Math.trunc(Math.abs(v === EmptyValue ? 0 : (v as number)));
      return (n % 2 === 1) === odd;
    });
  }

  /**
   * AND/OR as Excel: every argument is evaluated (no short cut), the first error wins; inside a reference or
   * an array, text and blanks are ignored; a `""` literal is ignored too (AND("",TRUE) TRUE, AND("") #VALUE!:
   * ironcalc LOGICAL/AND_OR_XOR.xlsx "AND XOR OR"!C46:E46, C51:E53); other text written directly must read
   * TRUE/FALSE (else #VALUE!: FormulaEvalTestData_Copy.xlsx EverythingTests!J136 `AND("1",1)`); a computed
   * `""` is not established; with no logical value at all, #VALUE!.
   */
  private logical(ast: { args: HfInternal[] }, state: HfInternal, op: 'AND' | 'OR' | 'XOR') {
    let seen = false;
    let acc = op === 'AND';
    const take = (v: Scalar, direct: boolean): CellError | undefined => {
      const x = raw(v);
      if (x instanceof CellError) return x;
      let b: boolean | undefined;
      if (typeof x === 'boolean') b = x;
      else if (typeof x === 'number') b = x !== 0;
      else if (typeof x === 'string' && direct) {
        b = textToBoolean(x);
        if (b === undefined) return VALUE();
      }
      if (b === undefined) return undefined;
      seen = true;
      acc = op === 'AND' ? acc && b : op === 'OR' ? acc || b : acc !== b;
      return undefined;
    };
    if (ast.args.length === 0) return new CellError(ErrorType.NA);
    for (let node of ast.args) {
      while (node.type === 'PARENTHESES') node = node.expression;
      const value = this.evaluateAst(node, state);
      if (isRange(value)) {
        for (const v of value.valuesFromTopLeftCorner()) {
          const e = take(v as Scalar, false);
          if (e) return e;
        }
      } else {
        const direct = !REFERENCE_NODES.has(node.type);
        // Why: a blank reached through an operator (`OR(+A1)`, A1 blank): skipped like a blank cell, or
        // FALSE like the 0 `=+A1` shows? Not established.
        if (direct && raw(value as Scalar) === EmptyValue) return UNKNOWN();
        if (direct && raw(value as Scalar) === '') {
          if (node.type === 'STRING') continue;
          return UNKNOWN(); // a computed "": left out as the literal is, or #VALUE!? Not established.
        }
        const e = take(value as Scalar, direct);
        if (e) return e;
      }
    }
    return seen ? acc : VALUE();
  }

  /** TEXT(value, code) with a literal code the oracle formats, or a code that is not a literal (a cell). */
  ssxText(ast: HfInternal, state: HfInternal): unknown {
    return this.run('SSX.TEXT', ast, state, (a, code) => textAnyCode(a, code));
  }

  /** VLOOKUP(value, table, column, FALSE): the first row whose first cell equals the value, Excel's way. */
  /**
   * The arguments of a criteria function, each as its cells (a range, row by row) or a one-cell list. Why
   * not `runFunction`: it turns a one-cell range holding an error into that error before the function runs,
   * and SUMIF(A1:A1,">1",B1:B1) with B1 an error is #DIV/0! in Excel (the row does not match).
   * A sheet range is read once per engine (range-cache.ts): the engine evaluates in dependency order, so a
   * range's cells are final when the first formula reading it runs.
   */
  private criteriaArgs(ast: { args: HfInternal[] }, state: HfInternal): CriteriaArg[] {
    const cache = rangeCacheOf(this.dependencyGraph);
    return ast.args.map((node) => {
      const value = this.evaluateAst(node, state);
      if (!isRange(value)) return scalarArg(raw(value as Scalar));
      return cache.range(value.range, () =>
        [...value.valuesFromTopLeftCorner()].map((v) => raw(v as Scalar)),
      );
    });
  }
  /** A criterion argument: one value (a range of more than one cell is not established here). */
  private static criterionOf(arg: CriteriaArg | undefined): ReturnType<typeof raw> | undefined {
    // Why `?.`: a call without its criterion (`SUMIF(A1:A3)`, which Excel cannot enter) must not throw.
    return arg?.range.cells.length === 1 ? arg.range.cells[0] : undefined;
  }
  /** SUMIF/AVERAGEIF (range, criterion, [values]) and COUNTIF (range, criterion): excel-criteria.ts. */
  private criteriaIf(agg: CriteriaAggregate, ast: HfInternal, state: HfInternal): unknown {
    const args = this.criteriaArgs(ast, state);
    return rangeCacheOf(this.dependencyGraph).result(agg, args, () => {
      const [range, crit, values] = args;
      const criterion = ExcelSupportedSetPlugin.criterionOf(crit);
      if (criterion === undefined) return UNKNOWN();
      const vals = agg === 'count' ? undefined : (values ?? range)!.range.cells;
      return criteriaAggregate(agg, vals, [{ criterion, range: range!.range }]);
    });
  }
  /** SUMIFS/AVERAGEIFS/MAXIFS/MINIFS (values, range1, criterion1, ...) and COUNTIFS (range1, criterion1, ...). */
  private criteriaIfs(agg: CriteriaAggregate, ast: HfInternal, state: HfInternal): unknown {
    const args = this.criteriaArgs(ast, state);
    return rangeCacheOf(this.dependencyGraph).result(agg, args, () => {
      const values = agg === 'count' ? undefined : args[0]!.range.cells;
      const rest = agg === 'count' ? args : args.slice(1);
      const pairs: { range: CriteriaRange; criterion: ReturnType<typeof raw> }[] = [];
      for (let i = 0; i + 1 < rest.length; i += 2) {
        const criterion = ExcelSupportedSetPlugin.criterionOf(rest[i + 1]!);
        if (criterion === undefined) return UNKNOWN();
        pairs.push({ range: rest[i]!.range, criterion });
      }
      return criteriaAggregate(agg, values, pairs);
    });
  }
  /** COUNTBLANK as Excel: "" counts as blank too (Microsoft, COUNTBLANK function; HyperFormula counts only empty cells). */
  ssxCountblank(ast: HfInternal, state: HfInternal): unknown {
    const [arg] = this.criteriaArgs(ast, state);
    return arg!.range.cells.filter((v) => v === EmptyValue || v === '').length;
  }
  ssxSumif(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIf('sum', ast, state);
  }
  ssxCountif(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIf('count', ast, state);
  }
  ssxAverageif(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIf('average', ast, state);
  }
  ssxSumifs(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIfs('sum', ast, state);
  }
  ssxCountifs(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIfs('count', ast, state);
  }
  ssxAverageifs(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIfs('average', ast, state);
  }
  ssxMaxifs(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIfs('max', ast, state);
  }
  ssxMinifs(ast: HfInternal, state: HfInternal): unknown {
    return this.criteriaIfs('min', ast, state);
  }

  /** VLOOKUP's exact mode; its arguments evaluated as the other lookups' are (`lookup`). */
  ssxVlookup(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (lookup: Scalar, table: unknown, column: Scalar) => {
      const key = raw(lookup);
      if (key instanceof CellError) return key;
      // Why: Excel's answer for a blank or empty-text lookup value is not established here.
      if (key === undefined || key === EmptyValue || key === '') return UNKNOWN();
      const c = count(column);
      if (c instanceof CellError) return c;
      const rows = rowsOf(table);
      if (c < 1) return VALUE();
      if (c > (rows[0]?.length ?? 0)) return new CellError(ErrorType.REF);
      if (typeof key === 'string' && key.length > 255) return VALUE();
      for (const row of rows) {
        const cell = raw(row[0]);
        const hit =
          typeof key === 'string'
            ? typeof cell === 'string' && textMatches(key, cell)
            : typeof cell === typeof key && cell === key;
        if (hit) {
          const out = raw(row[c - 1]);
          return out === EmptyValue ? 0 : out;
        }
      }
      return new CellError(ErrorType.NA);
    });
  }
  /**
   * The lookups beside VLOOKUP (excel-lookups.ts). Why their arguments are evaluated here rather than by
   * HyperFormula's argument coercion: a one-cell range arrives as a scalar, and an error in it would then
   * stop the call, where Excel skips an error cell of a lookup range.
   */
  private lookup(ast: HfInternal, state: HfInternal, fn: (...a: HfInternal[]) => unknown): unknown {
    const args = (ast.args as HfInternal[]).map((a) =>
      a.type === 'EMPTY' ? undefined : this.evaluateAst(a, state),
    );
    return fn(...args);
  }
  ssxHlookup(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, hlookupExact);
  }
  /** MATCH(key, range, 0): a sheet range is indexed once per engine (range-cache.ts). */
  ssxMatch(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (key, range) => {
      const address = isRange(range) ? (range as HfInternal).range : undefined;
      const cells = rangeCacheOf(this.dependencyGraph).indexed(address, 'match', () => ExactIndex.of(range));
      return matchExact(key, range, cells);
    });
  }
  ssxXlookup(ast: HfInternal, state: HfInternal): unknown {
    // Why the address: a whole column's rows past the used range are blank, where a blank key finds a match.
    const whole = ['COLUMN_RANGE', 'ROW_RANGE'].includes(ast.args[1]?.type);
    return this.lookup(ast, state, (k, lr, rr, nf, mm, sm) => xlookup(k, lr, rr, nf, mm, sm, whole));
  }
  /**
   * VLOOKUP/HLOOKUP whose range_lookup is a reference or computed: a number or a logical value picks the
   * route (FALSE/0 exact, else approximate, as a written mode); any other value (text, a blank, an error, a
   * range) is undetermined.
   */
  ssxVlookupMode(ast: HfInternal, state: HfInternal): unknown {
    const exact = this.modeExact(ast, state);
    if (exact === undefined) return UNKNOWN();
    const three = { ...ast, args: ast.args.slice(0, 3) };
    return exact ? this.ssxVlookup(three, state) : this.ssxVlookupApprox(ast, state);
  }
  ssxHlookupMode(ast: HfInternal, state: HfInternal): unknown {
    const exact = this.modeExact(ast, state);
    if (exact === undefined) return UNKNOWN();
    const three = { ...ast, args: ast.args.slice(0, 3) };
    return exact ? this.ssxHlookup(three, state) : this.ssxHlookupApprox(ast, state);
  }
  private modeExact(ast: HfInternal, state: HfInternal): boolean | undefined {
    const v = raw(this.evaluateAst(ast.args[3], state) as Scalar);
    if (typeof v === 'boolean') return !v;
    return typeof v === 'number' ? v === 0 : undefined;
  }
  ssxIndex(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, index);
  }
  ssxVlookupApprox(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (k, t, c) => tableLookupApprox(k, t, c, false));
  }
  ssxHlookupApprox(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, (k, t, c) => tableLookupApprox(k, t, c, true));
  }
  ssxMatchApprox(ast: HfInternal, state: HfInternal): unknown {
    return this.lookup(ast, state, matchApprox);
  }
}

/** For tests: Excel's case-insensitive text equality (exported for the lookup rule's unit test). */
export const textEqualsIgnoringCase = (a: string, b: string): boolean => foldCase(a) === foldCase(b);

/** Registers the supported-set plugin with HyperFormula (idempotent). */
export function ensureSupportedSetRegistered(): void {
  if (HyperFormula.getRegisteredFunctionNames('enGB').includes('SSX.ADD')) return;
  const names = Object.keys(ExcelSupportedSetPlugin.implementedFunctions);
  const enGB = Object.fromEntries(names.map((n) => [n, n]));
  HyperFormula.registerFunctionPlugin(ExcelSupportedSetPlugin, { enGB, enUS: enGB });
}
