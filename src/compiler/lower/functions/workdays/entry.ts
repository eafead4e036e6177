/**
 * NETWORKDAYS, NETWORKDAYS.INTL, WORKDAY, WORKDAY.INTL: working days between dates and after a date, with a
 * weekend (the .INTL functions) and holidays read from a reference (helpers.ts).
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import type { Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

const WORKDAY_FILES = ['excel/poi/50755_workday_formula_example.xlsx', 'excel/poi/59106.xlsx'];
const SAT_SUN = '"0000011"';

/** The holidays as a JSONata array: a cell or a range; left out, none. */
function holidays(node: Node | undefined, l: Lowering): { expr: string; vals: Val[] } {
  if (node === undefined) return { expr: '[]', vals: [] };
  const ref = node.kind === 'missing' ? undefined : l.refArray(node);
  if (!ref) l.fail('UNSUPPORTED_DATE_MODE', 'holidays other than a cell or a range (not established)', node);
  const val: Val = { expr: `[${ref.inner}]`, kinds: ref.kinds, atom: true, invariant: ref.invariant };
  return { expr: val.expr, vals: [{ ...val, ...(ref.ne ? { ne: true } : {}) }] };
}

/** An optional weekend argument: left out, Saturday and Sunday; left empty (`,,`), refused. */
function weekend(node: Node | undefined, l: Lowering): Val | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'missing')
    l.fail('UNSUPPORTED_DATE_MODE', 'a weekend left empty (not established)', node);
  return l.lower(node);
}

function lowerWith(helper: 'xlNetworkdays' | 'xlWorkday', intl: boolean) {
  return (node: CallNode, l: Lowering): Val => {
    if (l.date1904)
      l.fail('UNSUPPORTED_DATE_MODE', `${node.name} in a workbook using the 1904 date system`, node);
    const [a, b, ...rest] = node.args as [Node, Node, ...Node[]];
    for (const n of [a, b])
      if (n.kind === 'missing') l.fail('UNSUPPORTED_DATE_MODE', 'a date left empty (not established)', n);
    const x = l.lower(a);
    const y = l.lower(b);
    const w = intl ? weekend(rest[0], l) : undefined;
    const h = holidays(intl ? rest[1] : rest[0], l);
    const from = [x, y, ...(w ? [w] : []), ...h.vals];
    const args = [
      x.expr,
      y.expr,
      w?.expr ?? SAT_SUN,
      h.expr,
      ...(helper === 'xlNetworkdays' ? [String(intl)] : []),
    ];
    return l.helper(
      helper,
      args,
      ['number', 'error'],
      from.every((v) => v.invariant),
      from,
    );
  };
}

const date = (name: string): FunctionArg => ({ name, kind: 'value', class: 'date' });
const WEEKEND: FunctionArg = { name: 'weekend', kind: 'value', class: 'any', optional: true };
const HOLIDAYS: FunctionArg = { name: 'holidays', kind: 'reference', class: 'range', optional: true };
const DATE_NOTES =
  'dates are numbers (text that is no number #VALUE!: Microsoft\'s NETWORKDAYS page, "If any argument is not a valid date"); date or numeric text, a logical value and a blank are not established';
const HOLIDAY_NOTES =
  'holidays a cell or a range of whole serials (the order does not matter, a date counted once); a blank cell in them is no holiday, not established only where the period reaches serial 0; a fraction, text, a logical value or an error among them not established';
const WEEKEND_NOTES =
  'the weekend a number 1-7 (1 Saturday and Sunday, 2 Sunday and Monday ... 7 Friday and Saturday) or 11-17 (11 Sunday only ... 17 Saturday only), or seven characters 0/1 from Monday, 1 a weekend day ("0000011"); other text #VALUE! (Microsoft: "invalid length or contains invalid characters"); a weekend left empty refused';

