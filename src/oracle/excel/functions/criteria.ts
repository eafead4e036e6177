/**
 * SUMIF/COUNTIF/AVERAGEIF and the *IFS family (correction `criteria`; the matching rules in excel-criteria.ts),
 * and COUNTBLANK (correction `aggregate`), whose ranges are read the same way.
 *
 * Why the arguments are read here, not by HyperFormula's `runFunction`: it turns a one-cell range holding an
 * error into that error before the function runs, and SUMIF(A1:A1,">1",B1:B1) with B1 an error is #DIV/0! in
 * Excel (the row does not match). A sheet range is read once per engine (range-cache.ts): the engine
 * evaluates in dependency order, so a range's cells are final when the first formula reading it runs.
 */
import { EmptyValue } from '../../hf.js';
import { isRange } from '../call.js';
import { type Call, type Corrected, RANGE, type Route, SCALAR } from '../entry.js';
import { type CriteriaAggregate, type CriteriaRange, criteriaAggregate } from '../excel-criteria.js';
import { raw, type Scalar, UNKNOWN } from '../excel-scalars.js';
import { type CriteriaArg, rangeCacheOf, scalarArg } from '../range-cache.js';

/** The arguments, each as its cells (a range, row by row) or a one-cell list. */
function criteriaArgs(c: Call): CriteriaArg[] {
  const cache = rangeCacheOf(c.graph);
  return c.args.map((node) => {
    const value = c.evaluate(node);
    if (!isRange(value)) return scalarArg(raw(value as Scalar));
    return cache.range(value.range, () => [...value.valuesFromTopLeftCorner()].map((v) => raw(v as Scalar)));
  });
}

/** A criterion argument: one value (a range of more than one cell is not established here). */
function criterionOf(arg: CriteriaArg | undefined): ReturnType<typeof raw> | undefined {
  // Why `?.`: a call without its criterion (`SUMIF(A1:A3)`, which Excel cannot enter) must not throw.
  return arg?.range.cells.length === 1 ? arg.range.cells[0] : undefined;
}

/** SUMIF/AVERAGEIF (range, criterion, [values]) and COUNTIF (range, criterion). */
const criteriaIf = (agg: CriteriaAggregate) => (c: Call) => {
  const args = criteriaArgs(c);
  return rangeCacheOf(c.graph).result(agg, args, () => {
    const [range, crit, values] = args;
    const criterion = criterionOf(crit);
    if (criterion === undefined) return UNKNOWN();
    const vals = agg === 'count' ? undefined : (values ?? range)!.range.cells;
    return criteriaAggregate(agg, vals, [{ criterion, range: range!.range }]);
  });
};

/** SUMIFS/AVERAGEIFS/MAXIFS/MINIFS (values, range1, criterion1, ...) and COUNTIFS (range1, criterion1, ...). */
const criteriaIfs = (agg: CriteriaAggregate) => (c: Call) => {
  const args = criteriaArgs(c);
  return rangeCacheOf(c.graph).result(agg, args, () => {
    const values = agg === 'count' ? undefined : args[0]!.range.cells;
    const rest = agg === 'count' ? args : args.slice(1);
    const pairs: { range: CriteriaRange; criterion: ReturnType<typeof raw> }[] = [];
    for (let i = 0; i + 1 < rest.length; i += 2) {
      const criterion = criterionOf(rest[i + 1]!);
      if (criterion === undefined) return UNKNOWN();
      pairs.push({ range: rest[i]!.range, criterion });
    }
    return criteriaAggregate(agg, values, pairs);
  });
};

const criteria = (call: string): Route[] => [
  {
    call,
    correction: 'criteria',
    note: 'plain decimal text in a range reads as its number ("5" meets 5; HyperFormula: no); readings Excel has not established are undetermined',
  },
];

/** (range, criterion, [values]) */
const IF_PARAMS = [RANGE, SCALAR, { ...RANGE, optionalArg: true }];
/** (values, range1, criterion1, ...) */
const IFS_PARAMS = { params: [RANGE, RANGE, SCALAR], repeatLastArgs: 2 };

export const CRITERIA: Corrected[] = [
  {
    name: 'SSX.COUNTBLANK',
    params: [RANGE],
    calls: [
      {
        call: 'COUNTBLANK',
        correction: 'aggregate',
        note: '"" counts as blank (Microsoft, COUNTBLANK function; HyperFormula counts empty cells only)',
      },
    ],
    call: (c) => {
      const [arg] = criteriaArgs(c);
      return arg!.range.cells.filter((v) => v === EmptyValue || v === '').length;
    },
  },
  { name: 'SSX.SUMIF', params: IF_PARAMS, calls: criteria('SUMIF'), call: criteriaIf('sum') },
  { name: 'SSX.COUNTIF', params: [RANGE, SCALAR], calls: criteria('COUNTIF'), call: criteriaIf('count') },
  { name: 'SSX.AVERAGEIF', params: IF_PARAMS, calls: criteria('AVERAGEIF'), call: criteriaIf('average') },
  { name: 'SSX.SUMIFS', ...IFS_PARAMS, calls: criteria('SUMIFS'), call: criteriaIfs('sum') },
  {
    name: 'SSX.COUNTIFS',
    params: [RANGE, SCALAR],
    repeatLastArgs: 2,
    calls: criteria('COUNTIFS'),
    call: criteriaIfs('count'),
  },
  { name: 'SSX.AVERAGEIFS', ...IFS_PARAMS, calls: criteria('AVERAGEIFS'), call: criteriaIfs('average') },
  { name: 'SSX.MAXIFS', ...IFS_PARAMS, calls: criteria('MAXIFS'), call: criteriaIfs('max') },
  { name: 'SSX.MINIFS', ...IFS_PARAMS, calls: criteria('MINIFS'), call: criteriaIfs('min') },
];
