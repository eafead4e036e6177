/**
 * The oracle's corrections for the supported set (the gaps differential fuzzing found), each case with Excel's documented or
 * corpus-recorded answer. All formulas are evaluated in one workbook (fast); a few are also evaluated with
 * HyperFormula alone (`corrections: []`) to show the gap each correction closes.
 */
import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/workbook/values.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { excelTextToNumber, excelTrim, textMatches } from '../../src/oracle/excel/excel-values.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';

// Row 1 inputs: A1 blank, B1 "" (text), C1 ="" (formula), D1 " 2 ", E1 TRUE, F1 "abc", G1 1, H1 "1",
// I1 "😀ab", J1 " a<TAB>b<NBSP> ", K1 "é", L1 "E"; a lookup table in N1:O9.
const INPUTS: CellValue[] = [null, '', '=""', ' 2 ', true, 'abc', 1, '1', '😀ab', ' a\tb\u00a0 ', 'é', 'E'];
const TABLE: CellValue[][] = [
  ['abc', 'lower'],
  [1, 'num1'],
  ['1', 'text1'],
  ['é', 'eacute'],
  ['E', 'bigE'],
  [true, 'T'],
  ['ABC', 'upper'],
  [null, 'blank'],
  ['x', null],
];

const err = (e: string) => ({ error: e }) as CellValue;

