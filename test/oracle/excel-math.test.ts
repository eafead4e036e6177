/**
 * The oracle's `math` correction (src/oracle/excel/excel-math.ts) and INT's undetermined range: Excel's saved
 * values from ../shared/corpus where there is one, the fuzzer's findings (HyperFormula differing from Excel),
 * and `#ERROR!` where Excel's answer is not established.
 */
import { describeOracleCases, err, type OracleCase, UNKNOWN } from './oracle-cases.js';

// Inputs in A..C of each row; the formula in D.
const CASES: OracleCase[] = [
  // PI: Excel saves 3.1415926535897931 (FormulaEvalTestData_Copy.xlsx EverythingTests!D1048).
  ['=PI()', [], Math.PI],
  // ROUNDUP / ROUNDDOWN / TRUNC on the 15-digit decimal form.
  ['=ROUNDUP(A1,2)', [0.1 + 0.2], 0.3],
  ['=ROUNDUP(A1,0)', [-2.1], -3],
  ['=ROUNDUP(A1,-2)', [31415.92654], 31500],
  ['=ROUNDDOWN(A1,3)', [4.56789], 4.567],
  ['=ROUNDDOWN(FALSE,309)', [], 0],
  ['=ROUNDDOWN(A1,-7)', [123], 0],
  ['=ROUNDUP(A1,-7)', [123], 10000000],
  ['=ROUNDUP(A1,-400)', [1], UNKNOWN],
  ['=ROUNDUP(A1,100)', [0.1 + 0.2], UNKNOWN],
  ['=TRUNC(A1)', [-8.9], -8],
  ['=TRUNC(A1,1)', ['2.55'], 2.5],
  ['=TRUNC("")', [], err('#VALUE!')],
  ['=ROUNDUP(A1,B1)', [err('#N/A'), err('#DIV/0!')], err('#N/A')],
  // EVEN / ODD (EverythingTests!D472..N472, D1004..N1004).
  ['=EVEN(A1)', [1.5], 2],
  ['=EVEN(A1)', [-1], -2],
  ['=EVEN(A1)', [null], 0],
  ['=ODD(A1)', [0], 1],
  ['=ODD(A1)', [-2], -3],
  ['=ODD(A1)', [true], 1],
  // CEILING / FLOOR, the legacy functions.
  ['=CEILING(A1,B1)', [0.234, 0.01], 0.24],
  ['=CEILING(A1,B1)', [1.1, 0.1], 1.1],
  ['=CEILING(A1,B1)', [-2.5, 2], -2],
  ['=CEILING(A1,B1)', [-2.5, -2], -4],
  ['=CEILING(A1,B1)', [2.5, -2], err('#NUM!')],
  ['=CEILING(A1,0)', [5], 0],
  ['=CEILING("",0)', [], err('#VALUE!')],
  ['=FLOOR(A1,B1)', [-2.5, 2], -4],
  ['=FLOOR(0,0)', [], 0],
  ['=FLOOR(1,0)', [], err('#DIV/0!')],
  ['=FLOOR(1.002,2)', [], 0],
  // MOD: the exact remainder in the divisor's sign; text read as Excel reads it (EverythingTests!G932
  // `MOD("23","3")` = 2). MOD_QUOTIENT.xlsx (ironcalc) C20..C26 decide the order and that 2^27 is no bound.
  ['=MOD(A1,B1)', [-3, 2], 1],
  ['=MOD(A1,B1)', [3, -2], -1],
  ['=MOD("23","3")', [], 2],
  ['=MOD(A1,B1)', ['1,000', 7], 6],
  ['=MOD(A1,0)', [5], err('#DIV/0!')],
  ['=MOD(A1,B1)', [10.0000000001, 0.1], 9.999945316252479e-11], // C20
  ['=MOD(A1,B1)', [10.0000000001, -0.1], -0.09999999990000055], // C21
  ['=MOD(A1,B1)', [1e10, 3], 1], // C22
  ['=MOD(A1,B1)', [-1e10, 3], 2], // C23
  ['=MOD(A1,B1)', [1e10, -3], -2], // C24
  ['=MOD(A1,B1)', [5, 1e-10], 9.999981783901343e-11], // C25
  ['=MOD(A1,B1)', [5, -1e-10], -1.821609865774887e-16], // C26
  ['=MOD(A1,B1)', [-5.3, 2], 0.7000000000000002], // C16
  ['=MOD(A1,B1)', [2 ** 28, 2], 0],
  ['=MOD(A1,B1)', [0.3, 0.1], 0.09999999999999998], // the exact remainder, as C25's
  ['=MOD(A1,B1)', [1e15, 3], UNKNOWN], // a quotient past any saved one: Excel's #NUM! bound is not known
  ['=MOD(A1,B1)', [1e308, 1e-10], UNKNOWN],
  // POWER as `^`; SQRT and SIGN through Excel's number coercion.
  ['=POWER(0,0)', [], err('#NUM!')],
  ['=POWER(A1,B1)', ['2', 3], 8],
  // An integer power by repeated squaring (ironcalc ATAN2_POWER.xlsx C8 saved -79.62624; `**` gives
  // -79.62623999999998); where the squaring orders differ, no saved cell decides: `**` as before.
  ['=POWER(A1,B1)', [-2.4, 5], -79.62624],
  ['=A1^B1', [-2, -3], -0.125],
  ['=A1^B1', [1.05, 6], 1.05 ** 6],
  ['=A1^B1', [10, -400], UNKNOWN],
  ['=A1^B1', [98.6, 3.2], 98.6 ** 3.2],
  ['=SQRT(A1)', ['1,000,000'], 1000],
  ['=SQRT("")', [], err('#VALUE!')],
  ['=SQRT(-4)', [], err('#NUM!')],
  ['=SIGN(A1)', [' -4 '], -1],
  // PRODUCT / SUMSQ: a reference contributes its numbers only, a direct argument is coerced.
  ['=PRODUCT(A1:A1)', [false], 0],
  ['=PRODUCT(A1:C1)', [2, 'x', 3], 6],
  ['=PRODUCT("2",A1:B1)', [3, true], 6],
  ['=PRODUCT(A1,B1)', ['5', 2], 2],
  ['=PRODUCT(A1:B1)', [1e200, 1e200], err('#NUM!')],
  ['=SUMSQ(A1:B1,2)', [3, 'x'], 13],
  ['=SUMSQ("2","3",4)', [], 29],
  ['=SUMSQ(TRUE,TRUE,FALSE)', [], 2],
  ['=SUMSQ(A1,"x")', [1], err('#VALUE!')],
  // INT rounds down; where the double and its 15-digit decimal form round down differently, undetermined.
  ['=INT(A1)', [-0.5], -1],
  ['=INT(A1)', [7.999999999999999], UNKNOWN],
  ['=INT(A1)', [-7.999999999999999], -8],
  ['=INT(A1)', [8.000000000000002], 8],
];

describeOracleCases('oracle: the math correction', CASES);
