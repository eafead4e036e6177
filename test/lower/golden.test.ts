/** Runs every golden case in fixtures/formulas: the emitted JSONata text and its evaluated value. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import type { CellValue } from '../../src/workbook/values.js';

interface Golden {
  formula: string;
  cells?: Record<string, CellValue>;
  jsonata?: string;
  value?: CellValue;
  /** The reason of the not-established value the formula gives (in place of `value`). */
  notEstablished?: string;
  code?: string;
}

const root = 'fixtures/formulas';
const files = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(root, d.name))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(root, d.name, f)),
  );

describe('golden formula lowerings', () => {
  it('has many cases', () => {
    expect(files.length).toBeGreaterThan(100);
  });
  for (const file of files) {
    const g = JSON.parse(readFileSync(file, 'utf8')) as Golden;
    it(`${file}: ${g.formula}`, async () => {
      const r = await translateFormula(g.formula, g.cells ?? {});
      if (g.code !== undefined) {
        expect('error' in r && r.error.code).toBe(g.code);
        return;
      }
      if ('error' in r) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
      expect(r.jsonata).toBe(g.jsonata);
      expect(r.notEstablished).toBe(g.notEstablished);
      if (g.notEstablished !== undefined) return;
      const same = Object.is(r.value, g.value) || (r.value === 0 && g.value === 0);
      if (!same) expect(r.value).toEqual(g.value);
      expect(same || JSON.stringify(r.value) === JSON.stringify(g.value)).toBe(true);
    });
  }
});
