import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../../src/compiler/index.js';
import { lookupFunction } from '../../src/pipeline/index.js';
import { sheetspec } from './in-process.js';

describe('sheetspec functions', () => {
  it('lists every function of the table, one line each', async () => {
    const r = await sheetspec(['functions']);
    expect(r.code).toBe(0);
    for (const f of FUNCTIONS) expect(r.stdout).toMatch(new RegExp(`^${f.name.replace('.', '\\.')}\\s`, 'm'));
    expect(r.stdout).toContain(`${FUNCTIONS.length} functions`);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
  });

  it('shows one function in full, as text or JSON, whatever its case', async () => {
    const r = await sheetspec(['functions', 'round']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ROUND\(number, num_digits\)/);
    expect(r.stdout).toContain('$xlRoundTo');
    expect(r.stdout).toMatch(/oracle\s+SSX\.ROUND/);
    const j = await sheetspec(['functions', 'ROUND', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({
      name: 'ROUND',
      kind: 'function',
      arity: { min: 2, max: 2 },
    });
  });

  it('answers an unknown name with UNSUPPORTED_FUNCTION on stderr, the nearest names and exit 1', async () => {
    const r = await sheetspec(['functions', 'ROUDN']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^sheetspec: UNSUPPORTED_FUNCTION: ROUDN is not a supported function; nearest: ROUND/,
    );
  });

  it('looks up names as a person types them and ranks the nearest', () => {
    expect(lookupFunction('=round()').entry?.name).toBe('ROUND');
    expect(lookupFunction('VLOKUP').nearest[0]).toBe('VLOOKUP');
    expect(lookupFunction('ZZZZZZZZ').nearest).toEqual([]);
  });
});