/** [formula, Excel's value] by gap number. */
const CASES: Record<string, Array<[string, CellValue]>> = {
  '1 number → text in text functions': [
    ['LEN(1/3)', 17],
    ['LEFT(0.1+0.2,5)', '0.3'],
    ['UPPER(1E+21)', '1E+21'],
    ['LOWER(1E+21)', '1e+21'],
    ['MID(1/3,1,20)', '0.333333333333333'],
    ['RIGHT(2/3,3)', '667'],
    ['TRIM(0.1+0.2)', '0.3'],
    ['LEN(TRUE)', 4],
    ['LEFT(E1,2)', 'TR'],
    ['LEN(A1)', 0],
    ['LEFT("abc",-1)', err('#VALUE!')],
    ['MID("abc",0,1)', err('#VALUE!')],
    ['LEFT("abc",1.9)', 'a'],
    ['RIGHT("abc",0)', ''],
  ],
  '2 empty text in arithmetic': [
    ['A1*1', 0],
    ['B1*1', err('#VALUE!')],
    ['C1*1', err('#VALUE!')],
    ['""+0', err('#VALUE!')],
    ['-C1', err('#VALUE!')],
    ['""*"1"', err('#VALUE!')], // FormulaEvalTestData_Copy.xlsx EverythingTests!M59
    ['"1"*1', 1], // FormulaEvalTestData_Copy.xlsx EverythingTests!N59
    ['ABS(B1)', err('#VALUE!')],
    ['ROUND(C1,0)', err('#VALUE!')],
  ],
  '3 text → number': [
    ['" 2 "*1', 2],
    ['D1*1', 2],
    ['"1e3"+0', 1000],
    ['"50%"*1', 0.5],
    ['"$1"*1', 1],
    ['"1"+"$4.00"', 5], // Microsoft: "Calculation operators and precedence"
    ['"6/1/2001"-"5/1/2001"', 31], // same page
    ['"1,000"+0', 1000],
    ['"$1,000.50"*1', 1000.5],
    ['"(1)"*1', -1],
    ['"abc"+1', err('#VALUE!')],
    ['"0x10"*1', err('#VALUE!')],
    ['"Infinity"*1', err('#VALUE!')],
    ['"TRUE"+0', err('#VALUE!')],
    ['E1+0', 1],
    // Not established: the oracle says it cannot evaluate (verification then needs Excel's saved value).
    ['"1 1/2"*1', err('#ERROR!')],
    ['"1,00"+0', err('#ERROR!')],
    ['"12345678901234567"+0', 12345678901234500], // 15 significant digits kept, the rest zeroed
    ['"0.3333333333333333"*1', 0.333333333333333],
  ],
  '4 comparisons': [
    ['"a"<"B"', true],
    ['"a"="A"', true],
    ['"é"="e"', false],
    ['1<"a"', true],
    ['"a"<TRUE', true],
    ['1<TRUE', true],
    ['A1=0', true],
    ['A1=""', true],
    ['A1=FALSE', true],
    ['C1=0', false],
    ['"1"=1', false],
    ['"10"<"9"', true],
  ],
  '5 code units and TRIM': [
    ['LEN(I1)', 4],
    ['LEFT(I1,2)', '😀'],
    ['MID(I1,3,1)', 'a'],
    ['TRIM(J1)', 'a\tb\u00a0'],
    ['TRIM("  a   b  ")', 'a b'],
  ],
  '6 aggregates': [
    ['SUM("2",1)', 3],
    ['SUM("x")', err('#VALUE!')],
    ['SUM("",1)', err('#VALUE!')],
    ['SUM("1,000",1)', 1001],
    ['SUM(TRUE,1)', 2],
    ['SUM(E1,G1)', 1],
    ['SUM(E1:H1)', 1],
    ['AVERAGE(A1:B1)', err('#DIV/0!')],
    ['AVERAGE(F1)', err('#DIV/0!')],
    ['MIN(F1:F1)', 0],
    ['MAX(A1:B1)', 0],
    ['MIN(TRUE,5)', 1],
    ['COUNT("1",TRUE,"x",1)', 3],
    ['COUNT("",1)', 1],
    ['COUNT(E1:H1)', 1],
    ['SUMPRODUCT(G1:H1,G1:H1)', 1],
    ['SUMPRODUCT(E1:G1)', 1],
    ['SUMPRODUCT((G1:H1=1)*1)', 1],
    ['SUMPRODUCT(G1:H1,G1:G1)', err('#VALUE!')],
    // A 1×1 reference is a scalar: its text is #VALUE! (FormulaEvalTestData_Copy.xlsx EverythingTests!J1328,
    // "4" beside 2); a blank or a boolean there, or an error beside a non-number, is not established.
    ['SUMPRODUCT(H1:H1,G1:G1)', err('#VALUE!')],
    ['SUMPRODUCT(G1:G1,G1:G1,B1:B1)', err('#VALUE!')],
    ['SUMPRODUCT(F1)', err('#VALUE!')],
    ['SUMPRODUCT(G1:G1,G1:G1)', 1],
    ['SUMPRODUCT(A1:A1,G1:G1)', err('#ERROR!')],
    ['SUMPRODUCT(E1:E1)', err('#ERROR!')],
    ['SUMPRODUCT(G1:G1,1/0)', err('#DIV/0!')],
    // Sizes differ and an error is there: #VALUE! (I1328, no error) or the error (K1328, same sizes)?
    ['SUMPRODUCT(G1:H1,{1,2,3}/0)', err('#ERROR!')],
    // Errors of two kinds: which comes first (array by array, or entry by entry) is not established.
    ['SUMPRODUCT(G1:H1/{1,0},G1:H1+{"x",1})', err('#ERROR!')],
    ['SUMPRODUCT(G1:H1/{1,0},G1:H1/{0,1})', err('#DIV/0!')],
  ],
  '7 logic': [
    ['AND("TRUE",1)', true],
    ['AND("x",1)', err('#VALUE!')],
    ['AND(F1,1)', true],
    ['AND(F1)', err('#VALUE!')],
    ['AND(A1)', err('#VALUE!')],
    ['AND(A1,TRUE)', true],
    ['OR(F1:G1)', true],
    ['OR("FALSE",0)', false],
    ['AND(1/0,#N/A)', err('#DIV/0!')],
    // A "" literal is left out: ironcalc LOGICAL/AND_OR_XOR.xlsx "AND XOR OR"!C46:E46, C51:E53.
    ['AND("",TRUE)', true],
    ['OR("",FALSE)', false],
    ['XOR("",TRUE)', true],
    ['AND("")', err('#VALUE!')],
    ['OR("","")', err('#VALUE!')],
    ['AND(""&"",TRUE)', err('#ERROR!')], // a computed "": not established
    ['IF("TRUE",1,2)', 1],
    ['IF("x",1,2)', err('#VALUE!')],
    ['IF(A1,1,2)', 2],
    ['IF(B1,1,2)', err('#VALUE!')],
    ['IF(C1,1,2)', err('#VALUE!')],
    ['NOT(A1)', true],
    ['NOT(B1)', err('#VALUE!')],
    ['NOT("false")', true],
  ],
  '8 power, division, overflow': [
    ['0^0', err('#NUM!')],
    ['0^-1', err('#DIV/0!')],
    ['(-8)^(1/3)', err('#NUM!')],
    ['(-8)^3', -512],
    ['10^400', err('#NUM!')],
    ['1E+308*10', err('#NUM!')],
    ['1/0', err('#DIV/0!')],
    ['0/0', err('#DIV/0!')],
    ['-0', 0],
    ['"50"%', 0.5],
  ],
  '9 ROUND, ABS, VLOOKUP': [
    ['ROUND(1.005,2)', 1.01],
    ['ROUND(123.456,-400)', 0],
    ['ROUND(1.5,400)', 1.5],
    ['ROUND(-2.5,0)', -3],
    ['ABS("-2")', 2],
    ['ABS(F1)', err('#VALUE!')],
    ['VLOOKUP("ABC",N1:O9,2,FALSE)', 'lower'],
    ['VLOOKUP(1,N1:O9,2,FALSE)', 'num1'],
    ['VLOOKUP("1",N1:O9,2,0)', 'text1'],
    ['VLOOKUP("e",N1:O9,2,FALSE)', 'bigE'],
    ['VLOOKUP("é",N1:O9,2,FALSE)', 'eacute'],
    ['VLOOKUP(TRUE,N1:O9,2,FALSE)', 'T'],
    ['VLOOKUP("zz",N1:O9,2,FALSE)', err('#N/A')],
    ['VLOOKUP("a?c",N1:O9,2,FALSE)', 'lower'],
    ['VLOOKUP("x",N1:O9,2,FALSE)', 0],
    ['VLOOKUP("abc",N1:O9,3,FALSE)', err('#REF!')],
    ['VLOOKUP("abc",N1:O9,0,FALSE)', err('#VALUE!')],
  ],
  '10 error order': [
    ['#N/A+1/0', err('#N/A')],
    ['1/0+#N/A', err('#DIV/0!')],
    ['IF(#N/A,1/0)', err('#N/A')],
    ['SUM(#N/A,1/0)', err('#N/A')],
    ['"a"&1/0', err('#DIV/0!')],
    ['#REF!+#N/A', err('#REF!')],
  ],
};

