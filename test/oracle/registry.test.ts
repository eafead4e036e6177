import { HyperFormula } from '../../src/oracle/hf.js';
import { describe, expect, it } from 'vitest';
import {
  ExcelCorrectionsPlugin,
  ensureCorrectionsRegistered,
  methodOf,
} from '../../src/oracle/excel/plugin.js';
import { CORRECTED_FUNCTIONS } from '../../src/oracle/excel/registry.js';
import {
  CORRECTED_CALLS,
  CORRECTED_OPERATORS,
  oracleTreatment,
  SSX_FUNCTIONS,
} from '../../src/oracle/index.js';

describe('the oracle registry', () => {
  it('generates a plugin method and metadata for every corrected function, one entry each', () => {
    const names = CORRECTED_FUNCTIONS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(SSX_FUNCTIONS)).toEqual(names);
    const implemented = ExcelCorrectionsPlugin.implementedFunctions;
    for (const e of CORRECTED_FUNCTIONS) {
      expect(implemented[e.name]?.method, e.name).toBe(methodOf(e.name));
      expect(implemented[e.name]?.parameters, e.name).toEqual(e.params);
      expect(
        typeof (ExcelCorrectionsPlugin.prototype as unknown as Record<string, unknown>)[methodOf(e.name)],
      ).toBe('function');
      expect(e.impl === undefined, e.name).not.toBe(e.call === undefined);
    }
  });

  it('registers every function a route names with HyperFormula', () => {
    ensureCorrectionsRegistered();
    const registered = new Set(HyperFormula.getRegisteredFunctionNames('enGB'));
    const targets = [
      ...Object.values(CORRECTED_CALLS).flatMap((list) => list.flatMap((c) => [c.to, c.wrap])),
      ...Object.values(CORRECTED_OPERATORS).map((o) => o.to),
    ].filter((t) => t !== undefined);
    for (const t of targets) expect(registered.has(t), t).toBe(true);
  });

  it('tells how the oracle evaluates a function', () => {
    expect(oracleTreatment('VLOOKUP')).toMatchObject({ kind: 'correction', name: 'SSX.VLOOKUP' });
    expect(oracleTreatment('round')).toMatchObject({
      kind: 'correction',
      name: 'SSX.ROUND',
      corrections: ['round', 'arith'],
    });
    expect(oracleTreatment('ABS')).toMatchObject({
      kind: 'correction',
      name: 'SSX.NUM',
      corrections: ['arith'],
    });
    expect(oracleTreatment('IF')).toMatchObject({ kind: 'correction', name: 'SSX.COND' });
    expect(oracleTreatment('COLUMNS')).toMatchObject({ kind: 'correction', name: 'SSX.COLUMNS' });
    expect(oracleTreatment('ROW')).toEqual({ kind: 'hyperformula' });
  });
});

describe('a lookup mode written as LibreOffice writes the constants', () => {
  it('routes FALSE() like FALSE and TRUE() like TRUE', async () => {
    const { rewriteFormula } = await import('../../src/oracle/rewrite/rewrite.js');
    const { ALL_CORRECTIONS } = await import('../../src/oracle/excel/registry.js');
    const rw = (f: string) => rewriteFormula(f, { corrections: new Set(ALL_CORRECTIONS) });
    expect(rw('VLOOKUP(A1,$D$1:$E$9,2,FALSE())')).toBe(rw('VLOOKUP(A1,$D$1:$E$9,2,FALSE)'));
    expect(rw('VLOOKUP(A1,$D$1:$E$9,2,FALSE())')).toContain('SSX.VLOOKUP(');
    expect(rw('MATCH(A1,$D$1:$D$9,FALSE())')).toContain('SSX.MATCH(');
    expect(rw('VLOOKUP(A1,$D$1:$E$9,2,TRUE())')).toContain('SSX.VLOOKUPA(');
  });
});
