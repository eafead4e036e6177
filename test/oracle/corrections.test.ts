import { describe, expect, it } from 'vitest';
import { excelNumberToText, excelRound } from '../../src/oracle/excel/corrections.js';

describe('excelRound (15-digit decimal form, half away from zero)', () => {
  it.each([
    [1.005, 2, 1.01], // HyperFormula: 1
    [-1.005, 2, -1.01],
    [2.675, 2, 2.68],
    [1.0049999999, 2, 1],
    [1234.5, -1, 1230],
    [1235, -1, 1240],
    [0.5, 0, 1],
    [-0.5, 0, -1],
    [2.5, 0, 3],
    [1.234, 1.9, 1.2], // places truncated toward zero
    [123.456, -5, 0],
    [0.1 + 0.2, 20, 0.1 + 0.2], // nothing to drop: unchanged
    [5e-324, 2, 0],
  ])('ROUND(%s, %s) = %s', (x, d, want) => {
    expect(excelRound(x, d)).toBe(want);
  });
  it('never returns negative zero', () => {
    expect(Object.is(excelRound(-0.001, 2), -0)).toBe(false);
    expect(excelRound(-0.001, 2)).toBe(0);
  });
});

describe('excelNumberToText (Excel\u2019s number \u2192 text)', () => {
  // Pairs from Apache POI's NumberToTextConverter table, recorded from Excel.
  it.each([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [0.1 + 0.2, '0.3'],
    [1.0001, '1.0001'],
    [7.56, '7.56'],
    [123.45678901234568, '123.456789012346'],
    [1234567.8901234567, '1234567.89012346'],
    [1.2345678901234568e-5, '1.23456789012346E-05'],
    [1.2345678901234567e-4, '0.000123456789012346'],
    [1.23456789e-5, '0.0000123456789'],
    [5.6789012345e-8, '0.000000056789012345'],
    [5.67890123456e-8, '5.67890123456E-08'],
    [1.2345678901234567e14, '123456789012346'],
    [1.2345678901234568e15, '1234567890123460'],
    [1.2345678901234567e19, '12345678901234600000'],
    [1.2345678901234568e20, '1.23456789012346E+20'],
    [-1.2345678901234568e20, '-1.23456789012346E+20'],
    [2e50, '2E+50'],
    [2e-50, '2E-50'],
    [1.2345678901234577e99, '1.2345678901235E+99'],
    [9.999999999999999e20, '1E+21'],
    [999999.9999999999, '1000000'],
    [9.999999999999999e-9, '0.00000001'],
    [9.999999999999999e-20, '1E-19'],
    [1e21, '1E+21'],
  ])('%s → %s', (x, want) => {
    expect(excelNumberToText(x)).toBe(want);
  });
});
