/**
 * The coercion table, one home: what Excel does with an argument's value before the function sees it, by the
 * parameter's class (every parameter of the function table names one: src/compiler/lower/functions/types.ts), the
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
import { VALUE_KINDS, type ValueKindName } from './value-kinds.js';
import type { CellValue } from './values.js';

export type ArgClass =
  | 'number'
  | 'strict-number'
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

/** What each class is and which parameters hold it, for the docs. */
export const ARG_CLASSES: Readonly<Record<ArgClass, string>> = {
  number:
    "a number, converted by Excel's own functions (ABS, ROUND, MOD, DATE's parts, a count or a position)",
  'strict-number':
    'a number where a boolean is refused: the functions that came from the Analysis ToolPak (QUOTIENT, MROUND, ISEVEN, DEC2BIN, EDATE and EOMONTH months, WEEKNUM’s type) and VALUE (a blank 0, `""` #VALUE!)',
  date: 'a date serial of an Analysis ToolPak function (EDATE and EOMONTH start_date, WEEKNUM)',
  digits: 'the digits of a number in base 2, 8 or 16 (BIN2DEC, OCT2HEX, HEX2BIN: their number)',
  text: 'one text (LEN, LEFT, SUBSTITUTE, FIND, VALUE, CONCATENATE, TEXT’s format)',
  logical: 'one logical value (IF and IFS conditions, NOT, TEXTJOIN’s ignore_empty, a lookup’s range_lookup)',
  numbers:
    'an aggregate’s numbers (SUM, AVERAGE, MIN, MAX, PRODUCT, SUMSQ): a reference gives only its numbers',
  counted: 'COUNT’s values: a value is counted when it is a number',
  logicals: 'AND, OR and XOR’s values: a reference gives only its logical values and numbers',
  texts: 'CONCAT and TEXTJOIN’s texts: a reference gives every cell as text',
  criterion: 'a criterion of SUMIF, COUNTIF, AVERAGEIF, the IFS family and MAXIFS/MINIFS',
  range:
    'a range read as a whole (SUMPRODUCT’s arrays, a lookup table, a criteria range, ROW, ROWS, SUBTOTAL’s references)',
  any: 'any value, as it is (IF’s branches, IFERROR, the IS functions, N, CHOOSE’s and SWITCH’s values, a lookup value, COUNTA)',
};

export type How = 'direct' | 'reference';

/** What Excel does with the value. */
export type Outcome =
  /** The function sees this value (for the kind's representative value, `REPRESENTATIVE`). */
  | { becomes: CellValue }
  /** The argument gives this error (for the error kind: the representative error itself). */
  | { error: ExcelErrorCode }
  /** The value is left out, as if it were not given (an aggregate's reference). */
  | { ignored: true }
  | 'not established';

export type Evidence =
  | { file: string; cell: string; formula: string; saved: CellValue; note?: string }
  | { page: string; sentence: string };

export interface CoercionEntry {
  class: ArgClass;
  kind: ValueKindName;
  how: How;
  outcome: Outcome;
  evidence: readonly Evidence[];
}

/**
 * One value of each kind: the table's outcomes are said for these, and the check (test/coercion.test.ts)
 * gives them to each class's probe. A blank has no direct form and an empty argument no reference form.
 */
export const REPRESENTATIVE: Readonly<Record<ValueKindName, CellValue>> = {
  number: 5,
  'numeric-text': '5',
  'date-text': '2024-01-10',
  'logical-text': 'TRUE',
  text: 'xyz',
  'empty-text': '',
  boolean: true,
  blank: null,
  error: { error: '#N/A' },
  omitted: null,
};

/** 2024-01-10 as a serial (1900 system). */
const DATE_SERIAL = 45301;

const IC = 'excel/ironcalc/';
const ET = 'excel/poi/FormulaEvalTestData_Copy.xlsx';
const cell = (file: string, at: string, formula: string, saved: CellValue, note?: string): Evidence =>
  note === undefined ? { file, cell: at, formula, saved } : { file, cell: at, formula, saved, note };
const NA: Outcome = { error: '#N/A' };
const VALUE: Outcome = { error: '#VALUE!' };
const IGNORED: Outcome = { ignored: true };
const becomes = (v: CellValue): Outcome => ({ becomes: v });

const AND_PAGE: Evidence = {
  page: 'WorksheetFunction.And method (Excel)',
  sentence:
    'If an array or reference argument contains text or empty cells, those values are ignored. If the specified range contains no logical values, this method generates an error value.',
};
const COUNT_SPEC: Evidence = {
  page: 'ECMA-376 Part 4, COUNT',
  sentence:
    'Arguments that are numbers, logical values, dates, or text representations of numbers shall be counted. If an argument is an array or reference, only numbers in that array or reference shall be counted. Empty cells, logical values, text, or error values in the array or reference shall be ignored.',
};

