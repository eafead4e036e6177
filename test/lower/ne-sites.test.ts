/**
 * The lowering's not-established sites: where no saved Excel cell and no Microsoft page gives Excel's answer,
 * the lowering answers the not-established value (translate_formula says "not established"), never `#VALUE!`;
 * beside each, the neighbouring case that is established keeps Excel's saved answer (the cell is named).
 */
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import type { CellValue } from '../../src/workbook/values.js';

type Got = CellValue | 'not established' | 'refused';

async function got(formula: string, cells: Record<string, CellValue> = {}): Promise<Got> {
  const r = await translateFormula(formula, cells);
  if ('error' in r) return 'refused';
  return r.notEstablished !== undefined ? 'not established' : r.value;
}

const VALUE = { error: '#VALUE!' };

describe('QUOTIENT and MROUND: a boolean', () => {
  it('read from a cell is #VALUE! (MOD_QUOTIENT.xlsx D39, MROUND_TRUNC_INT.xlsx MROUND!C51)', async () => {
    expect(await got('=QUOTIENT(A1,1)', { A1: true })).toEqual(VALUE);
    expect(await got('=MROUND(A1,2)', { A1: true })).toEqual(VALUE);
    expect(await got('=MROUND(4,A1)', { A1: false })).toEqual(VALUE);
  });
  it('typed or computed is not established', async () => {
    expect(await got('=QUOTIENT(TRUE,1)')).toBe('not established');
    expect(await got('=QUOTIENT(5,TRUE)')).toBe('not established');
    expect(await got('=MROUND(TRUE,2)')).toBe('not established');
    expect(await got('=QUOTIENT(A1>0,1)', { A1: 3 })).toBe('not established');
  });
});

describe('CEILING.MATH / FLOOR.MATH: the mode', () => {
  it('typed TRUE/FALSE is 1/0 (FLOOR_CEILING.xlsx CEILING!M158, M168); typed "one" #VALUE! (X144)', async () => {
    expect(await got('=CEILING.MATH(-7.1,1,TRUE)')).toBe(-8);
    expect(await got('=CEILING.MATH(-7.1,1,FALSE)')).toBe(-7);
    expect(await got('=FLOOR.MATH(5,1,"one")')).toEqual(VALUE);
  });
  it('as numeric text, or read from a cell as text, a boolean or a blank, is not established', async () => {
    expect(await got('=CEILING.MATH(-7.1,1,"1")')).toBe('not established');
    expect(await got('=CEILING.MATH(-7.1,1,A1)', { A1: '1' })).toBe('not established');
    expect(await got('=FLOOR.MATH(-7.1,1,A1)', { A1: true })).toBe('not established');
    expect(await got('=FLOOR.MATH(-7.1,1,A1)', { A1: 'one' })).toBe('not established');
    expect(await got('=CEILING.MATH(-7.1,1,A1)')).toBe('not established');
    expect(await got('=CEILING.MATH(-7.1,1,A1)', { A1: 1 })).toBe(-8);
  });
  it('a boolean typed or computed as the number or significance is not established', async () => {
    expect(await got('=CEILING.MATH(TRUE,1)')).toBe('not established');
    expect(await got('=FLOOR.MATH(5,1>0)')).toBe('not established');
    expect(await got('=CEILING.MATH(A1,1)', { A1: true })).toBe(1);
  });
});

describe('MOD past the largest saved quotient', () => {
  it('|n/d| up to 5E10 is computed (MOD_QUOTIENT.xlsx C22 MOD(1E10,3) 1, C25 MOD(5,1E-10))', async () => {
    expect(await got('=MOD(1E10,3)')).toBe(1);
    expect(await got('=MOD(5,1E-10)')).toBe(9.999981783901343e-11);
  });
  it('beyond is not established', async () => {
    expect(await got('=MOD(1E11,1)')).toBe('not established');
    expect(await got('=MOD(A1,3)', { A1: 1e12 })).toBe('not established');
  });
});

describe('VALUE of a boolean', () => {
  it('read from a cell is #VALUE! (T_VALUE_VALUETOTEXT.xlsx C6, A6 = TRUE)', async () => {
    expect(await got('=VALUE(A1)', { A1: true })).toEqual(VALUE);
  });
  it('typed or computed is not established', async () => {
    expect(await got('=VALUE(TRUE)')).toBe('not established');
    expect(await got('=VALUE(A1>0)', { A1: 1 })).toBe('not established');
  });
});

