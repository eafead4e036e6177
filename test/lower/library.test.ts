/** Each helper run directly on plain jsonata through the spec binding convention. */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLibrary, HELPERS, helpersCalled, resolveHelpers } from '../../src/compiler/lower/library.js';
import type { CellValue } from '../../src/workbook/values.js';
import { NOT_READ } from '../../src/compiler/lower/helpers/values.js';
import { RESERVED_NAMES } from '../../src/modelspec/types.js';
import {
  type Bindings,
  compileExpression,
  evaluateExpression,
  specBindings,
} from '../../src/modelspec/bind.js';

let b: Bindings;
beforeAll(async () => {
  b = await specBindings(buildLibrary(Object.keys(HELPERS)), {});
});
// JSON round trip: drops JSONata's `sequence` marker from arrays.
const run = async (e: string) =>
  JSON.parse(JSON.stringify((await evaluateExpression(compileExpression(e), {}, b)) ?? null));
const E = (e: string) => ({ error: e });

// A lookup table as the library builds it from its rows at run time.
const T = (rows: CellValue[][]): string => `$xlTableIndex(${JSON.stringify(rows)})`;

const cases: [string, unknown][] = [
  ['$xlNumText(0.1+0.2)', '0.3'],
  ['$xlNumText(1/3)', '0.333333333333333'],
  ['$xlNumText(1e21)', '1E+21'],
  ['$xlNumText($power(2,53))', '9007199254740990'],
  ['$xlNumText(1.2345678901234567E19)', '12345678901234600000'],
  ['$xlNumText(1.2345678901234568E20)', '1.23456789012346E+20'],
  ['$xlNumText(1.2345678901234568E-5)', '1.23456789012346E-05'],
  ['$xlNumText(0.00012345678901234567)', '0.000123456789012346'],
  ['$xlNumText(5.67890123456E-8)', '5.67890123456E-08'],
  ['$xlNumText(5.678902E-8)', '0.00000005678902'],
  ['$xlNumText(1.2345678901234577E99)', '1.2345678901235E+99'],
  ['$xlNumText(9.999999999999996E98)', '1E+99'],
  ['$xlNumText(999999.9999999999)', '1000000'],
  ['$xlNumText(9.999999999999999E-20)', '1E-19'],
  ['$xlNumText(1.7976931348623157E308)', '1.7976931348623E+308'],
  ['$xlNumText(-1.2345678901234567E19)', '-12345678901234600000'],
  ['$xlNumText(2e-50)', '2E-50'],
  ['$xlNumText(5e-324)', '0'],
  ['$xlParseNum(" -1.5e2 ")', -150],
  ['$xlParseNum(".5")', 0.5],
  ['$xlParseNum("1.")', 1],
  ['$xlParseNum("1.1%")', 0.011],
  ['$xlParseNum("")', E('#VALUE!')],
  ['$xlParseNum(".")', E('#VALUE!')],
  ['$xlParseNum("1e400")', E('#VALUE!')],
  ['$xlParseNum("1,000")', 1000],
  // Forms of numeric text no saved cell shows: not established (the oracle's undetermined).
  ['$xlParseNum("1,00")', { notEstablished: NOT_READ }],
  ['$xlParseNum("9.99999999999999e307")', 9.99999999999999e307],
  ['$xlParseNum("$(1)")', { notEstablished: NOT_READ }],
  ['$xlRound(1.005, 2)', 1.01],
  ['$xlRound(-1.005, 2)', -1.01],
  ['$xlRound(0.5, 0)', 1],
  ['$xlRound(0.1+0.2, 5)', 0.3],
  ['$xlRound(123456.789, -10)', 0],
  ['$xlRound(1, "x")', E('#VALUE!')],
  // Rounded left of the 15th digit, the largest doubles carry past the largest double: #NUM! as overflow is.
  ['$xlRound(1.7976931348623157E308, -294)', E('#NUM!')],
  ['$xlRound(-1.7976931348623157E308, -293)', E('#NUM!')],
  ['$xlRound(1.7976931348623157E308, -295)', 1.7976931348623e308],
  ['$xlPow(0.5, -1074)', E('#NUM!')],
  ['$xlPow(5e-324, -0.9)', 5e-324 ** -0.9],
  ['$xlPow(1.0001, 1e9)', E('#NUM!')],
  ['$xlPow(10, 308)', 1e308],
  ['$xlPow(-2, 3)', -8],
  ['$xlCompare(true, false, ">")', true],
  ['$xlCompare(null, null, "=")', true],
  ['$xlCompare("b", "A", ">")', true],
  ['$xlCompare(1, {"error":"#N/A"}, "=")', E('#N/A')],
  ['$xlConcat(["a", {"error":"#N/A"}, {"error":"#DIV/0!"}])', E('#N/A')],
  ['$xlTrim("  a \t  b  ")', 'a \t b'],
  ['$xlLen("")', 0],
  ['$xlLeft("a😀b", 2)', 'a\ud83d'],
  ['$xlRight("a😀", 2)', '😀'],
  ['$xlMid("abc", 4, 1)', ''],
  ['$xlSum([])', 0],
  ['$xlSum([1e308, 1e308, -1e308])', E('#NUM!')],
  ['$xlAverage([1, 2])', 1.5],
  ['$xlMin([])', 0],
  ['$xlAnd([true, true])', true],
  ['$xlOr([])', E('#VALUE!')],
  ['$xlRefBools(["a", null, 0, 2])', [false, true]],
  ['$xlRefNums(["a", 1, true, {"error":"#N/A"}])', [1, E('#N/A')]],
  ['$xlCountArg("1")', 1],
  ['$xlCountArg(null)', 0],
  ['$xlBool("false")', false],
  [`$xlVlookup(null, ${T([[null, 1]])}, 2)`, E('#N/A')],
  [`$xlVlookup("a~*", ${T([['a*', 1]])}, 2)`, 1],
  [`$xlVlookup("?b", ${T([['ab', 1]])}, 2)`, 1],
  [
    `$xlVlookup(true, ${T([
      [1, 1],
      [true, 2],
    ])}, 2)`,
    2,
  ],
  [
    `$xlVlookup("B", ${T([
      ['b', 1],
      ['B', 2],
    ])}, 2)`,
    1,
  ],
  [
    `$xlVlookup(2, ${T([
      ['2', 1],
      [2, 2],
      [2, 3],
    ])}, 2)`,
    2,
  ],
  [`$xlVlookup(2.5, ${T([[2.5, 1]])}, 2)`, 1],
  [`$xlVlookup("constructor", ${T([['a', 1]])}, 2)`, E('#N/A')],
  [`$xlVlookup("a", ${T([['a', 1]])}, 3)`, E('#REF!')],
  ['$xlSumProduct([{"a": [1, {"error":"#N/A"}]}, {"a": [1, 2]}])', E('#N/A')],
  ['$xlSumProduct([{"a": [1, null]}, {"a": [3, 2]}])', 3],
];

