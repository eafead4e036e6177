/**
 * The date and time functions (correction `date`): serial 0 is 1900-01-00, serials past 9999-12-31 #NUM!,
 * months truncated, the ISO week, DATEDIF's unit in any case (excel-dates.ts, excel-times.ts,
 * excel-daycount.ts, excel-workdays.ts have the rules and the gaps; docs/oracle.md the evidence).
 */
import { argSource, evaluated } from '../call.js';
import { type Corrected, OPTIONAL, OPTIONAL_RANGE, type Route, SCALAR, scalars } from '../entry.js';
import {
  excelAddMonths,
  excelDate,
  excelDatedif,
  excelDatePart,
  excelDatevalue,
  excelDays,
  excelIsoWeeknum,
  excelWeekday,
  excelWeeknum,
} from '../excel-dates.js';
import { excelDays360, excelYearfrac } from '../excel-daycount.js';
import type { Scalar } from '../excel-scalars.js';
import { excelTime, excelTimePart, excelTimevalue } from '../excel-times.js';
import { excelNetworkdays, excelWorkday } from '../excel-workdays.js';

const date = (call: string, note: string): Route[] => [{ call, correction: 'date', note }];
const SERIAL_0 = 'serial 0 is 1900-01-00 (HyperFormula: 1899-12-31); past 9999-12-31 #NUM!';
const TO_THE_SECOND = 'rounded to the second only where that is established';
/** The working-day functions: arguments evaluated here, the holidays kept a range. */
const WORKDAYS = { vectorizationForbidden: true };

