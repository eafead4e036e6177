/**
 * HyperFormula has one home (src/oracle/hf.ts): no other module takes a value (a class, an enum) from the
 * package, so only one copy of it is loaded and `instanceof CellError` holds across the oracle's modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CellError, HyperFormula } from '../../src/oracle/hf.js';

const src = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('HyperFormula is loaded from one place', () => {
  it('no module but hf.ts imports a value from the package', () => {
    const offenders = sources(src).filter((f) => {
      if (f.endsWith(`${path.sep}oracle${path.sep}hf.ts`)) return false;
      const text = readFileSync(f, 'utf8');
      return (
        /import\s+(?!type\b)[^;]*?from\s+['"]hyperformula['"]/.test(text) ||
        /require\(['"]hyperformula['"]\)/.test(text)
      );
    });
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('is the CommonJS build, the one require gives', () => {
    const cjs = createRequire(import.meta.url)('hyperformula') as {
      HyperFormula: unknown;
      CellError: unknown;
    };
    expect([HyperFormula === cjs.HyperFormula, CellError === cjs.CellError]).toEqual([true, true]);
  });
});
