/**
 * The oracle's SIN, COS, TAN, ASIN, ACOS, ATAN, ATAN2, SINH, COSH and TANH (src/oracle/excel/excel-trig.ts, the 15-digit tier) against Excel's
 * saved values (ironcalc trigonometric_functions.xlsx, ATAN2_POWER.xlsx; poi 47813.xlsx,
 * FormulaEvalTestData_Copy.xlsx EverythingTests; xlcalculator COS.xlsx, ATAN2.xlsx), numbers at 15 significant
 * digits as verification compares the tier, and `#ERROR!` near a zero where Excel's reduction by its 64-bit π
 * moves the 15 digits (the band, excel-trig.ts).
 */
import { describeOracleCases, err, type OracleCase, UNKNOWN } from './oracle-cases.js';

const PI = Math.PI;

const CASES: OracleCase[] = [
  // SIN (trigonometric_functions.xlsx B2, B9, B10, B11, B19, B25; EverythingTests!G1252 SIN(-534), K1252,
  // P1252; 47813.xlsx B183 SIN(RADIANS(181)), RADIANS(181) being 181 times the double nearest π/180).
  ['=SIN(A1)', [5], -0.95892427466313845],
  ['=SIN(A1)', [true], 0.8414709848078965],
  ['=SIN(A1)', ['qwerty'], err('#VALUE!')],
  ['=SIN(A1)', [false], 0],
  ['=SIN(A1)', [0], 0],
  ['=SIN(A1)', [-100], 0.5063656411097588],
  ['=SIN(A1)', [-534], 7.0692098333373365e-2],
  ['=SIN(A1)', [''], err('#VALUE!')],
  ['=SIN(A1)', ['1'], 0.8414709848078965],
  ['=SIN(A1)', [181 * 0.017453292519943295], -1.7452406437283637e-2],
  // Near a multiple of π: SIN(PI()) saved 1.22514845490862E-16 (B12), SIN(RADIANS(360)) -2.45029690981724E-16
  // (47813.xlsx B362); past |x| = 13905 every value.
  ['=SIN(A1)', [PI], UNKNOWN],
  ['=SIN(RADIANS(A1))', [360], UNKNOWN],
  ['=SIN(A1)', [20000], UNKNOWN],
  // COS (C2, C9, C11, C18; EverythingTests!D276 blank, E276 `""`; COS.xlsx A3 COS(60*PI()/180)).
  ['=COS(A1)', [5], 0.28366218546322625],
  ['=COS(A1)', [true], 0.54030230586813977],
  ['=COS(A1)', [false], 1],
  ['=COS(A1)', [-7.123], 0.6676008020969587],
  ['=COS(A1)', [null], 1],
  ['=COS(A1)', [''], err('#VALUE!')],
  ['=COS(A1*PI()/180)', [60], 0.50000000000000011],
  // Near an odd multiple of π/2: COS(PI()/2) saved 6.1257422745431E-17 (C13), COS(RADIANS(270)) (C272).
  ['=COS(A1)', [PI / 2], UNKNOWN],
  ['=COS(RADIANS(A1))', [270], UNKNOWN],
  // TAN (D2, D9, D10, D14, D15, D24; EverythingTests!L1356 TAN(1.5574077246549023)).
  ['=TAN(A1)', [5], -3.3805150062465859],
  ['=TAN(A1)', [true], 1.5574077246549023],
  ['=TAN(A1)', ['qwerty'], err('#VALUE!')],
  ['=TAN(A1)', [PI / 4], 0.99999999999999989],
  ['=TAN(A1)', [61], 3.7431679442724195],
  ['=TAN(A1)', [-7], -0.87144798272431878],
  ['=TAN(A1)', [1.5574077246549023], 74.685933398765371],
  // Near a multiple of π (TAN(PI()) saved -1.22514845490862E-16, D12) and near a pole.
  ['=TAN(A1)', [PI], UNKNOWN],
  ['=TAN(A1)', [PI / 2], UNKNOWN],
  // ASIN (trigonometric_functions.xlsx E2, E5, E6, E9, E10, E11; EverythingTests!E156, J156, K156, P156; ASIN.xlsx A5).
  ['=ASIN(A1)', [5], err('#NUM!')],
  ['=ASIN(A1)', [0.123], 0.12331227519187199],
  ['=ASIN(A1)', [-0.5], -0.5235987755982989],
  ['=ASIN(A1)', [true], 1.5707963267948966],
  ['=ASIN(A1)', ['qwerty'], err('#VALUE!')],
  ['=ASIN(A1)', [false], 0],
  ['=ASIN(A1)', [0.00001], 1.0000000000166668e-5],
  ['=ASIN(A1)', [null], 0],
  ['=ASIN(A1)', [''], err('#VALUE!')],
  ['=ASIN("1")', [], 1.5707963267948966],
  ['=ASIN(A1)', [-2], err('#NUM!')],
  // ACOS (F2, F5, F6, F9, F10, F11, F14; EverythingTests!E104, I104, J104, K104, Q104).
  ['=ACOS(A1)', [5], err('#NUM!')],
  ['=ACOS(A1)', [0.123], 1.4474840516030245],
  ['=ACOS(A1)', [-0.5], 2.0943951023931957],
  ['=ACOS(A1)', [true], 0],
  ['=ACOS(A1)', ['qwerty'], err('#VALUE!')],
  ['=ACOS(A1)', [false], 1.5707963267948966],
  ['=ACOS(A1)', [PI / 4], 0.6674572160283838],
  ['=ACOS(A1)', [2], err('#NUM!')],
  ['=ACOS(A1)', [-0.00001], 1.5708063267948966],
  ['=ACOS(A1)', [null], 1.5707963267948966],
  ['=ACOS(A1)', [''], err('#VALUE!')],
  ['=ACOS("0.5")', [], 1.0471975511965976],
  // SINH, COSH, TANH (trigonometric_functions.xlsx H, I, J rows 2, 5, 8, 9, 10, 11, 18, 21; EverythingTests!F280
  // COSH(-534), J1256, K280, J1360, L1360); past |x| = 709.78 undetermined.
  ['=SINH(A1)', [5], 74.20321057778875],
  ['=SINH(A1)', [0.123], 0.12331037919333422],
  ['=SINH(A1)', [100], 1.3440585709080678e43],
  ['=SINH(A1)', [true], 1.1752011936438014],
  ['=SINH(A1)', ['qwerty'], err('#VALUE!')],
  ['=SINH(A1)', [false], 0],
  ['=SINH(A1)', [-7.123], -620.0822740085487],
  ['=SINH(A1)', [20], 242582597.70489514],
  ['=SINH(A1)', [''], err('#VALUE!')],
  ['=SINH(A1)', [710], UNKNOWN],
  ['=COSH(A1)', [5], 74.20994852478785],
  ['=COSH(A1)', [-0.5], 1.1276259652063807],
  ['=COSH(A1)', [true], 1.5430806348152437],
  ['=COSH(A1)', [false], 1],
  ['=COSH(A1)', [-534], 4.0947118061319582e231],
  ['=COSH(A1)', ['1'], 1.5430806348152437],
  ['=COSH(A1)', [-710], UNKNOWN],
  ['=TANH(A1)', [5], 0.999909204262595],
  ['=TANH(A1)', [0.123], 0.12238344189440876],
  ['=TANH(A1)', [100], 1],
  ['=TANH(A1)', [true], 0.7615941559557649],
  ['=TANH(A1)', ['1.1'], 0.8004990217606297],
  ['=TANH(A1)', ['TRUE'], err('#VALUE!')],
  ['=TANH(A1)', [-7.123], -0.9999986996192733],
  ['=TANH(A1)', [1e6], 1],
  // ATAN (trigonometric_functions.xlsx G2, G6, G9, G10, G11, G12; EverythingTests!E164, G164, H164, J164, L164).
  ['=ATAN(A1)', [5], 1.373400766945016],
  ['=ATAN(A1)', [-0.5], -0.4636476090008061],
  ['=ATAN(A1)', [true], 0.7853981633974483],
  ['=ATAN(A1)', ['qwerty'], err('#VALUE!')],
  ['=ATAN(A1)', [false], 0],
  ['=ATAN(A1)', [PI], 1.2626272556789118],
  ['=ATAN(A1)', [534], 1.5689236698079085],
  ['=ATAN(A1)', [null], 0],
  ['=ATAN(A1)', [''], err('#VALUE!')],
  ['=ATAN("1")', [], 0.78539816339744828],
  ['=ATAN(A1)', [0.00001], 9.9999999996666679e-6],
  // ATAN2 (ATAN2_POWER.xlsx D2..D28; EverythingTests!F168, M168, N168, O168).
  ['=ATAN2(A1,B1)', [1, 1], 0.78539816339744828],
  ['=ATAN2(A1,B1)', [1, 0], 0],
  ['=ATAN2(A1,B1)', [0, 1], 1.5707963267948966],
  ['=ATAN2(A1,B1)', [0, 0], err('#DIV/0!')],
  ['=ATAN2(A1,B1)', [-2, -3], -2.158798930342464],
  ['=ATAN2(A1,B1)', [-123, 0.1234], 3.1405894018938687],
  ['=ATAN2(A1,B1)', [1e-7, 1], 1.5707962267948967],
  ['=ATAN2(A1,B1)', [true, 2], 1.1071487177940906],
  ['=ATAN2(A1,B1)', [false, false], err('#DIV/0!')],
  ['=ATAN2(A1,B1)', [1, null], 0],
  ['=ATAN2(A1,B1)', [null, 2], 1.5707963267948966],
  ['=ATAN2(A1,B1)', ['hola', 2], err('#VALUE!')],
  ['=ATAN2(A1,B1)', [2, 'hola'], err('#VALUE!')],
  ['=ATAN2(A1,B1)', [err('#DIV/0!'), err('#N/A')], err('#DIV/0!')],
  ['=ATAN2("1",TRUE)', [], 0.78539816339744828],
  ['=ATAN2(A1,B1)', [-9999999999, 1.1], 3.1415926534797931],
];

describeOracleCases(
  'oracle: SIN, COS, TAN, ASIN, ACOS, ATAN and ATAN2 (the 15-digit tier)',
  CASES,
  'excel15',
);