export const DATE: Corrected[] = [
  {
    name: 'SSX.DATE',
    params: scalars(3),
    calls: date('DATE', "arguments read with Excel's coercion, the result checked against 9999-12-31"),
    impl: excelDate,
  },
  { name: 'SSX.YEAR', params: scalars(1), calls: date('YEAR', SERIAL_0), impl: (v) => excelDatePart(v, 0) },
  { name: 'SSX.MONTH', params: scalars(1), calls: date('MONTH', SERIAL_0), impl: (v) => excelDatePart(v, 1) },
  { name: 'SSX.DAY', params: scalars(1), calls: date('DAY', SERIAL_0), impl: (v) => excelDatePart(v, 2) },
  {
    name: 'SSX.WEEKDAY',
    params: [...scalars(1), OPTIONAL],
    calls: date('WEEKDAY', 'past 9999-12-31 #NUM!; a fractional return type undetermined'),
    impl: excelWeekday,
  },
  {
    name: 'SSX.WEEKNUM',
    params: [...scalars(1), OPTIONAL],
    calls: date('WEEKNUM', 'the ISO week of type 21 (HyperFormula: 2024-12-30 is week 53)'),
    impl: excelWeeknum,
  },
  {
    name: 'SSX.ISOWEEKNUM',
    params: scalars(1),
    calls: date('ISOWEEKNUM', 'the ISO week (HyperFormula: 2024-12-30 is week 53)'),
    impl: excelIsoWeeknum,
  },
  {
    name: 'SSX.EDATE',
    params: scalars(2),
    calls: date('EDATE', 'months truncated (HyperFormula: #NUM!); a month-end day kept in a leap February'),
    impl: (v, k) => excelAddMonths(v, k, false),
  },
  {
    name: 'SSX.EOMONTH',
    params: scalars(2),
    calls: date(
      'EOMONTH',
      'months truncated (HyperFormula: #NUM!); serial 0 is 1900-01-00; logical months #VALUE!, typed in the formula undetermined',
    ),
    // Why the call: a logical months argument read from a cell is #VALUE!, typed in the formula not established.
    call: (c) => {
      const months = argSource(c.args[1]);
      return c.values((v, k) => excelAddMonths(v, k, true, months));
    },
  },
  {
    name: 'SSX.DAYS',
    params: scalars(2),
    calls: date('DAYS', 'a date past 9999-12-31 #NUM!'),
    impl: excelDays,
  },
  {
    name: 'SSX.DATEDIF',
    params: scalars(3),
    calls: date('DATEDIF', 'the unit in any case; "MD" and "YD" undetermined'),
    impl: excelDatedif,
  },
  {
    name: 'SSX.DATEVALUE',
    params: scalars(1),
    calls: date('DATEVALUE', 'only M/D/YYYY and YYYY-MM-DD text is determined'),
    impl: excelDatevalue,
  },
  {
    name: 'SSX.TIME',
    params: scalars(3),
    calls: date(
      'TIME',
      "the seconds over 86400 less the whole days (Excel's last bits); a negative hour or an argument past 32767 undetermined",
    ),
    impl: excelTime,
  },
  {
    name: 'SSX.HOUR',
    params: scalars(1),
    calls: date('HOUR', TO_THE_SECOND),
    impl: (v) => excelTimePart(v, 0),
  },
  {
    name: 'SSX.MINUTE',
    params: scalars(1),
    calls: date('MINUTE', TO_THE_SECOND),
    impl: (v) => excelTimePart(v, 1),
  },
  {
    name: 'SSX.SECOND',
    params: scalars(1),
    calls: date('SECOND', TO_THE_SECOND),
    impl: (v) => excelTimePart(v, 2),
  },
  {
    name: 'SSX.TIMEVALUE',
    params: scalars(1),
    calls: date('TIMEVALUE', "the one date and time reader's text; a date alone undetermined"),
    impl: excelTimevalue,
  },
  {
    name: 'SSX.DAYS360',
    params: [...scalars(2), OPTIONAL],
    calls: date('DAYS360', 'a time rounded to the second before the day is taken; date text undetermined'),
    impl: excelDays360,
  },
  {
    name: 'SSX.YEARFRAC',
    params: [...scalars(2), OPTIONAL],
    calls: date(
      'YEARFRAC',
      'blank, logical and text dates undetermined; two cases of bases 0 and 1 undetermined',
    ),
    impl: excelYearfrac,
  },
  {
    name: 'SSX.NETWORKDAYS',
    params: [SCALAR, SCALAR, OPTIONAL_RANGE],
    ...WORKDAYS,
    calls: date('NETWORKDAYS', 'dates are numbers; blank, logical and date-text dates undetermined'),
    call: (c) => {
      const [s, e, h] = evaluated(c) as [Scalar, Scalar, unknown];
      return excelNetworkdays(s, e, undefined, h, false);
    },
  },
  {
    name: 'SSX.NETWORKDAYS.INTL',
    params: [SCALAR, SCALAR, OPTIONAL, OPTIONAL_RANGE],
    ...WORKDAYS,
    calls: date(
      'NETWORKDAYS.INTL',
      "the weekend's number or text as Microsoft's table; other readings undetermined",
    ),
    call: (c) => {
      const [s, e, w, h] = evaluated(c) as [Scalar, Scalar, Scalar | undefined, unknown];
      return excelNetworkdays(s, e, w, h, true);
    },
  },
  {
    name: 'SSX.WORKDAY',
    params: [SCALAR, SCALAR, OPTIONAL_RANGE],
    ...WORKDAYS,
    calls: date('WORKDAY', 'start and days truncated; blank, logical and date-text dates undetermined'),
    call: (c) => {
      const [s, n, h] = evaluated(c) as [Scalar, Scalar, unknown];
      return excelWorkday(s, n, undefined, h);
    },
  },
  {
    name: 'SSX.WORKDAY.INTL',
    params: [SCALAR, SCALAR, OPTIONAL, OPTIONAL_RANGE],
    ...WORKDAYS,
    calls: date('WORKDAY.INTL', 'weekend 0 #NUM!; "1111111" and other numbers undetermined'),
    call: (c) => excelWorkday(...(evaluated(c) as [Scalar, Scalar, Scalar | undefined, unknown])),
  },
];