describe('date and time text', () => {
  it('the forms read keep their serials', async () => {
    expect(await got('=DATEVALUE("29-Feb-1900")')).toBe(60);
    expect(await got('=DATEVALUE("2024-02-29 06:00")')).toBe(45351);
    expect(await got('=A1+0', { A1: '2024-01-10' })).toBe(45301);
  });
  it('text Excel rejects is #VALUE!: no digit (ABS.xlsx B11 "Hello", T_VALUE_VALUETOTEXT.xlsx C5 "qwerty")', async () => {
    expect(await got('=DATEVALUE("hello")')).toEqual(VALUE);
    expect(await got('=VALUE(A1)', { A1: 'qwerty' })).toEqual(VALUE);
    expect(await got('=A1+1', { A1: 'abc' })).toEqual(VALUE);
  });
  it('a year outside 1900-9999 and spaces around a date are #VALUE! (xlcalculator YEAR.xlsx C5; EXP_SIGN.xlsx C34)', async () => {
    expect(await got('=A1+0', { A1: '7/5/1800' })).toEqual(VALUE);
    expect(await got('=A1+0', { A1: ' 2024-01-10 ' })).toEqual(VALUE);
  });
  it.each([
    '10/32',
    'Feb-2010',
    '18 Feb 2010',
    '22 August 98',
    '12/2008',
    '1-1-2008',
    'Dec 2',
    '2/30/2024',
    '24:00',
    '6:45 pm',
  ])('"%s", a form without evidence, is not established in DATEVALUE, VALUE and arithmetic', async (t) => {
    expect(await got('=VALUE(A1)', { A1: t })).toBe('not established');
    expect(await got('=A1+1', { A1: t })).toBe('not established');
  });
  it('DATEVALUE of a form without evidence, of a time alone and of spaced text is not established', async () => {
    expect(await got('=DATEVALUE("10/32")')).toBe('not established');
    expect(await got('=DATEVALUE("18 Feb 2010")')).toBe('not established');
    expect(await got('=DATEVALUE("6:00")')).toBe('not established');
    expect(await got('=DATEVALUE(" 2024-01-10")')).toBe('not established');
  });
  it('numeric text without evidence ("1,00", a signed euro) is not established', async () => {
    expect(await got('=A1+1', { A1: '1,00' })).toBe('not established');
    expect(await got('=A1+1', { A1: '-5€' })).toBe('not established');
  });
  it('TEXT of such text is not established, not the text returned as it is', async () => {
    expect(await got('=TEXT(A1,"0.00")', { A1: '10/32' })).toBe('not established');
    expect(await got('=TEXT(A1,"0.00")', { A1: 'abc' })).toBe('abc');
  });
});

describe('text with a digit that no number or date holds', () => {
  it('is #VALUE!: letters no number or date holds (EXP_SIGN.xlsx C48 "F100"), two signs (C23 "--8")', async () => {
    expect(await got('=A1+1', { A1: 'F100' })).toEqual(VALUE);
    expect(await got('=A1+1', { A1: '12abc' })).toEqual(VALUE);
    expect(await got('=SIGN(A1)', { A1: '--8' })).toEqual(VALUE);
  });
});

describe('criteria', () => {
  const range = { B1: 1, B2: '$5', B3: 'x' };
  it('a number against text that may be a number is not established under =, <> and the orders', async () => {
    expect(await got('=COUNTIF(B1:B3,1)', range)).toBe('not established');
    expect(await got('=COUNTIF(B1:B3,"<>1")', range)).toBe('not established');
    expect(await got('=COUNTIF(B1:B3,">0")', range)).toBe('not established');
  });
  it('numeric text under <> and the orders keeps the saved answers (COUNTIF.xlsx Rows!E2, J2)', async () => {
    const numeric = { B1: 23, B2: '23', B3: 'hey' };
    expect(await got('=COUNTIF(B1:B3,"<>23")', numeric)).toBe(2);
    expect(await got('=COUNTIF(B1:B3,">1")', numeric)).toBe(1);
  });
  it('text with other letters is text: "#DIV/0!" does not meet 0 (COUNTIF.xlsx Rows!V6)', async () => {
    expect(await got('=COUNTIF(B1:B2,0)', { B1: '#DIV/0!', B2: 'x' })).toBe(0);
    expect(await got('=COUNTIF(B1:B3,A1)', { B1: '6000 Miete', B2: 6000, A1: '6000 miete' })).toBe(1);
  });
  it('a criterion that may be a number, read from a cell, is not established ("$5")', async () => {
    expect(await got('=COUNTIF(B1:B3,A1)', { ...range, A1: '$5' })).toBe('not established');
  });
  it('text without a digit is still text', async () => {
    expect(await got('=COUNTIF(B1:B3,A1)', { ...range, A1: 'x' })).toBe(1);
    expect(await got('=COUNTIF(B1:B3,"<>x")', range)).toBe(2);
  });
});