const ENTRIES: readonly FunctionEntry[] = [
  {
    name: 'NETWORKDAYS',
    family: 'date',
    args: [date('start_date'), date('end_date'), HOLIDAYS],
    helpers: ['xlNetworkdays'],
    lower: lowerWith('xlNetworkdays', false),
    summary: 'the working days (Monday to Friday, less holidays) from one date to another, both counted',
    lowering: '$xlNetworkdays(start, end, "0000011", [holidays], false)',
    notes: `negative when start is after end; ${DATE_NOTES}; a date with a time of day or outside 0..2958465 not established; ${HOLIDAY_NOTES}`,
    example: { formula: '=NETWORKDAYS(A1,A2)', cells: { A1: 41183, A2: 41334 }, value: 110 },
    evidence: {
      goldens: ['workdays'],
      microsoft: ['NETWORKDAYS function', 'NETWORKDAYS.INTL function'],
      other:
        "Microsoft's NETWORKDAYS page example: 2012-10-01 to 2013-03-01 is 110 days, 109 with 2012-11-22 a holiday, 107 with 2012-12-04 and 2013-01-21 too",
    },
  },
  {
    name: 'NETWORKDAYS.INTL',
    family: 'date',
    args: [date('start_date'), date('end_date'), WEEKEND, HOLIDAYS],
    helpers: ['xlNetworkdays'],
    lower: lowerWith('xlNetworkdays', true),
    summary: 'the working days from one date to another, both counted, with a chosen weekend',
    lowering: '$xlNetworkdays(start, end, weekend, [holidays], true)',
    notes: `negative when start is after end; a date outside 0..2958465 #NUM! (Microsoft's page), its time of day not established; ${DATE_NOTES}; ${WEEKEND_NOTES}; "1111111" 0 (Microsoft: "Using 1111111 will always return 0"); another number, a fraction, a logical value or a blank weekend not established; ${HOLIDAY_NOTES}`,
    example: { formula: '=NETWORKDAYS.INTL(A1,A2)', cells: { A1: 38718, A2: 38748 }, value: 22 },
    evidence: {
      goldens: ['workdays'],
      microsoft: ['NETWORKDAYS.INTL function'],
      other:
        "Microsoft's NETWORKDAYS.INTL page examples (2006-01-01 to 2006-01-31: 22; 2006-02-28 to 2006-01-31: -21)",
    },
  },
  {
    name: 'WORKDAY',
    family: 'date',
    args: [date('start_date'), { name: 'days', kind: 'value', class: 'strict-number' }, HOLIDAYS],
    helpers: ['xlWorkday'],
    lower: lowerWith('xlWorkday', false),
    summary: 'the date a number of working days (Monday to Friday, less holidays) before or after a date',
    lowering: '$xlWorkday(start, days, "0000011", [holidays])',
    notes: `start and days truncated (Microsoft's WORKDAY.INTL page), 0 days the start itself; corpus poi 50755_workday_formula_example.xlsx B2:B4 WORKDAY(A2,5) (2011-02-01 to 40582), 59106.xlsx B2 WORKDAY(C2,6,D2:D5) 42438 (a holiday passed over); a start or a result outside 0..2958465 #NUM!; days that are not a number not established; ${DATE_NOTES}; ${HOLIDAY_NOTES}, one out of range #NUM!`,
    example: { formula: '=WORKDAY(A1,5)', cells: { A1: 40575 }, value: 40582 },
    evidence: {
      goldens: ['workdays'],
      corpus: WORKDAY_FILES,
      microsoft: ['WORKDAY function', 'WORKDAY.INTL function'],
    },
  },
  {
    name: 'WORKDAY.INTL',
    family: 'date',
    args: [date('start_date'), { name: 'days', kind: 'value', class: 'strict-number' }, WEEKEND, HOLIDAYS],
    helpers: ['xlWorkday'],
    lower: lowerWith('xlWorkday', true),
    summary: 'the date a number of working days before or after a date, with a chosen weekend',
    lowering: '$xlWorkday(start, days, weekend, [holidays])',
    notes: `as WORKDAY; ${WEEKEND_NOTES}; weekend 0 #NUM! (Microsoft's page example WORKDAY.INTL(DATE(2012,1,1),30,0)); "1111111" (invalid, its error not named), another number, a fraction, a logical value or a blank weekend not established`,
    example: { formula: '=WORKDAY.INTL(A1,90,11)', cells: { A1: 40909 }, value: 41013 },
    evidence: { goldens: ['workdays'], microsoft: ['WORKDAY.INTL function'] },
  },
];

export const WORKDAY_FUNCTIONS: readonly FunctionEntry[] = ENTRIES;
