/**
 * DATE, YEAR, MONTH, DAY, WEEKDAY, WEEKNUM, ISOWEEKNUM, EDATE, EOMONTH, DAYS, DATEDIF, DATEVALUE: dates as
 * serial numbers in Excel's 1900 date system (helpers.ts says how a serial maps to a calendar day).
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const MICROSOFT_DATES = 'Date and time functions (reference)';
const corpus = (name: string): string => `excel/xlcalculator/${name}.xlsx`;

/** An optional argument that is written: a left-out one (`WEEKDAY(A1,)`) is refused, its value not established. */
function written(node: Node | undefined, l: Lowering, what: string): Node | undefined {
  if (node?.kind === 'missing') l.fail('UNSUPPORTED_DATE_MODE', `${what} left empty`, node);
  return node;
}

/** A function whose arguments all go, lowered in order, to one helper (omitted ones as `defaults`). */
function direct(helper: string, defaults: readonly string[] = []) {
  return (node: CallNode, l: Lowering): Val => {
    const rt = node.args[1];
    if (defaults.length > 0 && rt?.kind === 'number' && !Number.isInteger(rt.value)) {
      l.fail('UNSUPPORTED_DATE_MODE', `${node.name} return type ${rt.value} is not a whole number`, rt);
    }
    const vals = node.args.map((a) => l.lower(written(a, l, 'an optional argument')!));
    const args = [...vals.map((v) => v.expr), ...defaults.slice(vals.length - 1)];
    return l.helper(
      helper,
      args,
      ['number', 'error'],
      vals.every((v) => v.invariant),
      vals,
    );
  };
}

/** EDATE and EOMONTH: one helper, told which. */
function addMonths(end: boolean) {
  return (node: CallNode, l: Lowering): Val => {
    for (const a of node.args) {
      // Why: an empty argument (`EDATE(A1,)`): no EDATE or EOMONTH cell shows it, so not established.
      if (a.kind === 'missing')
        l.fail('UNSUPPORTED_DATE_MODE', `${node.name} with an empty argument (not established)`, a);
      // Why: a logical in a cell is #VALUE! (corpus EOMONTH.xlsx C11); one written in the formula not established.
      if (a.kind === 'boolean')
        l.fail(
          'UNSUPPORTED_DATE_MODE',
          `${node.name} of a logical value written directly (not established)`,
          a,
        );
    }
    const [s, k] = node.args.map((a) => l.lower(a)) as [Val, Val];
    return l.helper(
      'xlAddMonths',
      [s.expr, k.expr, String(end)],
      ['number', 'error'],
      s.invariant && k.invariant,
      [s, k],
    );
  };
}

/** The units DATEDIF is lowered for; "MD" and "YD" are refused (their Excel rule is not established exactly). */
const DATEDIF_UNITS = ['Y', 'M', 'D', 'YM'];

function lowerDatedif(node: CallNode, l: Lowering): Val {
  const [sNode, eNode, uNode] = node.args as [Node, Node, Node];
  if (uNode.kind !== 'string')
    l.fail('UNSUPPORTED_DATE_MODE', 'DATEDIF needs its unit as a text literal', uNode);
  const unit = uNode.value.toUpperCase();
  if (unit === 'MD' || unit === 'YD') {
    l.fail(
      'UNSUPPORTED_DATE_MODE',
      `DATEDIF unit "${uNode.value}": Excel's rule for it is not established exactly`,
      uNode,
    );
  }
  const s = l.lower(sNode);
  const e = l.lower(eNode);
  if (!DATEDIF_UNITS.includes(unit)) {
    // Excel: #NUM! for any other unit, after the dates' own errors.
    return l.helper('xlDatedif', [s.expr, e.expr, '"?"'], ['error'], s.invariant && e.invariant, [s, e]);
  }
  return l.helper(
    'xlDatedif',
    [s.expr, e.expr, JSON.stringify(unit)],
    ['number', 'error'],
    s.invariant && e.invariant,
    [s, e],
  );
}

function lowerDatevalue(node: CallNode, l: Lowering): Val {
  const v = l.lower(node.args[0]!);
  return l.helper('xlDatevalue', [v.expr], ['number', 'error'], v.invariant, [v]);
}

const serial: FunctionArg = { name: 'serial_number', kind: 'value', class: 'number' };
const returnType: FunctionArg = { name: 'return_type', kind: 'value', class: 'number', optional: true };
/** WEEKNUM came from the Analysis ToolPak: its serial is a date (booleans refused) and its type a ToolPak number. */
const weeknumArgs: readonly FunctionArg[] = [
  { ...serial, class: 'date' },
  { ...returnType, class: 'strict-number' },
];
const startMonths: readonly FunctionArg[] = [
  { name: 'start_date', kind: 'value', class: 'date' },
  { name: 'months', kind: 'value', class: 'strict-number' },
];
const SERIAL_NOTES =
  'the serial is coerced as arithmetic coerces (date and time text by the one reader: "6/1/2001", "2001-06-01", "22-MAY-2011", "2024-02-29 06:00"; numeric text; booleans 1/0; blank 0), its fraction dropped; below 0 or above 2958465 (9999-12-31) #NUM!; serial 0 is 1900-01-00 and 60 the phantom 1900-02-29';

