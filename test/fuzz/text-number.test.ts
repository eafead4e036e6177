/**
 * Text → number, the two independent readers side by side: the lowering's `$xlParseNum` (JSONata) and the
 * oracle's `excelTextToNumber` (TypeScript). On random number-like text they must give the same double, or
 * both refuse it: where the oracle says `value` the lowering gives #VALUE!; where it says `unknown` (Excel's
 * answer not established, the oracle's #ERROR!) the lowering gives #VALUE!, except that it reads `x%` by moving
 * the decimal point where that and x/100 differ.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { excelTextToNumber } from '../../src/oracle/excel/excel-values.js';
import {
  type Bindings,
  compileExpression,
  evaluateExpression,
  specBindings,
} from '../../src/modelspec/bind.js';
import { isNotEstablished } from '../../src/workbook/values.js';

let b: Bindings;
const parse = compileExpression('$xlParseNum($$.t)');
beforeAll(async () => {
  b = await specBindings(buildLibrary(['xlParseNum']), {});
});
const lowered = async (t: string) => evaluateExpression(parse, { t }, b);

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const spaces = fc.constantFrom('', ' ', '  ');
const grouped = fc
  .tuple(digits(1, 3), fc.array(digits(3, 3), { minLength: 1, maxLength: 6 }))
  .map(([h, t]) => [h, ...t].join(','));
/** Number-like text: the accepted forms and near misses (bad groups, two signs, a space before `%`). */
const numberText = fc
  .tuple(
    spaces,
    fc.constantFrom('', '-', '+', '$', '-$', '$-', '+$', '--', '('),
    fc.oneof(digits(0, 22), grouped, fc.constantFrom('1,00', '12,3456', '0')),
    fc.option(fc.tuple(fc.constantFrom('.'), digits(0, 20)).map((p) => p.join(''))),
    fc.option(
      fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 4)).map((p) => p.join('')),
    ),
    fc.constantFrom('', '', '%', ' %', ')'),
    spaces,
  )
  .map(([a, s, i, f, e, p, z]) => `${a}${s}${i}${f ?? ''}${e ?? ''}${p}${z}`);
const dateText = fc
  .tuple(
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 1890, max: 9999 }),
  )
  .chain(([m, d, y]) =>
    fc.constantFrom(`${m}/${d}/${y}`, `${y}-${m}-${d}`, `${y}-0${m}-${d}`, ` ${m}/${d}/${y} `),
  );

describe('text → number: lowering vs oracle', () => {
  it('agrees on number-like and date text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(numberText, dateText, fc.string({ maxLength: 8 })), async (t) => {
        const o = excelTextToNumber(t);
        const l = await lowered(t);
        if (typeof o === 'number') expect(l).toBe(o);
        else if (o === 'value') expect(l).toEqual({ error: '#VALUE!' });
        // Undetermined (the oracle's #ERROR!): the not-established value, or for `%` the decimal point moved
        // two places.
        else if (typeof l === 'number') expect(t).toMatch(/%/);
        else expect(isNotEstablished(l)).toBe(true);
      }),
      { seed: 4242, numRuns: 2000 },
    );
  });

  it.each([
    ['$4.00', 4],
    ['6/1/2001', 37043],
    ['2001-05-01', 37012],
    ['3/1/1900', 61], // the phantom 29 February 1900 counted
    ['(1,234.5)', -1234.5],
    [' -$5 ', -5],
    ['50%', 0.5],
    ['9007199254740993', 9007199254740990], // 15 significant digits kept, the rest zeroed
    ['-2.4999999999999996', -2.49999999999999],
    ['1.5%', 0.015],
  ])('reads %j as %d', async (t, v) => {
    expect(await lowered(t)).toBe(v);
    expect(excelTextToNumber(t)).toBe(v);
  });
});
