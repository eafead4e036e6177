import { describe, expect, it } from 'vitest';
import { parseCellOption } from '../../src/cli/commands/formula.js';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { listFunctions } from '../../src/compiler/lower/catalogue.js';
import { SUPPORTED_FUNCTIONS } from '../../src/compiler/lower/functions/index.js';

describe('translateFormula', () => {
  it('translates and evaluates ROUND(A1,2) with A1 = 1.005', async () => {
    const r = await translateFormula('=ROUND(A1,2)', { A1: 1.005 });
    expect(r).toMatchObject({ jsonata: '$xlRoundNum(1.005, 2, 100)', value: 1.01 });
    expect('library' in r && r.library?.define).toContain('$xlRoundNum := function');
    expect('library' in r && r.library?.define).not.toContain('$xlVlookup');
  });
  it('needs no library for a plain expression', async () => {
    const r = await translateFormula('=A1*B1', { A1: 2, B1: 3 });
    expect(r).toMatchObject({ jsonata: '2 * 3', value: 6 });
    expect('library' in r && r.library).toBeFalsy();
  });
  it("reads another sheet's given cells as Sheet!A1, and refuses a sheet no given cell names", async () => {
    const r = await translateFormula("=A1*Settings!$B$2+SUM('My Rates'!A1:A2)", {
      A1: 2,
      'settings!B2': 0.5,
      "'My Rates'!A1": 1,
      "'My Rates'!$A$2": 3,
    });
    expect(r).toMatchObject({ value: 5 });
    const none = await translateFormula('=A1*Other!$B$2', { A1: 2 });
    expect('error' in none && none.error.code).toBe('CROSS_SHEET_REFERENCE');
  });
  it('reads defined names as their cell, range or number; refuses a formula name', async () => {
    const names = [
      { name: 'Rate', ref: 'Settings!$B$2' },
      { name: 'Both', ref: 'Sheet1!$A$1:$A$2' },
      { name: 'Markup', ref: '0.5' },
      { name: 'Twice', ref: 'Sheet1!$A$1*2' },
    ];
    const options = { names, sheet: 'Sheet1' };
    const r = await translateFormula('=SUM(Both)*Rate+Markup', { A1: 1, A2: 2, 'Settings!B2': 10 }, options);
    expect(r).toMatchObject({ value: 30.5 });
    const refused = await translateFormula('=Twice+1', { A1: 1 }, options);
    expect('error' in refused && refused.error.code).toBe('DEFINED_NAME');
  });
  it('returns a parse error with a code instead of throwing', async () => {
    const r = await translateFormula('=1+', {});
    expect('error' in r && typeof r.error.code).toBe('string');
  });
});

describe('--cell values', () => {
  it('reads numbers, text, booleans', () => {
    expect(parseCellOption('A1=1.5')).toEqual(['A1', 1.5]);
    expect(parseCellOption('b2="x y"')).toEqual(['B2', 'x y']);
    expect(parseCellOption('C3=TRUE')).toEqual(['C3', true]);
    expect(parseCellOption('C3=false')).toEqual(['C3', false]);
    expect(parseCellOption('nope')).toBeUndefined();
  });
});

describe('catalogue', () => {
  it('lists every supported function and the refusal codes', () => {
    const { entries, refusals } = listFunctions();
    for (const f of SUPPORTED_FUNCTIONS) expect(entries.map((e) => e.name)).toContain(f);
    expect(refusals.map((r) => r.code)).toContain('UNSUPPORTED_LOOKUP_MODE');
    expect(listFunctions('vlookup').entries.map((e) => e.name)).toEqual(['VLOOKUP', 'HLOOKUP']);
  });
});
