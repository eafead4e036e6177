/** The function table (src/compiler/lower/functions/): each entry's example, arity, helpers and evidence. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCasesOf } from '../../scripts/docs/functions.js';
import { translateFormula } from '../../src/authoring/formula-command.js';
import {
  arityOf,
  FUNCTIONS,
  signatureOf,
  SUPPORTED_FUNCTIONS,
} from '../../src/compiler/lower/functions/index.js';
import { listFunctions as compilerCatalogue } from '../../src/compiler/lower/catalogue.js';
import { HELPERS } from '../../src/compiler/lower/library.js';
import { listFunctions } from '../../src/pipeline/catalogue.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus');

describe('function table', () => {
  it('declares each function once', () => {
    expect(new Set(SUPPORTED_FUNCTIONS).size).toBe(FUNCTIONS.length);
    expect(SUPPORTED_FUNCTIONS).toEqual(expect.arrayContaining(['IF', 'ROUND', 'VLOOKUP', 'SUMPRODUCT']));
  });

  it('reads the arity from the arguments', () => {
    const arity = (name: string) => arityOf(FUNCTIONS.find((f) => f.name === name)!);
    expect(arity('IF')).toEqual({ min: 2, max: 3 });
    expect(arity('ROUND')).toEqual({ min: 2, max: 2 });
    expect(arity('VLOOKUP')).toEqual({ min: 3, max: 4 });
    expect(arity('SUM')).toEqual({ min: 1, max: 255 });
    expect(signatureOf(FUNCTIONS.find((f) => f.name === 'LEFT')!)).toBe('LEFT(text, [num_chars])');
  });

  it.each(FUNCTIONS.map((f) => [f.name, f] as const))(
    '%s: its example evaluates to its value',
    async (name, f) => {
      expect(parseFormula(f.example.formula).ast).toMatchObject({ kind: 'call', name });
      const r = await translateFormula(f.example.formula, { ...f.example.cells });
      if ('error' in r) throw new Error(`${r.error.code}: ${r.error.message}`);
      expect(r.value).toEqual(f.example.value);
    },
  );

  it.each(FUNCTIONS.map((f) => [f.name, f] as const))('%s: helpers exist and evidence is there', (_, f) => {
    for (const h of f.helpers) expect(HELPERS[h], h).toBeDefined();
    expect(goldenCasesOf(f).length).toBeGreaterThan(0);
    expect(f.evidence.microsoft.length).toBeGreaterThan(0);
    for (const c of f.evidence.corpus ?? []) expect(existsSync(resolve(CORPUS, c)), c).toBe(true);
  });

  it('refuses an argument count outside the arity and a name outside the table', async () => {
    expect(await translateFormula('=ROUND(1)')).toMatchObject({ error: { code: 'MALFORMED_FORMULA' } });
    expect(await translateFormula('=IF(1,2,3,4)')).toMatchObject({ error: { code: 'MALFORMED_FORMULA' } });
    expect(await translateFormula('=BESSELJ(4,1)')).toMatchObject({
      error: { code: 'UNSUPPORTED_FUNCTION' },
    });
  });
});

describe('catalogue from the table', () => {
  it('names the helpers the lowering really emits (UPPER is $xlUpper, ROUND also $xlRoundTo)', async () => {
    const entry = (name: string) => compilerCatalogue(name).entries.find((e) => e.name === name)!;
    expect(entry('UPPER').helpers).toEqual(['xlUpper']);
    expect(entry('UPPER').lowering).toContain('$xlUpper');
    expect(entry('ROUND').helpers).toContain('xlRoundTo');
    const r = await translateFormula('=UPPER(A1)', { A1: 'a' });
    expect('jsonata' in r && r.jsonata).toBe('$xlUpper("a")');
  });

  it('joins how the oracle evaluates each function (pipeline)', () => {
    const byName = new Map(listFunctions().entries.map((e) => [e.name, e]));
    expect(byName.get('ROUND')?.oracle).toMatchObject({
      kind: 'correction',
      name: 'SSX.ROUND',
      corrections: expect.arrayContaining(['round']),
    });
    // Every supported function is either HyperFormula as is or a named correction of the oracle's registry.
    for (const e of byName.values())
      if (e.kind === 'function') expect(['hyperformula', 'correction']).toContain(e.oracle?.kind);
    expect(byName.get('+ - *')?.oracle).toBeUndefined();
  });
});
