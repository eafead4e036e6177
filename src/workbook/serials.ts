/**
 * Excel's date serials: the one TypeScript home of their calendar. In the 1900 date system serial 1 is
 * 1900-01-01 and Excel counts the day 1900-02-29 that never was (serial 60, kept from Lotus 1-2-3; corpus
 * ironcalc DATE_TIME.xlsx C8 `DATEVALUE("29-Feb-1900")` is 60), so from serial 61 (1900-03-01) on a serial is
 * the days since 1899-12-30, below it the days since 1899-12-31; serial 0 reads as 1900-01-00. In the 1904
 * system serial 0 is 1904-01-01. The last day either system holds is 9999-12-31.
 *
 * The reader, the header names, the oracle's date functions and the compiler's TEXT lowering read it. The
 * JSONata library the specs carry has its own calendar (src/compiler/lower/helpers/date.ts), checked against
 * the oracle.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** The phantom 1900-02-29. */
export const PHANTOM_LEAP_DAY = 60;

/** The last serial of the 1900 system: 9999-12-31. */
export const MAX_SERIAL = 2_958_465;

/** A day in the 1904 system has a serial this much smaller than in the 1900 system. */
export const DAYS_1900_TO_1904 = 1_462;

/** Days from each system's epoch (1899-12-30 as the count from serial 61 on; 1904-01-01) to 1970-01-01. */
const TO_1970 = 25_569;
const TO_1970_FROM_1904 = 24_107;

/** The serial of a JavaScript time (UTC, milliseconds since 1970), the time of day as its fraction. */
export function serialOfTime(ms: number, date1904 = false): number {
  const days = ms / DAY_MS;
  if (date1904) return days + TO_1970_FROM_1904;
  const serial = days + TO_1970;
  return serial < PHANTOM_LEAP_DAY + 1 ? serial - 1 : serial;
}

/**
 * The JavaScript time (UTC midnight) of a whole serial; in the 1900 system serial 60 has none (the phantom
 * day: it gives 1900-02-28) and serial 0 gives 1899-12-31.
 */
export function timeOfSerial(serial: number, date1904 = false): number {
  if (date1904) return (serial - TO_1970_FROM_1904) * DAY_MS;
  return (serial < PHANTOM_LEAP_DAY ? serial + 1 - TO_1970 : serial - TO_1970) * DAY_MS;
}

/** [year, month, day] of a whole serial of the 1900 system: 0 is 1900-01-00, 60 the phantom 1900-02-29. */
export function serialToYmd(serial: number): [number, number, number] {
  if (serial === 0) return [1900, 1, 0];
  if (serial === PHANTOM_LEAP_DAY) return [1900, 2, 29];
  const d = new Date(timeOfSerial(serial));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** The days of a month in Excel's 1900 calendar (February 1900 has 29). */
export function daysInMonth(year: number, month: number): number {
  return year === 1900 && month === 2 ? 29 : new Date(Date.UTC(year, month, 0)).getUTCDate();
}
