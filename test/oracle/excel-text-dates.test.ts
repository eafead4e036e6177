/**
 * The oracle's TEXT with date/time codes (src/oracle/excel-text-dates.ts, through SSX.TEXT): Excel-saved and
 * hand-derived values, a code read from a cell, then a seeded comparison with the lowering's JSONata
 * ($xlTextDate, src/compiler/lower/helpers/format.ts) on random serials and every accepted date code.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_DATE_CODES } from '../../src/compiler/functions/format.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import {
  type Bindings,
  compileExpression,
  evaluateExpression,
  specBindings,
} from '../../src/modelspec/bind.js';
import { formatDate, TEXT_DATE_FORMAT_CODES } from '../../src/oracle/excel-text-dates.js';
import { evaluateWorkbook, sameValue } from '../../src/oracle/index.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { type CellValue, isErrorValue } from '../../src/workbook/values.js';
import { propertyRuns } from '../support/property-runs.js';

const CODES = [...TEXT_DATE_FORMAT_CODES];
const UNDETERMINED = '#ERROR!';

function oracleTable(values: readonly CellValue[], codes: readonly string[]): CellValue[][] {
  const sheet = gridSheet(
    'S',
    values.map((_, r) => [undefined, ...codes.map((c) => `=TEXT(A${r + 1},"${c}")`)]),
  );
  values.forEach((value, row) => {
    if (value !== null) sheet.rows.get(row)?.set(0, { row, col: 0, value });
  });
  const o = evaluateWorkbook({ sheets: [sheet], definedNames: [], tables: [] });
  return values.map((_, r) => codes.map((_c, i) => o.get('S', r, i + 1)));
}

describe('TEXT with date codes in the oracle', () => {
  it("formats POI's DateFormatTests.xlsx serials as Excel saved them (1904 serials shifted by 1462)", () => {
    expect(formatDate(17816.607951388887 + 1462, 'dddd-mmmm-yyyy')).toBe('Saturday-October-1952');
    expect(formatDate(36191.1702084375 + 1462, 'ddd-mmm-yyyy')).toBe('Sat-Feb-2003');
    expect(formatDate(17816.607951388887 + 1462, 'h:m:s')).toBe('14:35:27');
    expect(formatDate(36191.1702084375 + 1462, 'h:m:s')).toBe('4:5:6');
    expect(formatDate(44196 + 1462, 'dd-mm-yyyy')).toBe('01-01-2025');
  });

  it('keeps serial 0, the phantom leap day and the weekday of serial 1', () => {
    const [row] = oracleTable([0], ['yyyy-mm-dd', 'dddd']);
    expect(row).toEqual(['1900-01-00', 'Saturday']);
    expect(oracleTable([60], ['dd/mm/yyyy'])[0]).toEqual(['29/02/1900']);
    expect(oracleTable([1], ['ddd'])[0]).toEqual(['Sun']);
  });

  it('leaves negative serials, day carries and half-second ties undetermined', () => {
    const out = oracleTable([-1, 0.999999999, 0.5 / 86_400], ['yyyy', 'hh:mm:ss', 'hh:mm:ss']);
    expect(out.map((r, i) => isErrorValue(r[i]) && r[i].error)).toEqual([
      UNDETERMINED,
      UNDETERMINED,
      UNDETERMINED,
    ]);
  });

  it('formats a code read from a cell only when it is one of its codes', () => {
    const sheet = gridSheet('S', [
      [45000, 'yyyy-mm-dd', '=TEXT(A1,B1)'],
      [45000, '0.00', '=TEXT(A2,B2)'],
      [45000, 'yy', '=TEXT(A3,B3)'],
    ]);
    const o = evaluateWorkbook({ sheets: [sheet], definedNames: [], tables: [] } as WorkbookModel);
    expect(o.get('S', 0, 2)).toBe('2023-03-15');
    expect(o.get('S', 1, 2)).toBe('45000.00');
    expect(o.get('S', 2, 2)).toEqual({ error: UNDETERMINED });
  });

  it('accepts exactly the date codes the lowering accepts', () => {
    expect(new Set(Object.keys(TEXT_DATE_CODES))).toEqual(new Set(CODES));
  });
});

const serial = fc.oneof(
  fc.integer({ min: 0, max: 2_958_465 }),
  fc.integer({ min: 0, max: 100 }),
  fc.double({ noNaN: true, min: 0, max: 2_958_466, maxExcluded: true }),
  fc
    .tuple(fc.integer({ min: 0, max: 80_000 }), fc.integer({ min: 0, max: 86_399 }))
    .map(([d, s]) => d + s / 86_400),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e7 }),
);
const value: fc.Arbitrary<CellValue> = fc.oneof(
  { weight: 12, arbitrary: serial.map((x) => (x === 0 ? 0 : x)) },
  { weight: 1, arbitrary: serial.map((x) => String(x)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<CellValue>(null, true, false, '', 'abc', '2024-03-05', '1,000', {
      error: '#N/A',
    }),
  },
);

describe('TEXT with date codes: lowering vs oracle', () => {
  let b: Bindings;
  const compiled = new Map(
    CODES.map((c) => [c, compileExpression(`$xlTextDate($$.v, ${JSON.stringify(TEXT_DATE_CODES[c])})`)]),
  );
  beforeAll(async () => {
    b = await specBindings(buildLibrary(['xlTextDate']), {});
  });

  it('agrees on 1,500 random values with every date code', async () => {
    const values = fc.sample(value, { seed: 20261201, numRuns: propertyRuns(1500) });
    const oracle = oracleTable(values, CODES);
    const differences: string[] = [];
    let compared = 0;
    for (let r = 0; r < values.length; r++) {
      for (const [i, c] of CODES.entries()) {
        const o = oracle[r][i];
        if (isErrorValue(o) && (o.error as string) === UNDETERMINED) continue;
        const v = values[r];
        const l = (await evaluateExpression(compiled.get(c) as never, { v }, b)) as CellValue;
        compared++;
        if (!sameValue(o, l ?? null))
          differences.push(`TEXT(${JSON.stringify(v)},"${c}"): ${JSON.stringify(o)} vs ${JSON.stringify(l)}`);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    // Not compared: the oracle's undetermined cells (negative serials, past 9999-12-31, day carries).
    expect(compared).toBeGreaterThan(values.length * CODES.length * 0.6);
  });
});
