import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../src/workbook/formula/index.js';

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/formulas/parse-corpus.txt');

describe('real-world parse corpus', () => {
  it('is present (../shared/corpus) and at least 99.5% of it parses', () => {
    expect(existsSync(CORPUS), `corpus missing: ${CORPUS}`).toBe(true);
    const lines = readFileSync(CORPUS, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(80_000);
    let parsed = 0;
    for (const line of lines) {
      if (parseFormula(line.slice(1, -1).replace(/""/g, '"')).ast) parsed++;
    }
    expect(parsed / lines.length).toBeGreaterThanOrEqual(0.995);
  });
});
