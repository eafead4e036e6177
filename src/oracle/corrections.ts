/**
 * Corrections to HyperFormula where it still differs from Excel after configuration. Each correction is a
 * custom HyperFormula function (registered once, under a `SSX.` name that no workbook uses; its metadata and
 * routing are in registry.ts) and the formula rewriter (rewrite.ts) points the workbook's formulas at it: `ROUND(` becomes `SSX.ROUND(`, `a&b` becomes
 * `SSX.CONCAT2(a,b)`, `CONCATENATE(` becomes `SSX.CONCATENATE(`. HyperFormula's own built-ins are never
 * overridden, so other HyperFormula users in the same process see stock behaviour.
 *
 * These implementations are deliberately independent of the compiler's JSONata helpers
 * (src/compiler/lower/library.ts): they work on the decimal digit string of the double (`toPrecision`) with
 * BigInt arithmetic, where the helpers work in JSONata; a shared bug would otherwise go unseen.
 *
 * The corrections of the supported set's operators and functions (arithmetic coercion, text functions,
 * IF/AND/OR/NOT, aggregates, VLOOKUP) are in excel-functions.ts.
 *
 * Evidence (Excel's saved values, ../shared/corpus; see docs/oracle.md and `npm run oracle:corpus`):
 *
 * 1. ROUND at decimal ties. Excel rounds the 15-significant-digit decimal form of the double, half away from
 *    zero: `ROUND(1.005,2)` is 1.01 in Excel (1.005 is stored as 1.00499999999999989...), HyperFormula's
 *    `Math.round(x*10^d)/10^d` gives 1. Corpus: poi/56315.xlsx Sheet1!A2 `ROUND(A1,1)`
 *    Excel 0.1, HyperFormula 0; a fractional `places` is truncated: FormulaEvalTestData_Copy.xlsx
 *    EverythingTests!E1180 `ROUND(C10,C9)` Excel 1, HyperFormula 1.0326267051415658 (also G1180, H1180).
 * 3. INT rounds down (Excel) where HyperFormula truncates toward zero: FormulaEvalTestData_Copy.xlsx
 *    EverythingTests!I756 `INT(C17)` is -1 in Excel, 0 in HyperFormula.
 * 2. Number → text in `&` and CONCATENATE. HyperFormula uses JavaScript's `toString` (`"x"&0.1+0.2` gives
 *    `x0.30000000000000004`, `1E+21` gives `1e+21`); Excel writes at most 15 significant digits, plain decimal
 *    up to 20 characters for |x| < 1 and up to 1E+20 for larger numbers, otherwise `1.5E+21` / `1.23E-05`
 *    with a signed two-digit-minimum exponent. The rule and its switch-over points are those Apache POI
 *    recorded from Excel in `NumberToTextConverter` (e.g. 1.2345678901234567E19 → `12345678901234600000`,
 *    1.2345678901234568E20 → `1.23456789012346E+20`, 5.6789012345E-8 → `0.000000056789012345`,
 *    5.67890123456E-8 → `5.67890123456E-08`); corpus: FormulaEvalTestData_Copy.xlsx H264
 *    `CONCATENATE(F13,E16)` = `2.999991.1` (the corpus holds no `&` of an inexact double, so this rule rests
 *    on POI's table, tested in test/oracle/corrections.test.ts). CONCAT (`_xlfn.CONCAT`, missing from
 *    HyperFormula 3.5) maps to the same function: xlcalculator/CONCAT.xlsx A1:A6.
 */
import { EXCEL_DIGITS, round15 } from '../workbook/precision.js';
import { CellError, EmptyValue, ErrorType, FunctionPlugin, HyperFormula, SimpleRangeValue } from './hf.js';
import { pluginFunctions } from './registry.js';

/** Excel's largest text length; longer results of `&` / CONCATENATE are #VALUE!. */
const MAX_TEXT = 32767;

/** The 15 (or, past E±98, 14) significant digits of |x| and its decimal exponent: |x| ≈ d1.d2d3... × 10^exp. */
export function decimalDigits(x: number, precision: number): { digits: string; exp: number } {
  // toExponential is correctly rounded from the exact binary value and always writes `d.ddde±x`.
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(x).toExponential(precision - 1)) as RegExpExecArray;
  return { digits: m[1] + (m[2] ?? ''), exp: Number(m[3]) };
}

/**
 * Excel's text for a number, as `&`, CONCATENATE and text functions produce it (the "General" rendering
 * without a column width): at most 15 significant digits, trailing zeros dropped, no negative zero.
 */