type Row = [ValueKindName, How, Outcome, ...Evidence[]];

/** The entries with an outcome, per class; every other class × kind × direct/reference is not established. */
const ESTABLISHED: Readonly<Partial<Record<ArgClass, readonly Row[]>>> = {
  number: [
    [
      'number',
      'direct',
      becomes(5),
      cell(`${IC}MATH_AND_TRIGONOMETRY/EXP_SIGN.xlsx`, 'EXP_SIGN!C5', 'SIGN(0)', 0),
    ],
    [
      'number',
      'reference',
      becomes(5),
      cell(`${IC}DATE_AND_TIME/DATE_DAY_MONTH_YEAR.xlsx`, 'Sheet1!B2', 'DAY(A2)', 30, 'A2 = 32111'),
    ],
    [
      'numeric-text',
      'direct',
      becomes(5),
      cell(ET, 'EverythingTests!I96', 'ABS("1")', 1),
      cell(ET, 'EverythingTests!J368', 'DEGREES("1")', 57.29577951308232),
    ],
    [
      'numeric-text',
      'reference',
      becomes(5),
      cell(`${IC}MATH_AND_TRIGONOMETRY/EVEN_ODD.xlsx`, 'EVEN_ODD!B32', 'EVEN(A32)', 16, 'A32 = "16"'),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/DEGREES_RADIANS.xlsx`,
        'DEGREES_RADIANS!B13',
        'DEGREES(A13)',
        179.99469134034814,
        'A13 = "3.1415"',
      ),
    ],
    [
      'date-text',
      'reference',
      becomes(DATE_SERIAL),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`,
        'INT!B27',
        'INT(A27)',
        DATE_SERIAL,
        'A27 = "2024-01-10"',
      ),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`,
        'TRUNC!C31',
        'TRUNC(A31,B31)',
        DATE_SERIAL,
        'A31 = "2024-01-10"',
      ),
    ],
    [
      'logical-text',
      'reference',
      VALUE,
      cell(ET, 'EverythingTests!P96', 'ABS(B18)', { error: '#VALUE!' }, 'B18 = "TRUE"'),
      cell(ET, 'EverythingTests!G756', 'INT(B18)', { error: '#VALUE!' }, 'B18 = "TRUE"'),
    ],
    [
      'text',
      'direct',
      VALUE,
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/FLOOR_CEILING.xlsx`,
        'FLOOR!X144',
        '_xlfn.FLOOR.MATH($A144,X$143,"one")',
        { error: '#VALUE!' },
      ),
    ],
    [
      'text',
      'reference',
      VALUE,
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/ABS.xlsx`,
        'Sheet1!B11',
        'ABS(A11)',
        { error: '#VALUE!' },
        'A11 = "Hello"',
      ),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/DEGREES_RADIANS.xlsx`,
        'DEGREES_RADIANS!B14',
        'DEGREES(A14)',
        { error: '#VALUE!' },
        'A14 = "abc"',
      ),
    ],
    [
      'empty-text',
      'reference',
      VALUE,
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/EXP_SIGN.xlsx`,
        'EXP_SIGN!C17',
        'SIGN(A17)',
        { error: '#VALUE!' },
        'A17 = ""',
      ),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`,
        'TRUNC!C25',
        'TRUNC(A25,B25)',
        { error: '#VALUE!' },
        'A25 = ""',
      ),
    ],
    [
      'boolean',
      'direct',
      becomes(1),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/FLOOR_CEILING.xlsx`,
        'FLOOR!M154',
        '_xlfn.FLOOR.MATH($A154,M$153,TRUE)',
        10,
        'mode TRUE as 1',
      ),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/FLOOR_CEILING.xlsx`,
        'CEILING!M154',
        '_xlfn.CEILING.MATH($A154,M$153,TRUE)',
        10,
        'mode TRUE as 1',
      ),
    ],
    [
      'boolean',
      'reference',
      becomes(1),
      cell(`${IC}MATH_AND_TRIGONOMETRY/ABS.xlsx`, 'Sheet1!B5', 'ABS(A5)', 1, 'A5 = TRUE'),
      cell(`${IC}MATH_AND_TRIGONOMETRY/EVEN_ODD.xlsx`, 'EVEN_ODD!B37', 'EVEN(A37)', 2, 'A37 = TRUE'),
    ],
    [
      'blank',
      'reference',
      becomes(0),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/DEGREES_RADIANS.xlsx`,
        'DEGREES_RADIANS!B10',
        'DEGREES(A10)',
        0,
        'A10 blank',
      ),
      cell(`${IC}MATH_AND_TRIGONOMETRY/EVEN_ODD.xlsx`, 'EVEN_ODD!C10', 'ODD(A10)', 1, 'A10 blank'),
    ],
    ['error', 'direct', NA, cell(ET, 'EverythingTests!H940', 'MONTH(#N/A)', { error: '#N/A' })],
    [
      'error',
      'reference',
      NA,
      cell(`${IC}MATH_AND_TRIGONOMETRY/ABS.xlsx`, 'Sheet1!B10', 'ABS(A10)', { error: '#N/A' }, 'A10 = #N/A'),
    ],
  ],
  'strict-number': [
    ['numeric-text', 'direct', becomes(5), cell(ET, 'EverythingTests!D1444', 'VALUE("0.33")', 0.33)],
    [
      'text',
      'direct',
      VALUE,
      cell('excel/poi/ValueFunctionOfBlank.xlsx', 'Sheet1!E1', 'VALUE("ABC")', { error: '#VALUE!' }),
    ],
    [
      'empty-text',
      'direct',
      VALUE,
      cell('excel/poi/ValueFunctionOfBlank.xlsx', 'Sheet1!A1', 'VALUE("")', { error: '#VALUE!' }),
    ],
    [
      'number',
      'reference',
      becomes(5),
      cell(`${IC}DATE_AND_TIME/EOMONTH.xlsx`, 'Sheet1!C2', 'EOMONTH(A2,B2)', 45230, 'B2 = 7'),
    ],
    [
      'numeric-text',
      'reference',
      becomes(5),
      cell(`${IC}DATE_AND_TIME/EOMONTH.xlsx`, 'Sheet1!C15', 'EOMONTH(A15,B15)', 45077, 'B15 = "2"'),
      cell(
        `${IC}INFORMATION/ISREF_ISFORMULA_ISODD_ISEVEN.xlsx`,
        'ISODD_ISEVEN!C11',
        'ISEVEN(A11)',
        true,
        'A11 = "12"',
      ),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/MOD_QUOTIENT.xlsx`,
        'DATEVALUE!D33',
        'QUOTIENT(A33,B33)',
        2,
        'A33 = "16"',
      ),
    ],
    [
      'date-text',
      'reference',
      becomes(DATE_SERIAL),
      cell(`${IC}TEXT/T_VALUE_VALUETOTEXT.xlsx`, 'Sheet1!I5', 'VALUE(H5)', 36504, 'H5 = "10-12-1999"'),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`,
        'MROUND!C31',
        'MROUND(A31,B31)',
        45304,
        'A31 = "2024-01-10"',
      ),
    ],
    [
      'text',
      'reference',
      VALUE,
      cell(
        `${IC}INFORMATION/ISREF_ISFORMULA_ISODD_ISEVEN.xlsx`,
        'ISODD_ISEVEN!B23',
        'ISODD(A23)',
        { error: '#VALUE!' },
        'A23 = "Hey"',
      ),
      cell(`${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`, 'MROUND!C24', 'MROUND(A24,B24)', {
        error: '#VALUE!',
      }),
    ],
    [
      'empty-text',
      'reference',
      VALUE,
      cell(
        `${IC}TEXT/T_VALUE_VALUETOTEXT.xlsx`,
        'Sheet1!I13',
        'VALUE(H13)',
        { error: '#VALUE!' },
        'H13 = ""',
      ),
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`,
        'MROUND!C25',
        'MROUND(A25,B25)',
        { error: '#VALUE!' },
        'A25 = ""',
      ),
      cell('excel/xlcalculator/BASES.xlsx', 'non-numeric!H3', 'DEC2BIN(A3)', { error: '#VALUE!' }, 'A3 = ""'),
    ],
    [
      'boolean',
      'reference',
      VALUE,
      cell(`${IC}TEXT/T_VALUE_VALUETOTEXT.xlsx`, 'Sheet1!C6', 'VALUE(A6)', { error: '#VALUE!' }, 'A6 = TRUE'),
      cell(
        `${IC}DATE_AND_TIME/EOMONTH.xlsx`,
        'Sheet1!C11',
        'EOMONTH(A11,B11)',
        { error: '#VALUE!' },
        'B11 = TRUE',
      ),
      cell(
        `${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`,
        'Decimal!C25',
        'DEC2BIN(A25)',
        { error: '#VALUE!' },
        'A25 = TRUE',
      ),
    ],
    [
      'blank',
      'reference',
      becomes(0),
      cell(`${IC}TEXT/T_VALUE_VALUETOTEXT.xlsx`, 'Sheet1!C2', 'VALUE(A2)', 0, 'A2 blank'),
      cell(`${IC}DATE_AND_TIME/EOMONTH.xlsx`, 'Sheet1!C14', 'EOMONTH(A14,B14)', 45016, 'B14 blank'),
      cell(`${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`, 'Decimal!C19', 'DEC2BIN(A19)', '0', 'A19 blank'),
    ],
    [
      'error',
      'reference',
      NA,
      cell(
        `${IC}TEXT/T_VALUE_VALUETOTEXT.xlsx`,
        'Sheet1!C7',
        'VALUE(A7)',
        { error: '#DIV/0!' },
        'A7 = #DIV/0!: errors pass',
      ),
      cell(
        `${IC}INFORMATION/ISREF_ISFORMULA_ISODD_ISEVEN.xlsx`,
        'ISODD_ISEVEN!B17',
        'ISODD(A17)',
        { error: '#N/A' },
        'A17 = #N/A',
      ),
    ],
    [
      'omitted',
      'direct',
      NA,
      cell(`${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`, 'MROUND!C34', 'MROUND(,B34)', {
        error: '#N/A',
      }),
      cell(`${IC}MATH_AND_TRIGONOMETRY/MROUND_TRUNC_INT.xlsx`, 'MROUND!C36', 'MROUND(A36, )', {
        error: '#N/A',
      }),
    ],
  ],
  date: [
    [
      'number',
      'reference',
      becomes(5),
      cell(`${IC}DATE_AND_TIME/DATE_DAY_MONTH_YEAR.xlsx`, 'Sheet1!H2', 'EDATE(E2,F2)', 32263, 'E2 = 32111'),
      cell(`${IC}DATE_AND_TIME/EOMONTH.xlsx`, 'Sheet1!C2', 'EOMONTH(A2,B2)', 45230, 'A2 = 44987'),
    ],
  ],
  digits: [
    [
      'number',
      'reference',
      becomes('5'),
      cell(`${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`, 'Binary!C2', 'BIN2DEC(A2)', 100, 'A2 = 1100100'),
    ],
    [
      'numeric-text',
      'reference',
      becomes('5'),
      cell(`${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`, 'Decimal!J2', 'HEX2DEC(E2)', 1, 'E2 = "1"'),
      cell(`${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`, 'Binary!C3', 'BIN2DEC(A3)', -69, 'A3 = "1110111011"'),
    ],
    [
      'text',
      'reference',
      { error: '#NUM!' },
      cell(
        `${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`,
        'HEX!E6',
        'HEX2DEC(A6)',
        { error: '#NUM!' },
        'A6 = "QWERTY"',
      ),
    ],
    [
      'empty-text',
      'reference',
      becomes(''),
      cell('excel/xlcalculator/BASES.xlsx', 'non-numeric!C3', 'BIN2DEC(A3)', 0, 'A3 = ""'),
      cell('excel/xlcalculator/BASES.xlsx', 'non-numeric!F3', 'OCT2DEC(A3)', 0, 'A3 = ""'),
    ],
    [
      'boolean',
      'reference',
      VALUE,
      cell(
        `${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`,
        'Binary!C4',
        'BIN2DEC(A4)',
        { error: '#VALUE!' },
        'A4 = TRUE',
      ),
    ],
    [
      'blank',
      'reference',
      becomes(''),
      cell('excel/xlcalculator/BASES.xlsx', 'non-numeric!C2', 'BIN2DEC(A2)', 0, 'A2 blank'),
      cell('excel/xlcalculator/BASES.xlsx', 'non-numeric!F2', 'OCT2DEC(A2)', 0, 'A2 blank'),
    ],
    [
      'error',
      'reference',
      NA,
      cell(
        `${IC}ENGINEERING/NUMBER_SYSTEMS.xlsx`,
        'Decimal!H5',
        'BIN2DEC(D5)',
        { error: '#NUM!' },
        'D5 = #NUM!: errors pass',
      ),
    ],
  ],
  text: [
    [
      'number',
      'direct',
      becomes('5'),
      cell(ET, 'EverythingTests!D476', 'EXACT(123,"123")', true),
      cell(ET, 'EverythingTests!G1136', 'REPLACE(12345, 3, 1, 9009)', '12900945'),
    ],
    [
      'number',
      'reference',
      becomes('5'),
      cell(`${IC}TEXT/REPT.xlsx`, 'Sheet1!C14', 'REPT(A14,B14)', '123123', 'A14 = 123'),
    ],
    ['numeric-text', 'direct', becomes('5'), cell(ET, 'EverythingTests!D476', 'EXACT(123,"123")', true)],
    [
      'numeric-text',
      'reference',
      becomes('5'),
      cell(`${IC}TEXT/STRING_HANDLING.xlsx`, 'Sheet1!B6', 'LEN(A6)', 3, 'A6 = "123"'),
    ],
    [
      'logical-text',
      'reference',
      becomes('TRUE'),
      cell(ET, 'EverythingTests!H876', 'LOWER(B18)', 'true', 'B18 = "TRUE"'),
    ],
    ['text', 'direct', becomes('xyz'), cell(ET, 'EverythingTests!D876', 'LOWER("ALL UPPER")', 'all upper')],
    [
      'text',
      'reference',
      becomes('xyz'),
      cell(`${IC}TEXT/PROPER.xlsx`, 'Sheet1!B1', 'PROPER(A1)', 'Democracy Dies In The Shadows'),
    ],
    [
      'empty-text',
      'direct',
      becomes(''),
      cell(ET, 'EverythingTests!S1312', 'SUBSTITUTE("   ", " ", "")', ''),
    ],
    [
      'empty-text',
      'reference',
      becomes(''),
      cell(`${IC}TEXT/STRING_HANDLING.xlsx`, 'Sheet1!B10', 'LEN(A10)', 0, 'A10 = ""'),
    ],
    [
      'boolean',
      'direct',
      becomes('TRUE'),
      cell(ET, 'EverythingTests!I824', 'LEFT(TRUE,2)', 'TR'),
      cell(ET, 'EverythingTests!I1168', 'RIGHT(TRUE,2)', 'UE'),
    ],
    [
      'boolean',
      'reference',
      becomes('TRUE'),
      cell(`${IC}TEXT/REPT.xlsx`, 'Sheet1!C15', 'REPT(A15,B15)', 'TRUETRUE', 'A15 = TRUE'),
    ],
    [
      'blank',
      'reference',
      becomes(''),
      cell(`${IC}TEXT/STRING_HANDLING.xlsx`, 'Sheet1!B9', 'LEN(A9)', 0, 'A9 blank'),
      cell(`${IC}TEXT/PROPER.xlsx`, 'Sheet1!B5', 'PROPER(A5)', '', 'A5 blank'),
    ],
    [
      'error',
      'reference',
      NA,
      cell(
        `${IC}TEXT/STRING_HANDLING.xlsx`,
        'Sheet1!B7',
        'LEN(A7)',
        { error: '#DIV/0!' },
        'A7 = #DIV/0!: errors pass',
      ),
    ],
    [
      'omitted',
      'direct',
      becomes(''),
      cell(`${IC}TEXT/CONCATENATE.xlsx`, 'Sheet1!E7', 'CONCATENATE(A7,,C7)', 'hey :)'),
    ],
  ],
  logical: [
    ['logical-text', 'direct', becomes(true), cell(ET, 'EverythingTests!M732', 'IF("tRue", "A", "B")', 'A')],
    ['number', 'direct', becomes(true), cell(ET, 'EverythingTests!D980', 'NOT(0)', true)],
    [
      'number',
      'reference',
      becomes(true),
      cell(`${IC}simple_functions.xlsx`, 'LOGICAL!L4', 'NOT(K4)', false, 'K4 = 1'),
      cell(ET, 'EverythingTests!F732', 'IF(B10,3)', 3, 'B10 = 534'),
    ],
    [
      'numeric-text',
      'reference',
      VALUE,
      cell(`${IC}LOGICAL/IFS.xlsx`, 'Sheet1!C6', '_xlfn.IFS(A6,B6)', { error: '#VALUE!' }, 'A6 = "1"'),
    ],
    [
      'text',
      'reference',
      VALUE,
      cell(ET, 'EverythingTests!H980', 'NOT(E8)', { error: '#VALUE!' }, 'E8 = "nospaces"'),
      cell(`${IC}LOGICAL/IFS.xlsx`, 'Sheet1!C7', '_xlfn.IFS(A7,B7)', { error: '#VALUE!' }, 'A7 = "world"'),
    ],
    ['boolean', 'direct', becomes(true), cell(ET, 'EverythingTests!E980', 'NOT(FALSE)', true)],
    [
      'boolean',
      'reference',
      becomes(true),
      cell(`${IC}simple_functions.xlsx`, 'LOGICAL!L2', 'NOT(K2)', false, 'K2 = TRUE'),
    ],
    [
      'blank',
      'reference',
      becomes(false),
      cell(
        `${IC}LOGICAL/IFS.xlsx`,
        'Sheet1!C9',
        '_xlfn.IFS(A9,B9)',
        { error: '#N/A' },
        'A9 blank: no condition TRUE',
      ),
    ],
    [
      'error',
      'reference',
      NA,
      cell(ET, 'EverythingTests!L732', 'IF(AA11,1)', { error: '#NAME?' }, 'AA11 = #NAME?: errors pass'),
    ],
  ],
  logicals: [
    [
      'number',
      'direct',
      becomes(true),
      cell(`${IC}LOGICAL/AND_OR_XOR.xlsx`, 'AND XOR OR!C1', 'OR(-1)', true),
    ],
    [
      'number',
      'reference',
      becomes(true),
      cell(`${IC}LOGICAL/AND_OR_XOR.xlsx`, 'AND XOR OR!C83', 'OR(A12, A12)', false, 'A12 = 0'),
    ],
    [
      'numeric-text',
      'direct',
      VALUE,
      cell(`${IC}LOGICAL/AND_OR_XOR.xlsx`, 'AND XOR OR!C49', 'OR("0")', { error: '#VALUE!' }),
      cell(ET, 'EverythingTests!J136', 'AND("1",1)', { error: '#VALUE!' }),
    ],
    [
      'numeric-text',
      'reference',
      IGNORED,
      AND_PAGE,
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C105',
        'OR(A9)',
        { error: '#VALUE!' },
        'A9 = "0": no logical value left',
      ),
    ],
    [
      'logical-text',
      'direct',
      becomes(true),
      cell(`${IC}LOGICAL/AND_OR_XOR.xlsx`, 'AND XOR OR!C47', 'OR("TRUE")', true),
    ],
    [
      'logical-text',
      'reference',
      IGNORED,
      AND_PAGE,
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C101',
        'OR(A7)',
        { error: '#VALUE!' },
        'A7 = "TRUE": no logical value left',
      ),
    ],
    [
      'text',
      'reference',
      IGNORED,
      AND_PAGE,
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C93',
        'OR(A3)',
        { error: '#VALUE!' },
        'no logical value left',
      ),
    ],
    [
      'empty-text',
      'direct',
      IGNORED,
      cell(`${IC}LOGICAL/AND_OR_XOR.xlsx`, 'AND XOR OR!C53', 'OR("", FALSE)', false),
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C46',
        'OR("")',
        { error: '#VALUE!' },
        'no logical value left',
      ),
    ],
    [
      'empty-text',
      'reference',
      IGNORED,
      AND_PAGE,
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C99',
        'OR(A6)',
        { error: '#VALUE!' },
        'A6 = "": no logical value left',
      ),
    ],
    [
      'boolean',
      'direct',
      becomes(true),
      cell(`${IC}LOGICAL/AND_OR_XOR.xlsx`, 'AND XOR OR!C22', 'OR(FALSE)', false),
    ],
    [
      'boolean',
      'reference',
      becomes(true),
      cell(`${IC}logical.xlsx`, 'XOR!A2', '_xlfn.XOR(A1)', true, 'A1 = TRUE'),
    ],
    [
      'blank',
      'reference',
      IGNORED,
      AND_PAGE,
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C54',
        'OR(Z99)',
        { error: '#VALUE!' },
        'Z99 blank: no logical value left',
      ),
    ],
    [
      'error',
      'reference',
      NA,
      cell(
        `${IC}LOGICAL/AND_OR_XOR.xlsx`,
        'AND XOR OR!C112',
        'OR(A14)',
        { error: '#DIV/0!' },
        'A14 = #DIV/0!: errors pass',
      ),
    ],
  ],
  numbers: [
    [
      'number',
      'direct',
      becomes(5),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C21', 'SUM(7)', 7),
    ],
    [
      'number',
      'reference',
      becomes(5),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C26', 'SUM(A1)', 7, 'A1 = 7'),
    ],
    [
      'numeric-text',
      'direct',
      becomes(5),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C22', 'SUM("7")', 7),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!B22', 'PRODUCT("7")', 7),
    ],
    [
      'numeric-text',
      'reference',
      IGNORED,
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C27', 'SUM(A2)', 0, 'A2 = "7"'),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!B27', 'PRODUCT(A2)', 0, 'A2 = "7"'),
    ],
    [
      'date-text',
      'reference',
      IGNORED,
      cell(`${IC}MATH_AND_TRIGONOMETRY/SUMSQ.xlsx`, 'SUMSQ!B52', 'SUMSQ(A52:A52)', 0, 'A52 = "2024-01-10"'),
    ],
    [
      'logical-text',
      'reference',
      IGNORED,
      cell(ET, 'EverythingTests!H1084', 'PRODUCT(B18,C14)', -2.99999, 'B18 = "TRUE"'),
    ],
    [
      'text',
      'direct',
      VALUE,
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C23', 'SUM("seven")', { error: '#VALUE!' }),
      cell(`${IC}STATISTICAL/AVERAGE.xlsx`, 'Sheet1!D27', 'AVERAGE("Hola")', { error: '#VALUE!' }),
    ],
    [
      'text',
      'reference',
      IGNORED,
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C28', 'SUM(A3)', 0, 'A3 = "seven"'),
      cell(`${IC}MATH_AND_TRIGONOMETRY/SUMSQ.xlsx`, 'SUMSQ!B43', 'SUMSQ(A43:A43)', 0, 'A43 = "eight"'),
    ],
    [
      'empty-text',
      'reference',
      IGNORED,
      cell(
        `${IC}STATISTICAL/AVERAGE.xlsx`,
        'Sheet1!C16',
        'AVERAGE(C2,C3,C4,C5,C6,C7,C8,C9,C10)',
        2.5,
        'one of them ""',
      ),
    ],
    [
      'boolean',
      'direct',
      becomes(1),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C24', 'SUM(TRUE)', 1),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!B24', 'PRODUCT(TRUE)', 1),
    ],
    [
      'boolean',
      'reference',
      IGNORED,
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!C29', 'SUM(A4)', 0, 'A4 = TRUE'),
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!B29', 'PRODUCT(A4)', 0, 'A4 = TRUE'),
    ],
    [
      'blank',
      'reference',
      IGNORED,
      cell(`${IC}MATH_AND_TRIGONOMETRY/PRODUCT_SUM.xlsx`, 'Sheet1!B33', 'PRODUCT(A8)', 0, 'A8 blank'),
    ],
    [
      'error',
      'direct',
      NA,
      cell(`${IC}STATISTICAL/AVERAGE.xlsx`, 'Sheet1!D29', 'AVERAGE(#N/A)', { error: '#N/A' }),
    ],
    [
      'error',
      'reference',
      NA,
      cell(
        `${IC}MATH_AND_TRIGONOMETRY/SUMSQ.xlsx`,
        'SUMSQ!B47',
        'SUMSQ(A47:A47)',
        { error: '#N/A' },
        'A47 = #N/A',
      ),
    ],
  ],
  counted: [
    ['number', 'direct', becomes(5), cell(`${IC}STATISTICAL/AVERAGE.xlsx`, 'Sheet1!C27', 'COUNT(3)', 1)],
    ['number', 'reference', becomes(5), COUNT_SPEC],
    [
      'numeric-text',
      'direct',
      becomes(5),
      cell(`${IC}STATISTICAL/COUNT.xlsx`, 'Sheet1!F27', 'COUNT("23")', 1),
    ],
    ['numeric-text', 'reference', IGNORED, COUNT_SPEC],
    ['text', 'direct', IGNORED, cell(`${IC}STATISTICAL/COUNT.xlsx`, 'Sheet1!D27', 'COUNT("Hola")', 0)],
    ['text', 'reference', IGNORED, COUNT_SPEC],
    [
      'empty-text',
      'reference',
      IGNORED,
      cell(`${IC}STATISTICAL/AVERAGE.xlsx`, 'Sheet1!G16', 'COUNT(E6)', 0, 'E6 = ""'),
    ],
    ['boolean', 'direct', becomes(1), cell(`${IC}STATISTICAL/COUNT.xlsx`, 'Sheet1!E27', 'COUNT(TRUE)', 1)],
    ['boolean', 'reference', IGNORED, COUNT_SPEC],
    ['blank', 'reference', IGNORED, COUNT_SPEC],
    ['error', 'direct', IGNORED, cell(`${IC}STATISTICAL/COUNT.xlsx`, 'Sheet1!G27', 'COUNT(#N/A)', 0)],
    ['error', 'reference', IGNORED, COUNT_SPEC],
  ],
  texts: [
    [
      'number',
      'reference',
      becomes('5'),
      cell(`${IC}TEXT/CONCAT.xlsx`, 'Sheet1!E6', '_xlfn.CONCAT(A6,B6,C6)', '123', 'A6 = 1'),
    ],
    [
      'text',
      'reference',
      becomes('xyz'),
      cell(`${IC}TEXT/CONCAT.xlsx`, 'Sheet1!E4', '_xlfn.CONCAT(A4,B4,C4)', '123FOUR567', 'B4 = "FOUR"'),
    ],
    [
      'boolean',
      'reference',
      becomes('TRUE'),
      cell(
        `${IC}TEXT/CONCAT.xlsx`,
        'Sheet1!E7',
        '_xlfn.CONCAT(A7,B7,C7)',
        'TRUE',
        'A7 = TRUE, B7 and C7 blank',
      ),
    ],
    [
      'blank',
      'reference',
      becomes(''),
      cell(`${IC}TEXT/CONCAT.xlsx`, 'Sheet1!E7', '_xlfn.CONCAT(A7,B7,C7)', 'TRUE', 'B7 and C7 blank'),
    ],
  ],
  any: [
    ['number', 'direct', becomes(5), cell(ET, 'EverythingTests!D796', 'ISNUMBER(0)', true)],
    [
      'number',
      'reference',
      becomes(5),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!B2', 'ISNUMBER(A2)', true, 'A2 = 1'),
    ],
    ['numeric-text', 'direct', becomes('5'), cell(ET, 'EverythingTests!F808', 'ISTEXT("1")', true)],
    [
      'numeric-text',
      'reference',
      becomes('5'),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!B5', 'ISNUMBER(A5)', false, 'A5 = "12"'),
    ],
    ['logical-text', 'direct', becomes('TRUE'), cell(ET, 'EverythingTests!G808', 'ISTEXT("true")', true)],
    [
      'logical-text',
      'reference',
      becomes('TRUE'),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!D10', 'ISLOGICAL(A10)', false, 'A10 = "true"'),
    ],
    ['text', 'direct', becomes('xyz'), cell(ET, 'EverythingTests!E796', 'ISNUMBER("a")', false)],
    [
      'text',
      'reference',
      becomes('xyz'),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!C3', 'ISTEXT(A3)', true, 'A3 = "Hello"'),
    ],
    [
      'empty-text',
      'reference',
      becomes(''),
      cell(ET, 'EverythingTests!H772', 'ISBLANK(E7)', false, 'E7 = ""'),
    ],
    [
      'boolean',
      'direct',
      becomes(true),
      cell(ET, 'EverythingTests!K784', 'ISLOGICAL(TRUE)', true),
      cell(ET, 'EverythingTests!F796', 'ISNUMBER(TRUE)', false),
    ],
    [
      'boolean',
      'reference',
      becomes(true),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!D8', 'ISLOGICAL(A8)', true, 'A8 = TRUE'),
    ],
    [
      'blank',
      'reference',
      becomes(null),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!E14', 'ISBLANK(A14)', true, 'A14 blank'),
    ],
    ['error', 'direct', becomes({ error: '#N/A' }), cell(ET, 'EverythingTests!D788', 'ISNA(#N/A)', true)],
    [
      'error',
      'reference',
      becomes({ error: '#N/A' }),
      cell(`${IC}INFORMATION/IS_INFORMATION.xlsx`, 'Sheet1!G4', 'ISERROR(A4)', true, 'A4 = #N/A'),
    ],
  ],
};

/** How a kind can be given: a blank only through a reference, an empty argument only typed. */
export function hows(kind: ValueKindName): readonly How[] {
  if (kind === 'blank') return ['reference'];
  if (kind === 'omitted') return ['direct'];
  return ['direct', 'reference'];
}

/** Every class × kind × direct/reference, in order; what no evidence decides is not established. */
export const COERCION_TABLE: readonly CoercionEntry[] = (Object.keys(ARG_CLASSES) as ArgClass[]).flatMap(
  (c) =>
    VALUE_KINDS.flatMap((kind) =>
      hows(kind).map((how): CoercionEntry => {
        const row = ESTABLISHED[c]?.find(([k, h]) => k === kind && h === how);
        if (!row) return { class: c, kind, how, outcome: 'not established', evidence: [] };
        const [, , outcome, ...evidence] = row;
        return { class: c, kind, how, outcome, evidence };
      }),
    ),
);

/** The table's entry. */
export function coercion(c: ArgClass, kind: ValueKindName, how: How): CoercionEntry {
  const e = COERCION_TABLE.find((x) => x.class === c && x.kind === kind && x.how === how);
  if (!e) throw new Error(`no coercion entry for ${c} ${kind} ${how}`);
  return e;
}
