/**
 * Excel's two text readers, each form with its evidence, on both independent sides: the lowering's JSONata
 * (`$xlParseNum`, the one reader of arithmetic and date arguments, and `$xlDatevalue`) and the oracle's
 * TypeScript (`excelTextToNumber`, `excelDatevalue`). `unknown` is the oracle's not established (its #ERROR!);
 * the lowering gives the not-established value there. Then a property test: on generated date, time and
 * currency texts the two sides give the same double, both #VALUE!, or both not established.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import {
  type Bindings,
  compileExpression,
  evaluateExpression,
  specBindings,
} from '../../src/modelspec/bind.js';
import { excelDatevalue } from '../../src/oracle/excel/excel-dates.js';
import { isUndetermined } from '../../src/oracle/excel/excel-scalars.js';
import { excelTextToNumber } from '../../src/oracle/excel/excel-values.js';
import { propertyRuns } from '../support/property-runs.js';

let b: Bindings;
const num = compileExpression('$xlParseNum($$.t)');
const dv = compileExpression('$xlDatevalue($$.t)');
beforeAll(async () => {
  b = await specBindings(buildLibrary(['xlParseNum', 'xlDatevalue']), {});
});
const VALUE = { error: '#VALUE!' };
type Want = number | 'value' | 'unknown';

/** What the lowering gives for each oracle outcome: the number, #VALUE!, or the not-established value. */
function loweredOf(want: Want): unknown {
  if (typeof want === 'number') return want;
  return want === 'value' ? VALUE : { notEstablished: expect.any(String) };
}

/** The oracle's DATEVALUE as number | 'value' | 'unknown'. */
function oracleDatevalue(t: string): Want {
  const r = excelDatevalue(t);
  if (typeof r === 'number') return r;
  return isUndetermined(r) ? 'unknown' : 'value';
}

async function expectBoth(lowered: unknown, oracle: Want, want: Want) {
  expect(oracle).toBe(want);
  expect(lowered).toEqual(loweredOf(want));
}

