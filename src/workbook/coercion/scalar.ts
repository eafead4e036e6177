/**
 * The coercion table's rows for the classes that read one value otherwise than as a number: as text (`text`), as
 * a logical value (`logical`) or as it is (`any`).
 */
import { becomes, cell, ET, IC, NA, type ClassRows, VALUE } from './outcomes.js';

export const SCALAR_ROWS: ClassRows = {
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
