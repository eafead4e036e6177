/** The one home of Excel's date serials: the 1900 calendar with its phantom 1900-02-29, and the 1904 one. */
import { describe, expect, it } from 'vitest';
import {
  DAYS_1900_TO_1904,
  daysInMonth,
  MAX_SERIAL,
  serialOfTime,
  serialToYmd,
  timeOfSerial,
} from '../../src/workbook/serials.js';

describe('date serials', () => {
  it('1900 system: serial 1 is 1900-01-01, 61 is 1900-03-01, the last is 9999-12-31', () => {
    expect(serialOfTime(Date.UTC(1900, 0, 1))).toBe(1);
    expect(serialOfTime(Date.UTC(1900, 1, 28))).toBe(59);
    expect(serialOfTime(Date.UTC(1900, 2, 1))).toBe(61);
    expect(serialOfTime(Date.UTC(2024, 0, 10, 12))).toBe(45301.5);
    expect(serialOfTime(Date.UTC(9999, 11, 31))).toBe(MAX_SERIAL);
  });

  it('1904 system: serial 0 is 1904-01-01, DAYS_1900_TO_1904 below the 1900 serial', () => {
    expect(serialOfTime(Date.UTC(1904, 0, 1), true)).toBe(0);
    const t = Date.UTC(2024, 0, 10);
    expect(serialOfTime(t) - serialOfTime(t, true)).toBe(DAYS_1900_TO_1904);
  });

  it('timeOfSerial inverts serialOfTime on every real day', () => {
    for (const s of [1, 59, 61, 45301, MAX_SERIAL]) expect(serialOfTime(timeOfSerial(s))).toBe(s);
    for (const s of [0, 1, 45301]) expect(serialOfTime(timeOfSerial(s, true), true)).toBe(s);
  });

  it('serialToYmd reads 0 as 1900-01-00 and 60 as the phantom 1900-02-29', () => {
    expect(serialToYmd(0)).toEqual([1900, 1, 0]);
    expect(serialToYmd(59)).toEqual([1900, 2, 28]);
    expect(serialToYmd(60)).toEqual([1900, 2, 29]);
    expect(serialToYmd(61)).toEqual([1900, 3, 1]);
    expect(serialToYmd(MAX_SERIAL)).toEqual([9999, 12, 31]);
  });

  it('February 1900 has 29 days', () => {
    expect(daysInMonth(1900, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
  });
});