/** Text in arithmetic (and every date argument): [text, Excel's value, evidence]. */
const ARITHMETIC: Array<[string, Want, string]> = [
  ['2024-01-10', 45301, 'ironcalc MROUND_TRUNC_INT.xlsx INT!B27 INT("2024-01-10") 45301'],
  [' 2024-01-10 ', 'value', 'ironcalc MROUND_TRUNC_INT.xlsx INT!B28, EXP_SIGN.xlsx B34/C34: #VALUE!'],
  [' 2024-01-10', 'unknown', 'a space on one side only: no cell'],
  ['2011/02/23', 40597, 'Microsoft DATEVALUE page: "2011/02/23" 40597'],
  ['2006/2/1', 38749, 'ECMA-376 Part 4 DATEVALUE: "2006/2/1" 38749'],
  ['2006-2/1', 'unknown', 'mixed separators: no evidence'],
  ['8/22/2011', 40777, 'Microsoft DATEVALUE page'],
  ['22-MAY-2011', 40685, 'Microsoft DATEVALUE page'],
  ['30-Jan-2008', 39477, 'Microsoft DATEVALUE page names it a date'],
  ['29-Feb-1900', 60, 'ironcalc DATE_TIME.xlsx C8'],
  ['1-Mar-1900', 61, 'ironcalc DATE_TIME.xlsx C9'],
  ['2-Feb-2026', 46055, 'ironcalc T_VALUE_VALUETOTEXT.xlsx I7'],
  ['1-January-2020', 43831, 'month names spelled out: KB Q214327 ("December 99")'],
  ['2/29/1900', 60, 'the same reader as 29-Feb-1900'],
  ['2/30/2024', 'unknown', 'no such day: no cell'],
  ['7/5/1800', 'value', 'xlcalculator YEAR.xlsx C5 YEAR("7/5/1800") #VALUE!'],
  ['7/5/10000', 'value', 'xlcalculator YEAR.xlsx D5 YEAR("7/5/10000") #VALUE!'],
  [
    '5/28/19',
    43613,
    'two-digit year 00-29: 2000s (KB Q214391, "How Excel works with two-digit year numbers")',
  ],
  ['5/28/98', 35943, 'two-digit year 30-99: 1900s (same page)'],
  ['1/1/30', 10959, 'two-digit year 30: 1930'],
  ['Dec 31, 1998', 36160, 'KB Q214327: "Dec 31, 1998" a full date'],
  ['Dec 31, 98', 36160, 'KB Q214327: "Dec 31, 98"'],
  ['Dec 32', 12024, 'KB Q214327: "Dec 32" is December 1, 1932'],
  ['December 99', 36495, 'KB Q214327: December 1, 1999'],
  ['Dec 2', 'unknown', 'KB Q214327: the current year (volatile), not established'],
  ['Feb 29', 'unknown', 'the current year decides'],
  ['10/32', 'unknown', 'no evidence'],
  ['1-1-2008', 'unknown', 'month-day-year with hyphens: no evidence'],
  ['10-12-1999', 'unknown', 'en-GB cell T_VALUE_VALUETOTEXT.xlsx I5 (36504, day first): not en-US evidence'],
  ['16:48:00', 0.7, 'Microsoft VALUE page: VALUE("16:48:00")-VALUE("12:00:00") 0.2'],
  ['12:00:00', 0.5, 'Microsoft VALUE page'],
  ['12:00 PM', 0.5, 'ironcalc DATE_TIME.xlsx C7 (TIMEVALUE)'],
  ['12:00 AM', 0, 'Microsoft TIMEVALUE page: 0 is 0:00:00 (12:00:00 AM)'],
  ['6:45 PM', 0.78125, 'Microsoft TIMEVALUE page: "6:45 PM" and "18:45"'],
  ['18:45', 0.78125, 'Microsoft TIMEVALUE page'],
  [
    '24:00',
    'unknown',
    'TIMEVALUE("24:00") is 0 (DATE_TIME.xlsx C5); its value in arithmetic not established',
  ],
  ['13:00 PM', 'unknown', 'no evidence'],
  [
    '2024-02-29 06:00',
    45351.25,
    'DATE_TIME.xlsx C10 (DATEVALUE 45351) and C11 (+TIMEVALUE("6:00") 45351.25)',
  ],
  ['1/1/1987 02:00 AM', 31778 + 2 / 24, 'date and time: Microsoft TIMEVALUE "22-Aug-2011 6:35 AM"'],
  ['23€', 23, 'ironcalc T_VALUE_VALUETOTEXT.xlsx I3'],
  ['12€', 12, 'T_VALUE_VALUETOTEXT.xlsx C9'],
  ['€100', 100, 'ironcalc EXP_SIGN.xlsx B31/C31'],
  ['100€', 100, 'EXP_SIGN.xlsx B49/C49'],
  [' €100 ', 100, 'EXP_SIGN.xlsx B54/C54'],
  ['€ 1', 1, 'Microsoft, "About the euro currency symbol": before or after, with or without a space'],
  ['1 €', 1, 'same page'],
  ['1,234.5€', 1234.5, 'same reader of digits as "$1,000"'],
  ['-€5', 'unknown', 'a sign with the euro: no evidence'],
  ['€5%', 'unknown', 'no evidence'],
  ['€€5', 'unknown', 'two euro signs: no evidence'],
];

describe('text in arithmetic: both readers, each form with its evidence', () => {
  it.each(ARITHMETIC)('%j is %j (%s)', async (t, want) => {
    await expectBoth(await evaluateExpression(num, { t }, b), excelTextToNumber(t), want);
  });
});

