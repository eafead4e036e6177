/**
 * TIME, HOUR, MINUTE, SECOND, TIMEVALUE: times of day as fractions of a day (helpers.ts says how Excel
 * builds and reads them).
 */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const TIME_FILE = 'excel/ironcalc/DATE_AND_TIME/TIME_HOUR_MINUTE_SECOND.xlsx';
const DATE_TIME_FILE = 'excel/ironcalc/DATE_AND_TIME/DATE_TIME.xlsx';
const ET = 'excel/poi/FormulaEvalTestData_Copy.xlsx';

/** A function whose arguments all go, lowered in order, to one helper, followed by `extra`. */
function direct(helper: string, extra: readonly string[] = []) {
  return (node: CallNode, l: Lowering): Val => {
    const vals = node.args.map((a) => l.lower(a));
    return l.helper(
      helper,
      [...vals.map((v) => v.expr), ...extra],
      ['number', 'error'],
      vals.every((v) => v.invariant),
      vals,
    );
  };
}

const part = (name: string): FunctionArg => ({ name, kind: 'value', class: 'number' });
const PART_NOTES =
  'the serial is coerced as arithmetic coerces (time text "6:45 PM" by the one reader, numeric text, booleans 1/0, blank 0); its time of day rounded to the nearest second (corpus TIME_HOUR_MINUTE_SECOND.xlsx F3:H3: 122.99999999999 seconds read as 0:02:03) where it lies within a millisecond of a whole second, else only where rounding up or down gives the same answer; not established: a time rounding up to midnight, a serial below 0 or past 9999-12-31';

const PARTS: readonly { name: string; p: number; value: number; cell: string }[] = [
  { name: 'HOUR', p: 0, value: 18, cell: 'F2:F26' },
  { name: 'MINUTE', p: 1, value: 15, cell: 'G2:G26' },
  { name: 'SECOND', p: 2, value: 15, cell: 'H2:H26' },
];

const ENTRIES: readonly FunctionEntry[] = [
  {
    name: 'TIME',
    family: 'date',
    args: [part('hour'), part('minute'), part('second')],
    helpers: ['xlTime'],
    lower: direct('xlTime'),
    summary: 'the fraction of a day of a time given in hours, minutes and seconds',
    lowering: '$xlTime(hour, minute, second)',
    notes:
      'arguments coerced as arithmetic (booleans 1/0: corpus TIME_HOUR_MINUTE_SECOND.xlsx D26; text "a" #VALUE!: D25; blank 0: D7) and truncated (D5); the seconds in all divided by 86400, the whole days subtracted, so hours past 23 wrap (TIME(27,0,0) 0.125, FormulaEvalTestData_Copy.xlsx E1384) with Excel\'s last bits (D3 TIME(24,2,3) 1.4236111111110006E-3; D17 TIME(32767,32767,32767)); negative minutes and seconds count back (D12, D13); a negative total #NUM! (D11, DATE_TIME.xlsx C4); errors left to right (D18:D23); not established: a negative hour with a positive total, a negative fraction, an argument above 32767',
    example: { formula: '=TIME(A1,30,0)', cells: { A1: 14 }, value: 0.6041666666666666 },
    evidence: {
      goldens: ['time'],
      corpus: [TIME_FILE, DATE_TIME_FILE, ET],
      microsoft: ['TIME function'],
    },
  },
  ...PARTS.map(
    ({ name, p, value, cell }): FunctionEntry => ({
      name,
      family: 'date',
      args: [{ name: 'serial_number', kind: 'value', class: 'number' }],
      helpers: ['xlTimePart'],
      lower: direct('xlTimePart', [String(p)]),
      summary: `the ${name.toLowerCase()} of a time`,
      lowering: `$xlTimePart(serial, ${p})`,
      notes: `${PART_NOTES} (corpus ${cell})`,
      example: {
        formula: `=${name}(A1)`,
        cells: {
          A1: name === 'HOUR' ? 0.75 : name === 'MINUTE' ? 0.010416666666666666 : 0.00017361111111111112,
        },
        value,
      },
      evidence: { goldens: ['time'], corpus: [TIME_FILE, ET], microsoft: [`${name} function`] },
    }),
  ),
  {
    name: 'TIMEVALUE',
    family: 'date',
    args: [{ name: 'time_text', kind: 'value', class: 'text' }],
    helpers: ['xlTimevalue'],
    lower: direct('xlTimevalue'),
    summary: 'the fraction of a day of a time written as text',
    lowering: '$xlTimevalue(text)',
    notes:
      'en-US time text read by the one date and time reader (H:MM, H:MM:SS, 12-hour with " AM"/" PM": corpus DATE_TIME.xlsx C7 "12:00 PM" 0.5), spaces around a time trimmed (C6 " 1:30 " 0.0625), "24:00" 0 (C5); the date before a time ignored (Microsoft\'s TIMEVALUE page), the time\'s own fraction; not established: a date alone, a date and time with spaces around, other text, a value that is not text',
    example: { formula: '=TIMEVALUE(A1)', cells: { A1: '6:00 PM' }, value: 0.75 },
    evidence: { goldens: ['time'], corpus: [DATE_TIME_FILE], microsoft: ['TIMEVALUE function'] },
  },
];

export const TIME_FUNCTIONS: readonly FunctionEntry[] = ENTRIES.map((e) => ({
  ...e,
  lower: (node: CallNode, l: Lowering): Val => {
    // Why: a time's fraction is the same in both date systems, but a serial past 9999-12-31 is not.
    if (l.date1904 && e.name !== 'TIME' && e.name !== 'TIMEVALUE')
      l.fail('UNSUPPORTED_DATE_MODE', `${e.name} in a workbook using the 1904 date system`, node);
    return e.lower(node, l);
  },
}));
