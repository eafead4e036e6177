/**
 * The coercion table's rows for the classes that read a list of values, where a reference gives only some of its
 * cells: AND/OR/XOR's `logicals`, an aggregate's `numbers`, COUNT's `counted` and CONCAT's `texts`.
 */
import { becomes, cell, ET, IC, IGNORED, NA, type ClassRows, type Evidence, VALUE } from './outcomes.js';

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

export const LIST_ROWS: ClassRows = {
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
};