/** DATEVALUE: the date part only, a time ignored. */
const DATEVALUE: Array<[string, Want, string]> = [
  ['2024-02-29 06:00', 45351, 'ironcalc DATE_TIME.xlsx C10'],
  ['29-Feb-1900', 60, 'DATE_TIME.xlsx C8'],
  ['1-Mar-1900', 61, 'DATE_TIME.xlsx C9'],
  ['22-Aug-2011 6:35 AM', 40777, 'Microsoft DATEVALUE: time information ignored'],
  ['6:00', 'unknown', 'a time alone: no evidence'],
  [' 6/1/2001 ', 'unknown', 'spaces around: no DATEVALUE cell'],
  ['Dec 2', 'unknown', 'the current year (Microsoft DATEVALUE page)'],
  ['abc', 'value', 'no date'],
];

describe('DATEVALUE: both sides', () => {
  it.each(DATEVALUE)('DATEVALUE(%j) is %j (%s)', async (t, want) => {
    await expectBoth(await evaluateExpression(dv, { t }, b), oracleDatevalue(t), want);
  });
});

const MONTHS = [
  'Jan',
  'FEB',
  'mar',
  'April',
  'May',
  'june',
  'Jul',
  'August',
  'Sep',
  'Sept',
  'oct',
  'Nov',
  'December',
];
const dateLike = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 10001 }),
    )
    .chain(([m, d, y]) =>
      fc.constantFrom(
        `${m}/${d}/${y}`,
        `${m}/${d}/${String(y % 100).padStart(2, '0')}`,
        `${y}/${m}/${d}`,
        `${y}-${m}-${d}`,
        `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        `${m}-${d}-${y}`,
        `${m}/${d}`,
        ` ${m}/${d}/${y}`,
        ` ${y}-${m}-${d} `,
      ),
    ),
  fc
    .tuple(fc.integer({ min: 0, max: 33 }), fc.constantFrom(...MONTHS), fc.integer({ min: 0, max: 2100 }))
    .chain(([d, mo, y]) =>
      fc.constantFrom(
        `${d}-${mo}-${y}`,
        `${d}-${mo}-${String(y % 100).padStart(2, '0')}`,
        `${mo} ${d}, ${y}`,
        `${mo} ${d}`,
        `${mo} ${d}, ${String(y % 100).padStart(2, '0')}`,
        `${d} ${mo} ${y}`,
        `${mo}-${y}`,
      ),
    ),
);
const timeLike = fc
  .tuple(
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.integer({ min: 0, max: 61 })),
    fc.constantFrom('', ' AM', ' PM', ' am', 'PM'),
  )
  .map(
    ([h, m, s, p]) =>
      `${h}:${String(m).padStart(2, '0')}${s === null ? '' : `:${String(s).padStart(2, '0')}`}${p}`,
  );
const euroLike = fc
  .tuple(
    fc.constantFrom('', ' ', '-', '+'),
    fc.constantFrom('€', '€ ', ''),
    fc.nat(100000),
    fc.constantFrom('', '€', ' €', '.5€', '%'),
  )
  .map(([a, e, n, z]) => `${a}${e}${n}${z}`);
const anyText = fc.oneof(
  dateLike,
  timeLike,
  fc.tuple(dateLike, timeLike).map(([d, t]) => `${d} ${t}`),
  euroLike,
);

describe('the two readers agree on generated texts', () => {
  it('arithmetic: the same double, both #VALUE!, or both not established', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (t) => {
        const o = excelTextToNumber(t);
        const l = await evaluateExpression(num, { t }, b);
        expect(l).toEqual(loweredOf(o));
      }),
      { seed: 2026, numRuns: propertyRuns(3000) },
    );
  });
  it('DATEVALUE: the same serial, both #VALUE!, or both not established', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (t) => {
        const o = oracleDatevalue(t);
        const l = await evaluateExpression(dv, { t }, b);
        expect(l).toEqual(loweredOf(o));
      }),
      { seed: 2027, numRuns: propertyRuns(3000) },
    );
  });
});