function evaluate(formulas: string[], corrections?: []) {
  const grid: (CellValue | undefined)[][] = [[...INPUTS, undefined, ...TABLE[0]]];
  for (let i = 1; i < TABLE.length; i++) grid.push([...Array(13).fill(undefined), ...TABLE[i]]);
  formulas.forEach((f, i) => {
    if (grid[i + 10] === undefined) grid[i + 10] = [];
    grid[i + 10][0] = `=${f}`;
  });
  const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
  const o = evaluateWorkbook(wb, corrections ? { corrections } : {});
  return formulas.map((_, i) => o.get('S', i + 10, 0));
}

const all = Object.entries(CASES).flatMap(([group, list]) => list.map(([f, want]) => ({ group, f, want })));
const got = evaluate(all.map((c) => c.f));

describe('the oracle gives Excel\u2019s value for the supported set', () => {
  it.each(all.map((c, i) => [c.group, c.f, c.want, i] as const))('%s: =%s → %j', (_g, _f, want, i) => {
    expect(got[i]).toEqual(want);
  });
});

describe('HyperFormula alone differs (the gap each correction closes)', () => {
  it.each([
    ['LEN(1/3)', 18],
    ['""*"1"', 0],
    ['"1,000"+0', err('#VALUE!')],
    ['0^0', 1],
    ['SUM("",1)', 1],
    ['SUMPRODUCT(G1:H1,G1:H1)', 2],
    ['AND(F1,1)', err('#VALUE!')],
    ['IF(B1,1,2)', 2],
    ['VLOOKUP("e",K1:L1,2,FALSE)', 'E'],
  ] as Array<[string, CellValue]>)('=%s is %j in HyperFormula 3.5', (f, hf) => {
    expect(evaluate([f], [])[0]).toEqual(hf);
  });
});

describe('coercion helpers', () => {
  it('reads text as en-US Excel does, or says it does not know', () => {
    expect(excelTextToNumber(' -$1,234.5 ')).toBe(-1234.5);
    expect(excelTextToNumber('1.5E-3')).toBe(0.0015);
    expect(excelTextToNumber('2024-01-01')).toBe(45292);
    expect(excelTextToNumber('2/29/2023')).toBe('unknown');
    expect(excelTextToNumber('')).toBe('value');
    expect(excelTextToNumber('   ')).toBe('value');
    // Microsoft's VALUE page reads "16:48:00" and "12:00:00"; its TIMEVALUE page "18:45".
    expect(excelTextToNumber('12:00')).toBe(0.5);
    expect(excelTextToNumber('24:00')).toBe('unknown');
    expect(excelTextToNumber('--1')).toBe('value'); // two signs: ironcalc EXP_SIGN.xlsx C23 SIGN("--8") #VALUE!
  });
  it('trims spaces only and matches wildcards by UTF-16 unit, case-insensitively, accents kept', () => {
    expect(excelTrim('\t a  b \u00a0')).toBe('\t a b \u00a0');
    expect(textMatches('A~*', 'a*')).toBe(true);
    expect(textMatches('a~*', 'ab')).toBe(false);
    expect(textMatches('?', '😀')).toBe(false);
    expect(textMatches('??', '😀')).toBe(true);
    expect(textMatches('e*', 'é')).toBe(false);
  });
});
