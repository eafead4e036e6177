/**
 * DAYS360 and YEARFRAC: day counts of the 30/360 and actual conventions (helpers.ts).
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionEntry, Lowering } from '../types.js';

const DAYS360_FILE = 'excel/ironcalc/DATE_AND_TIME/DAYS_DAYS360.xlsx';
const YEARFRAC_FILE = 'excel/ironcalc/DATE_AND_TIME/YEARFRAC.xlsx';

/** Two dates and an optional third argument (`fallback` when left out; left empty, refused). */
function lowerWith(helper: string, fallback: string) {
  return (node: CallNode, l: Lowering): Val => {
    if (l.date1904)
      l.fail('UNSUPPORTED_DATE_MODE', `${node.name} in a workbook using the 1904 date system`, node);
    for (const a of node.args as Node[])
      if (a.kind === 'missing')
        l.fail('UNSUPPORTED_DATE_MODE', 'an argument left empty (not established)', a);
    const vals = node.args.map((a) => l.lower(a));
    const args = [...vals.map((v) => v.expr), ...(vals.length < 3 ? [fallback] : [])];
    return l.helper(
      helper,
      args,
      ['number', 'error'],
      vals.every((v) => v.invariant),
      vals,
    );
  };
}

export const DAYCOUNT_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'DAYS360',
    family: 'date',
    args: [
      { name: 'start_date', kind: 'value', class: 'number' },
      { name: 'end_date', kind: 'value', class: 'number' },
      { name: 'method', kind: 'value', class: 'logical', optional: true },
    ],
    helpers: ['xlDays360'],
    lower: lowerWith('xlDays360', 'false'),
    summary: 'the days between two dates in a year of twelve 30-day months',
    lowering: '$xlDays360(start, end, method) (method false when left out)',
    notes:
      'U.S. method (FALSE, left out): a start on its month\'s last day is the 30th (also 28/29 February: corpus DAYS_DAYS360.xlsx D14 2024-02-29 to 2025-02-28 is 358, D15), an end on the 31st is the 30th when the start is then the 30th (D16, D17), else the 1st of the next month; European (TRUE): the 31st is the 30th on both sides (H2); the method a logical value (H4:H14: numbers non-zero, blank FALSE, the text "TRUE", other text #VALUE!); dates: booleans 1/0, blank 0 (D28, D37:D41), text that is no number #VALUE! (D36), below 0 #NUM! (D25), the day of the serial rounded to the second (D24 23:59:59.91 the next day; D20); negative when start is later (D6); errors left to right (D30:D32); not established: date or numeric text, a time in the last 0.4 seconds before 23:59:59.9, a date past 9999-12-31, serials 59 and 60',
    example: { formula: '=DAYS360(A1,A2)', cells: { A1: 45350, A2: 45352 }, value: 3 },
    evidence: {
      goldens: ['daycount'],
      corpus: [DAYS360_FILE, 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['DAYS360 function'],
    },
  },
  {
    name: 'YEARFRAC',
    family: 'date',
    args: [
      { name: 'start_date', kind: 'value', class: 'date' },
      { name: 'end_date', kind: 'value', class: 'date' },
      { name: 'basis', kind: 'value', class: 'strict-number', optional: true },
    ],
    helpers: ['xlYearfrac'],
    lower: lowerWith('xlYearfrac', '0'),
    summary: 'the fraction of a year between two dates, by one of five day-count bases',
    lowering: '$xlYearfrac(start, end, basis) (basis 0 when left out)',
    notes:
      "the dates in either order (corpus YEARFRAC.xlsx Sheet2!A1), truncated (Microsoft's YEARFRAC page); basis truncated, outside 0..4 #NUM!; 0 U.S. 30/360, 1 actual/actual (366 within one leap year, 365 within a year without 29 February, else the average length of the calendar years spanned: (end - start) / (days / years), D20 D28 D30), 2 actual/360, 3 actual/365, 4 European 30/360 (YEARFRAC.xlsx D2:D30); text that is no number #VALUE!; not established: basis 0 from the last day of February, basis 1 within a year across a 29 February, a date before 1900-03-01 or past 9999-12-31, date or numeric text, logical values, blanks, a basis that is not a number",
    example: { formula: '=YEARFRAC(A1,A2,3)', cells: { A1: 39508, A2: 39691 }, value: 0.5013698630136987 },
    evidence: { goldens: ['daycount'], corpus: [YEARFRAC_FILE], microsoft: ['YEARFRAC function'] },
  },
];