export function excelNumberToText(x: number): string {
  if (x === 0 || !Number.isFinite(x)) return '0';
  let { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  // Why: Excel keeps one digit less beyond E±98 (POI's table: 1.2345678901234577E99 → 1.2345678901235E+99).
  if (Math.abs(exp) > 98) ({ digits, exp } = decimalDigits(x, 14));
  const sig = digits.replace(/0+$/, '') || '0';
  const sign = x < 0 ? '-' : '';
  const mantissa = sig.length > 1 ? `${sig[0]}.${sig.slice(1)}` : sig;
  const expText = (n: number) => (n < 10 ? `0${n}` : String(n));
  if (exp < 0) {
    const leadingZeros = -exp - 1;
    if (2 + leadingZeros + sig.length > 20) return `${sign}${mantissa}E-${expText(-exp)}`;
    return `${sign}0.${'0'.repeat(leadingZeros)}${sig}`;
  }
  if (exp > 19) return `${sign}${mantissa}E+${expText(exp)}`;
  if (sig.length > exp + 1) return `${sign}${sig.slice(0, exp + 1)}.${sig.slice(exp + 1)}`;
  return `${sign}${sig}${'0'.repeat(exp + 1 - sig.length)}`;
}

/**
 * Excel's ROUND: the number's 15-significant-digit decimal form rounded half away from zero at `places`
 * decimals (`places` truncated toward zero; negative rounds left of the point).
 */
export function excelRound(x: number, places: number): number {
  if (x === 0 || !Number.isFinite(x)) return x === 0 ? 0 : x;
  const p = Math.trunc(places);
  const { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  // |x| = digits × 10^(exp-14); we keep multiples of 10^(-p).
  const drop = -p - (exp - 14);
  if (drop <= 0) return x;
  if (drop > 15) return 0;
  let kept = BigInt(digits.slice(0, 15 - drop) || '0');
  if (digits.charCodeAt(15 - drop) >= 53 /* '5' */) kept += 1n;
  if (kept === 0n) return 0;
  const r = Number(`${kept}e${-p}`); // string → double is correctly rounded
  return x < 0 ? -r : r;
}

/**
 * Where Excel's answer is not established, these return true and the callers give the oracle's #ERROR!:
 * - ROUND at a place at or past the 15th significant digit of a number that is not its own 15-digit
 *   decimal (`ROUND(1.4999999999999998,100)`): unchanged, or the 15-digit value (1.5)? No saved value shows it.
 * - number → text past E±98, where Excel keeps 14 digits: from the double (`-4.12308019704445E-270` →
 *   `...70444`) or from its 15-digit form (`...70445`)? POI's table holds no case that tells them apart.
 */
export function roundUndetermined(x: number, places: number): boolean {
  if (x === 0 || !Number.isFinite(x)) return false;
  const { exp } = decimalDigits(x, EXCEL_DIGITS);
  return -Math.trunc(places) - (exp - 14) <= 0 && round15(x) !== x;
}

export function numberTextUndetermined(x: number): boolean {
  if (x === 0 || !Number.isFinite(x)) return false;
  const { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  if (Math.abs(exp) <= 98) return false;
  let kept = BigInt(digits.slice(0, 14));
  if (digits.charCodeAt(14) >= 53) kept += 1n;
  return decimalDigits(x, 14).digits !== (kept === 10n ** 14n ? `1${'0'.repeat(13)}` : String(kept));
}

/** A scalar as HyperFormula hands it to a SCALAR parameter (numbers may be wrapped in a RichNumber). */
type HfScalar = number | string | boolean | typeof EmptyValue | CellError | { val: number };

/** Excel's text coercion of a scalar: the text, or the error to propagate. */
export function excelText(v: HfScalar): string | CellError {
  if (v instanceof CellError) return v;
  if (v === EmptyValue) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'object' && v !== null && typeof (v as { val: unknown }).val === 'number') {
    return numberText((v as { val: number }).val);
  }
  return new CellError(ErrorType.VALUE);
}

/** excelNumberToText, or the oracle's #ERROR! where Excel's text is not established. */
export function numberText(x: number): string | CellError {
  return numberTextUndetermined(x)
    ? new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established')
    : excelNumberToText(x);
}

function concatAll(parts: HfScalar[]): string | CellError {
  let out = '';
  for (const p of parts) {
    const t = excelText(p);
    if (t instanceof CellError) return t;
    out += t;
  }
  // Why: Excel caps a text value at 32,767 characters and fails the concatenation past it.
  return out.length > MAX_TEXT ? new CellError(ErrorType.VALUE) : out;
}

/** HyperFormula's plugin API types its AST and interpreter state internally (not exported). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
type HfInternal = any;

const UNDETERMINED = () =>
  new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established');

/** The HyperFormula plugin holding the corrected functions. */
export class ExcelCorrectionsPlugin extends FunctionPlugin {
  static override implementedFunctions = pluginFunctions('corrections');

  ssxRound(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    return this.runFunction(ast.args, state, this.metadata('SSX.ROUND'), (x: number, d: number) =>
      roundUndetermined(x, d)
        ? new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established')
        : excelRound(x, d),
    );
  }

  ssxInt(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    return this.runFunction(ast.args, state, this.metadata('SSX.INT'), (x: number) => {
      const r = Math.floor(x); // Excel's INT rounds down; HyperFormula 3.5 truncates toward zero
      // Why: down from the double (INT(7.999999999999999) = 7) or from its 15-digit decimal form (8, as
      // ROUND reads it)? No saved value or Microsoft page tells them apart: undetermined where they differ.
      if (Number.isFinite(x) && r !== Math.floor(round15(x))) {
        return new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established');
      }
      return r === 0 ? 0 : r;
    });
  }

  /**
   * ROWS/COLUMNS (correction `lookup`): a reference's rows (columns) from its address alone, its cells never
   * read: the rectangle between the two corners, each resolved from the formula's cell (HyperFormula 3.5
   * subtracts them as written, so `ROWS($A$4:A4)` is -2); a one-cell reference 1. Another argument is
   * evaluated: an array or a computed range its height (width), an error itself; a whole-column ROWS, a
   * whole-row COLUMNS and any other value undetermined (a one-cell result could be a value or a reference).
   */
  ssxRows(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    return this.extent(ast, state, 'row');
  }
  ssxColumns(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    return this.extent(ast, state, 'col');
  }
  private extent(ast: { args: HfInternal[] }, state: HfInternal, axis: 'row' | 'col'): unknown {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA);
    let node = ast.args[0];
    while (node.type === 'PARENTHESES') node = node.expression;
    if (node.type === 'CELL_REFERENCE') return 1;
    const whole = node.type === 'COLUMN_RANGE' ? 'row' : node.type === 'ROW_RANGE' ? 'col' : undefined;
    if (node.type === 'CELL_RANGE' || whole !== undefined) {
      if (whole === axis) return UNDETERMINED();
      const resolve =
        whole === 'row'
          ? 'toSimpleColumnAddress'
          : whole === 'col'
            ? 'toSimpleRowAddress'
            : 'toSimpleCellAddress';
      const at = (a: HfInternal) => a[resolve](state.formulaAddress)[axis];
      return Math.abs(at(node.end) - at(node.start)) + 1;
    }
    // Why: arguments are not computed first (the address is what counts), so HyperFormula throws on a name
    // whose value is not computed yet (its TRUE and FALSE are names): that argument is no reference.
    if (node.type === 'NAMED_EXPRESSION' && /^(TRUE|FALSE)$/i.test(node.expressionName))
      return UNDETERMINED();
    const value = this.evaluateAst(node, state);
    if (value instanceof CellError) return value;
    if (!(value instanceof SimpleRangeValue)) return UNDETERMINED();
    const r = value.range as HfInternal;
    if (r === undefined) return axis === 'row' ? value.height() : value.width();
    return Math.abs(r.end[axis] - r.start[axis]) + 1;
  }

  ssxConcat2(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    return this.runFunction(ast.args, state, this.metadata('SSX.CONCAT2'), (a: HfScalar, b: HfScalar) =>
      concatAll([a, b]),
    );
  }

  ssxConcatenate(ast: { args: HfInternal[] }, state: HfInternal): unknown {
    return this.runFunction(ast.args, state, this.metadata('SSX.CONCATENATE'), (...a: HfScalar[]) =>
      concatAll(a),
    );
  }
}

/** Registers the corrections plugin with HyperFormula (idempotent: a registered plugin is kept). */
export function ensureCorrectionsRegistered(): void {
  if (HyperFormula.getRegisteredFunctionNames('enGB').includes('SSX.ROUND')) return;
  const names = Object.keys(ExcelCorrectionsPlugin.implementedFunctions);
  const enGB = Object.fromEntries(names.map((n) => [n, n]));
  HyperFormula.registerFunctionPlugin(ExcelCorrectionsPlugin, { enGB, enUS: enGB });
}