describe('library helpers', () => {
  for (const [expr, want] of cases) {
    it(expr, async () => {
      expect(await run(expr)).toEqual(want);
    });
  }
});

describe('buildLibrary', () => {
  it('emits only the used helpers plus dependencies, dependencies first', () => {
    const names = resolveHelpers(['xlAdd']);
    expect(names).toEqual(
      [
        'xlFin',
        'xlMonthStart',
        'xlMonthDays',
        'xlNE',
        'xlNotRead',
        'xlDateTime',
        'xlParseDate',
        'xlParseNum',
        'xlNum',
        'xlAdd',
      ].sort((a, c) => names.indexOf(a) - names.indexOf(c)),
    );
    expect(names.indexOf('xlNum')).toBeLessThan(names.indexOf('xlAdd'));
    expect(names.indexOf('xlParseNum')).toBeLessThan(names.indexOf('xlNum'));
    expect(names).not.toContain('xlRound');
    const lib = buildLibrary(['xlAdd']);
    expect(lib?.define).toMatch(/\["xlFin"|"xlAdd"\]\n\)$/);
  });
  it('returns undefined when nothing is used and exports values', async () => {
    expect(buildLibrary([])).toBeUndefined();
    const lib = buildLibrary(['xlVlookup'], { xlTableRates: [['a', 1]] });
    const bound = await specBindings(lib, {});
    expect(bound.xlTableRates).toEqual([['a', 1]]);
  });
  it('uses export names that are simple and not reserved', () => {
    for (const n of Object.keys(HELPERS)) {
      expect(n).toMatch(/^xl[A-Z][A-Za-z0-9]*$/);
      expect(RESERVED_NAMES).not.toContain(n);
    }
  });
  it("finds each helper's dependencies in its text, and every name called is a helper", () => {
    for (const [name, def] of Object.entries(HELPERS)) {
      const called = [...def.fn.matchAll(/\$(xl[A-Za-z0-9]+)/g)].map((m) => m[1]!).filter((n) => n !== name);
      for (const n of called) expect(HELPERS[n], `${name} calls $${n}`).toBeDefined();
      expect([...def.deps].sort()).toEqual([...new Set(called)].sort());
    }
    expect(HELPERS.xlPow?.deps).toEqual(['xlNum', 'xlIsErr', 'xlPowOver', 'xlPowSq']);
    expect(helpersCalled('function($a) { $xlB($a) + $xlA($xlB(1)) }', ['xlA', 'xlB'])).toEqual([
      'xlA',
      'xlB',
    ]);
    expect(helpersCalled('function($a) { $xlSelf($a) }', ['xlSelf'], 'xlSelf')).toEqual([]);
  });
});
