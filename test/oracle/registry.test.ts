import { HyperFormula } from '../../src/oracle/hf.js';
import { describe, expect, it } from 'vitest';
import { ExcelCorrectionsPlugin, ensureCorrectionsRegistered } from '../../src/oracle/excel/corrections.js';
import { ExcelBasesPlugin, ensureBasesRegistered } from '../../src/oracle/excel/excel-bases.js';
import {
  ExcelSupportedSetPlugin,
  ensureSupportedSetRegistered,
} from '../../src/oracle/excel/excel-functions.js';
import {
  CORRECTED_CALLS,
  CORRECTED_OPERATORS,
  oracleTreatment,
  SSX_FUNCTIONS,
} from '../../src/oracle/index.js';

describe('the oracle registry', () => {
  it('names a method each plugin has for every corrected function', () => {
    for (const [name, def] of Object.entries(SSX_FUNCTIONS)) {
      const plugin = {
        corrections: ExcelCorrectionsPlugin,
        'supported-set': ExcelSupportedSetPlugin,
        bases: ExcelBasesPlugin,
      }[def.plugin];
      expect(typeof (plugin.prototype as unknown as Record<string, unknown>)[def.method], name).toBe(
        'function',
      );
      expect(Object.keys(plugin.implementedFunctions)).toContain(name);
    }
  });

  it('registers every function a route names with HyperFormula', () => {
    ensureCorrectionsRegistered();
    ensureSupportedSetRegistered();
    ensureBasesRegistered();
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
