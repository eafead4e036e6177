/** The one home of Excel's 15-digit rounding on the TypeScript side. */
import { describe, expect, it } from 'vitest';
import { round15, same15 } from '../../src/workbook/precision.js';

describe('round15 / same15', () => {
  it('rounds to the double nearest the 15-digit decimal', () => {
    expect(round15(0.1 + 0.2)).toBe(0.3);
    expect(round15(7.999999999999999)).toBe(8);
    expect(round15(2 ** 53 + 2)).toBe(9007199254740990);
  });

  it('keeps zero of either sign, infinities and NaN', () => {
    expect(Object.is(round15(-0), -0)).toBe(true);
    expect(round15(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(round15(Number.NaN)).toBeNaN();
  });

  it('same15 agrees at 15 digits, NaN with NaN', () => {
    expect(same15(0.1 + 0.2, 0.3)).toBe(true);
    expect(same15(1.00000000000001, 1.00000000000002)).toBe(false);
    expect(same15(Number.NaN, Number.NaN)).toBe(true);
  });
});
