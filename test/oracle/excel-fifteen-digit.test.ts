/**
 * The oracle's functions of the 15-digit tier (src/oracle/excel/excel-transcendental.ts, excel-finance.ts): EXP,
 * LN, LOG, LOG10, PMT, NPER, PV and FV against Excel's saved values (ironcalc LOG_LOG10_LN.xlsx, EXP_SIGN.xlsx,
 * FINANCIAL/PMT.xlsx, NPER.xlsx, PV.xlsx, FV.xlsx; xlcalculator PMT.xlsx; poi FormulaEvalTestData_Copy.xlsx), numbers at 15
 * significant digits as verification compares the tier, and `#ERROR!` where Excel's answer is not established.
 */
import { describeOracleCases, err, type OracleCase, UNKNOWN } from './oracle-cases.js';

const CASES: OracleCase[] = [
  // LN (LOG_LOG10_LN.xlsx LN!B3, B7, B8, B9, B18, B16).
  ['=LN(A1)', [10], 2.302585092994046],
  ['=LN(A1)', [true], 0],
  ['=LN(A1)', [false], err('#NUM!')],
  ['=LN(A1)', [0], err('#NUM!')],
  ['=LN(A1)', [null], err('#NUM!')],
  ['=LN(A1)', ['Helllo'], err('#VALUE!')],
  ['=LN(A1)', ['100'], 4.605170185988092],
  ['=LN("")', [], err('#VALUE!')],
  // EXP (EXP_SIGN.xlsx B2, B14, B29, B44, B46, B17); a subnormal result undetermined.
  ['=EXP(A1)', [10], 22026.465794806718],
  ['=EXP(A1)', [1], 2.718281828459045],
  ['=EXP(A1)', [1048576], err('#NUM!')],
  ['=EXP(A1)', [-745], 0],
  ['=EXP(A1)', [-1000], 0],
  ['=EXP(A1)', [''], err('#VALUE!')],
  ['=EXP(A1)', [-720], UNKNOWN],
  // LOG / LOG10 (LOG!B5, G3, G6, G8, G11, G15, G5; LOG10!B5, B12; EverythingTests!K852).
  ['=LOG(A1)', [1000], 3],
  ['=LOG(A1,B1)', [10, 1], err('#DIV/0!')],
  ['=LOG(A1,B1)', [10, 0], err('#NUM!')],
  ['=LOG(A1,B1)', [10, true], err('#DIV/0!')],
  ['=LOG(A1,B1)', [10, null], err('#NUM!')],
  ['=LOG(A1,B1)', [-10, 10], err('#NUM!')],
  ['=LOG(A1,B1)', [10, 1000], 0.33333333333333337],
  ['=LOG(A1,B1)', [null, '1'], err('#NUM!')],
  ['=LOG10(A1)', [1000], 3],
  ['=LOG10(A1)', [0.004], -2.3979400086720375],
  // PMT (ironcalc PMT.xlsx F2, G2, F9, F17, F24, F8, F32, F11; xlcalculator PMT.xlsx A1).
  ['=PMT(A1,B1,C1,300,1)', [1, 3, 100], -78.57142857142858],
  ['=PMT(A1,B1,C1)', [1, 3, 100], -114.28571428571429],
  ['=PMT(A1,B1,C1,300,1)', [0, 3, 100], -133.33333333333334],
  ['=PMT(A1,B1,C1,300,1)', [0.02, 0, 100], err('#NUM!')],
  ['=PMT(A1,B1,C1,300,1)', [-1, 1, -100], err('#NUM!')],
  ['=PMT(A1,B1,C1,300,1)', [-3, 5, 100], UNKNOWN],
  ['=PMT(A1,B1,C1,10,5)', [0.2, 3, -200], 76.83150183150182],
  ['=PMT(A1,B1,C1,300,TRUE)', [-0.9, 3, 100], -2703.603603603602],
  ['=PMT(A1/12,B1,C1)', [0.08, 10, 10000], -1037.0320893591522],
  ['=PMT(A1,B1,C1)', ['HELP', 1, 100], err('#VALUE!')],
  // NPER (NPER.xlsx F2, G2, F4, F8, F9, G10).
  ['=NPER(A1,B1,C1,0,1)', [1, 3, 100], -4.142957953842043],
  ['=NPER(A1,B1,C1)', [1, 3, 100], -5.1015380264620624],
  ['=NPER(A1,B1,C1,12,0)', [1, 3, 100], err('#NUM!')],
  ['=NPER(A1,B1,C1,10,1)', [-3, 5, 100], err('#NUM!')],
  ['=NPER(A1,B1,C1,23,1)', [0, 3, 100], -41],
  ['=NPER(A1,B1,C1)', [-0.9, 3, 120], err('#NUM!')],
  ['=NPER(A1,B1,C1)', [0, 0, 100], UNKNOWN],
  // PV (PV.xlsx F2, G6, F8, F9, G13, G14, F11, F17, F19; PMT.xlsx J32 with type 5; FormulaEvalTestData_Copy.xlsx
  // FinanceLibTests!I17, EverythingTests!D1092 at 15 digits).
  ['=PV(A1,B1,C1,10,1)', [1, 3, 100], -176.25],
  ['=PV(A1,B1,C1)', [2, 10, 1], -0.4999915324560958],
  ['=PV(A1,B1,C1,12,1)', [-3, 5, 100], -68.375],
  ['=PV(A1,B1,C1,2,1)', [0, 3, 100], -302],
  ['=PV(A1,B1,C1)', [0.5, 12.5, 100], -198.74139556583705],
  ['=PV(A1,B1,C1)', [-0.4, 12.8, 100], -172573.98055213635],
  ['=PV(A1,B1,C1,0,TRUE)', [-0.9, 3, 100], -11100.000000000004],
  ['=PV(A1,B1,C1,12,1)', [0.02, 0, 100], -12],
  ['=PV(A1,B1,C1,10,5)', [0.2, 3, 76.83150183150182], -199.99999999999994],
  ['=PV(A1,B1,C1,333891.23,0)', [2.95, 13, 13000], -4406.785442944962],
  ['=PV(A1,B1,C1)', [0.1, 10, 1], -6.144567105704685],
  ['=PV(A1,B1,C1)', ['HELP', 1, 100], err('#VALUE!')],
  ['=PV(A1,B1,C1)', [-1, 3, 100], UNKNOWN],
  ['=PV(A1,B1,C1)', [-2, 2.5, 100], UNKNOWN],
  // FV (FV.xlsx F2, G6, F7, F8, F9, G13, F14, F11, F17, F12, Sheet2!A1, B1; PMT.xlsx L32 with type 5, L34;
  // FormulaEvalTestData_Copy.xlsx EverythingTests!E584).
  ['=FV(A1,B1,C1,300,1)', [1, 3, 100], -3800],
  ['=FV(A1,B1,C1)', [2, 10, 1], -29524],
  ['=FV(A1,B1,C1,0,1)', [0.5, 12, 100], -38623.9013671875],
  ['=FV(A1,B1,C1,300,1)', [-3, 5, 100], 11800],
  ['=FV(A1,B1,C1,300,1)', [0, 3, 100], -600],
  ['=FV(A1,B1,C1)', [0.5, 12.5, 100], -31581.232382676626],
  ['=FV(A1,B1,C1)', [-0.4, 12.8, 100], -249.63836037221031],
  ['=FV(A1,B1,C1,300,TRUE)', [-0.9, 3, 100], -11.399999999999995],
  ['=FV(A1,B1,C1,300,1)', [0.02, 0, 100], -300],
  ['=FV(A1,B1,C1)', [0.4, 10, 100], -6981.366374399994],
  ['=FV(A1,B1,C1)', [0.01, 10, 100], -1046.2212541120473],
  ['=FV(A1,B1,C1,-200,5)', [0.2, 3.000000000000001, 76.83150183150182], UNKNOWN],
  ['=FV(A1,B1,C1,-200)', [0.2, 3.000000000000001, 92.1978021978022], UNKNOWN],
  ['=FV(A1,B1,C1)', [-1, -2, 1], UNKNOWN],
  ['=FV(A1,B1,C1)', [-3, -3.5, 1], err('#NUM!')],
  ['=FV(A1,B1,C1)', ['HELP', 1, 100], err('#VALUE!')],
];

describeOracleCases('oracle: the 15-digit tier (EXP, LN, LOG, LOG10, PMT, NPER, PV, FV)', CASES, 'excel15');