/** The entries below, each refusing a workbook in the 1904 date system (its serials are 1462 days apart). */
const ENTRIES: readonly FunctionEntry[] = [
  {
    name: 'DATE',
    family: 'date',
    args: [
      { name: 'year', kind: 'value', class: 'number' },
      { name: 'month', kind: 'value', class: 'number' },
      { name: 'day', kind: 'value', class: 'number' },
    ],
    helpers: ['xlDate'],
    lower: direct('xlDate'),
    summary: 'the serial number of a date',
    lowering: '$xlDate(year, month, day)',
    notes:
      'arguments coerced as arithmetic and truncated; a year 0-1899 is 1900 more, below 0 or from 10000 on #NUM!; months and days roll over both ways (DATE(2008,14,2) is 2009-02-02, DATE(1900,3,0) the phantom 60), the months first: a year past 9999 after them #NUM! (DATE(9999,13,-1), corpus ironcalc DATE.xlsx D5); a result outside 0..2958465 #NUM!; errors left to right',
    example: { formula: '=DATE(A1,2,16)', cells: { A1: 2012 }, value: 40955 },
    evidence: {
      goldens: ['date'],
      corpus: [
        corpus('DATE'),
        'excel/poi/FormulaEvalTestData_Copy.xlsx',
        'excel/poi/55927.xlsx',
        'excel/ironcalc/DATE_AND_TIME/DATE.xlsx',
      ],
      microsoft: ['DATE function', MICROSOFT_DATES],
    },
  },
  ...(['YEAR', 'MONTH', 'DAY'] as const).map(
    (name): FunctionEntry => ({
      name,
      family: 'date',
      args: [serial],
      helpers: [`xl${name[0]}${name.slice(1).toLowerCase()}`],
      lower: direct(`xl${name[0]}${name.slice(1).toLowerCase()}`),
      summary: `the ${name.toLowerCase()} of a date serial`,
      lowering: `$xl${name[0]}${name.slice(1).toLowerCase()}(serial)`,
      notes: SERIAL_NOTES,
      example: {
        formula: `=${name}(A1)`,
        cells: { A1: 39575 },
        value: { YEAR: 2008, MONTH: 5, DAY: 7 }[name],
      },
      evidence: {
        goldens: ['date'],
        corpus: [corpus(name), 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
        microsoft: [`${name} function`],
      },
    }),
  ),
  {
    name: 'WEEKDAY',
    family: 'date',
    args: [serial, returnType],
    helpers: ['xlWeekday'],
    lower: direct('xlWeekday', ['1']),
    summary: 'the day of the week of a date serial',
    lowering: '$xlWeekday(serial, return_type) (return_type 1 when left out)',
    notes: `return type 1 Sunday = 1 .. Saturday = 7, 2 Monday = 1, 3 Monday = 0, 11-17 Monday..Sunday = 1, any other #NUM!; a logical or fractional type not established; ${SERIAL_NOTES}; 1900-01-01 (serial 1) is a Sunday as in Excel; an empty return type (\`WEEKDAY(A1,)\`) refused`,
    example: { formula: '=WEEKDAY(A1,2)', cells: { A1: 45292 }, value: 1 },
    evidence: { goldens: ['date'], microsoft: ['WEEKDAY function'] },
  },
  {
    name: 'WEEKNUM',
    family: 'date',
    args: weeknumArgs,
    helpers: ['xlWeeknum'],
    lower: direct('xlWeeknum', ['1']),
    summary: 'the week of the year of a date serial',
    lowering: '$xlWeeknum(serial, return_type) (return_type 1 when left out)',
    notes: `the week holding 1 January is week 1; weeks begin Sunday (1, 17), Monday (2, 11), Tuesday (12) .. Saturday (16); 21 is the ISO week; any other type #NUM!; ${SERIAL_NOTES}; a logical date, a logical or fractional type not established`,
    example: { formula: '=WEEKNUM(A1)', cells: { A1: 45300 }, value: 2 },
    evidence: { goldens: ['date'], microsoft: ['WEEKNUM function'] },
  },
  {
    name: 'ISOWEEKNUM',
    family: 'date',
    args: [{ name: 'date', kind: 'value', class: 'number' }],
    helpers: ['xlIsoWeeknum'],
    lower: direct('xlIsoWeeknum'),
    summary: 'the ISO 8601 week number of a date serial',
    lowering: '$xlIsoWeeknum(date)',
    notes: `weeks begin on Monday; the week holding the year's first Thursday is week 1 (1 January may be in week 52 or 53); ${SERIAL_NOTES}`,
    example: { formula: '=ISOWEEKNUM(A1)', cells: { A1: 44197 }, value: 53 },
    evidence: { goldens: ['date'], microsoft: ['ISOWEEKNUM function'] },
  },
  {
    name: 'EDATE',
    family: 'date',
    args: startMonths,
    helpers: ['xlAddMonths'],
    lower: addMonths(false),
    summary: 'the date a number of months before or after a date',
    lowering: '$xlAddMonths(start, months, false)',
    notes: `months truncated; the day kept, at most the new month's last (EDATE of 31 January by 1 is 28 or 29 February); ${SERIAL_NOTES}; a logical argument not established, one written in the formula refused; a result outside the serial range #NUM!`,
    example: { formula: '=EDATE(A1,1)', cells: { A1: 40558 }, value: 40589 },
    evidence: {
      goldens: ['date'],
      corpus: [corpus('EDATE'), 'excel/poi/61652.xlsx'],
      microsoft: ['EDATE function'],
    },
  },
  {
    name: 'EOMONTH',
    family: 'date',
    args: startMonths,
    helpers: ['xlAddMonths'],
    lower: addMonths(true),
    summary: 'the last day of the month a number of months before or after a date',
    lowering: '$xlAddMonths(start, months, true)',
    notes: `months truncated; ${SERIAL_NOTES}; logical months #VALUE! (corpus ironcalc EOMONTH.xlsx C11/C12), a logical start not established, a logical written in the formula refused; a result outside the serial range #NUM!`,
    example: { formula: '=EOMONTH(A1,1)', cells: { A1: 40544 }, value: 40602 },
    evidence: {
      goldens: ['date'],
      corpus: [corpus('EOMONTH'), 'excel/ironcalc/DATE_AND_TIME/EOMONTH.xlsx'],
      microsoft: ['EOMONTH function'],
    },
  },
  {
    name: 'DAYS',
    family: 'date',
    args: [
      { name: 'end_date', kind: 'value', class: 'number' },
      { name: 'start_date', kind: 'value', class: 'number' },
    ],
    helpers: ['xlDays'],
    lower: direct('xlDays'),
    summary: 'the number of days between two dates',
    lowering: '$xlDays(end, start)',
    notes: `end minus start, each a whole serial; ${SERIAL_NOTES}`,
    example: { formula: '=DAYS(A1,A2)', cells: { A1: 40908, A2: 40544 }, value: 364 },
    evidence: { goldens: ['date'], corpus: [corpus('DAYS')], microsoft: ['DAYS function'] },
  },
  {
    name: 'DATEDIF',
    family: 'date',
    args: [
      { name: 'start_date', kind: 'value', class: 'number' },
      { name: 'end_date', kind: 'value', class: 'number' },
      { name: 'unit', kind: 'value', class: 'text' },
    ],
    helpers: ['xlDatedif'],
    lower: lowerDatedif,
    summary: 'whole years, months or days between two dates',
    lowering: '$xlDatedif(start, end, "Y" | "M" | "D" | "YM")',
    notes: `the unit must be a text literal (any case): "Y" whole years, "M" whole months, "D" days, "YM" months after whole years; "MD" and "YD" refused (UNSUPPORTED_DATE_MODE: Microsoft warns "MD" may be negative or inaccurate, and neither rule is established exactly); another unit #NUM!; start after end #NUM!; ${SERIAL_NOTES}`,
    example: { formula: '=DATEDIF(A1,A2,"M")', cells: { A1: 40544, A2: 40908 }, value: 11 },
    evidence: { goldens: ['date'], corpus: [corpus('DATEDIF')], microsoft: ['DATEDIF function'] },
  },
  {
    name: 'DATEVALUE',
    family: 'date',
    args: [{ name: 'date_text', kind: 'value', class: 'text' }],
    helpers: ['xlDatevalue'],
    lower: lowerDatevalue,
    summary: 'the serial number of a date written as text',
    lowering: '$xlDatevalue(text)',
    notes:
      'en-US date text read by the one date and time reader ($xlDateTime: M/D/Y, YYYY-M-D, YYYY/M/D, D-Mon-Y, "Mon D, Y", two-digit years, 1900-02-29 as 60), a time after the date ignored ("2024-02-29 06:00" is 45351); a number, a boolean or a blank #VALUE!; a time alone, spaces around, a date without its year and other forms #VALUE! (not established), which verification refuses where Excel reads them',
    example: { formula: '=DATEVALUE(A1)', cells: { A1: '6/1/2001' }, value: 37043 },
    evidence: {
      goldens: ['date'],
      corpus: ['excel/ironcalc/DATE_AND_TIME/DATE_TIME.xlsx'],
      microsoft: ['DATEVALUE function'],
    },
  },
];

export const DATE_FUNCTIONS: readonly FunctionEntry[] = ENTRIES.map((e) => ({
  ...e,
  lower: (node: CallNode, l: Lowering): Val => {
    if (l.date1904)
      l.fail('UNSUPPORTED_DATE_MODE', `${e.name} in a workbook using the 1904 date system`, node);
    return e.lower(node, l);
  },
}));
