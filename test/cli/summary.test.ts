/**
 * The summaries for people: one file's (src/cli/commands/convert.ts `summarise`: the values checked in words,
 * a disagreement named only when it happened) and the batch table (at most 100 columns, long paths cut in the
 * middle).
 */
import { describe, expect, it } from 'vitest';
import { failed, type FileResult } from '../../src/cli/batch/result.js';
import { renderSummary, truncateMiddle } from '../../src/cli/batch/summary.js';
import { summarise } from '../../src/cli/commands/convert.js';
import type { ConversionResult, Verification } from '../../src/pipeline/index.js';

/** A valid result with `columns` row derivations, one summary value, and a verification with these classes. */
function converted(
  classes: Partial<Verification['classes']>,
  saved: Verification['savedValues'] = { producer: 'Microsoft Excel', standing: 'binding' },
  columns = 2,
): ConversionResult {
  const c = {
    agree: 0,
    enginesDifferFromExcel: 0,
    specDiffersFromOracle: 0,
    oracleDiffersFromExcel: 0,
    unsaved: 0,
    ...classes,
  };
  const cellsChecked = Object.values(c).reduce((s, n) => s + n, 0);
  const verification = {
    oracle: { name: 'HyperFormula', version: '3.5.0' },
    savedValues: saved,
    judge: saved.standing === 'binding' && c.unsaved < cellsChecked ? 'excel' : 'oracle',
    cellsChecked,
    matched: c.agree + c.unsaved,
    cachedChecked: cellsChecked - c.unsaved,
    cachedExact: c.agree,
    cached15: 0,
    disagreements: cellsChecked - c.agree - c.unsaved,
    classes: c,
    columns: [],
  } as Verification;
  const derivations = [
    ...Array.from({ length: columns }, (_, i) => ({ path: `items[*].f${i}` })),
    { path: 'total' },
  ];
  return {
    valid: true,
    spec: { derivations } as never,
    rejectedColumns: [],
    verification,
    warnings: [],
  };
}

describe('summarise (one file)', () => {
  it('all agreeing: one line says so, and names who saved the values', () => {
    expect(summarise('a.xlsx', converted({ agree: 28 }), 'a.spec.json')).toBe(
      'a.xlsx: 2 formula columns compiled (and 1 summary value), none refused\n' +
        '  28 values checked: all agree with HyperFormula 3.5.0 and with the values Excel saved\n' +
        '  wrote a.spec.json\n',
    );
    const libre = converted(
      { agree: 1 },
      {
        producer: 'LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2',
        standing: 'other-engine',
      },
      1,
    );
    expect(summarise('b.xlsx', libre)).toContain(
      '  1 value checked: all agree with HyperFormula 3.5.0 and with the values LibreOffice 7.4.7.2 saved\n',
    );
  });

  it('no saved values, or some missing: said in words, not as a zero counter', () => {
    const none = summarise(
      'a.xlsx',
      converted({ unsaved: 6 }, { producer: 'unknown', standing: 'unknown-producer' }),
    );
    expect(none).toContain(
      '  6 values checked: all agree with HyperFormula 3.5.0 (the file saved no values)\n',
    );
    expect(summarise('a.xlsx', converted({ agree: 4, unsaved: 2 }))).toContain(
      '  6 values checked: all agree with HyperFormula 3.5.0; 4 also with the values Excel saved, 2 had no saved value\n',
    );
    expect(none).not.toMatch(/ 0\b/);
  });

  it('names each disagreement that happened, with what it means, and who decides; never one that did not', () => {
    const text = summarise('a.xlsx', converted({ agree: 25, enginesDifferFromExcel: 2, unsaved: 1 }));
    expect(text.split('\n')).toEqual([
      'a.xlsx: 2 formula columns compiled (and 1 summary value), none refused',
      '  28 values checked: 25 agree with HyperFormula 3.5.0 and with the values Excel saved',
      '  2 where the spec and HyperFormula agree, but Excel saved another value',
      '  1 with no saved value, checked against HyperFormula alone',
      "  the values Microsoft Excel saved decide: they are Excel's own (binding)",
      '',
    ]);
    const others = summarise(
      'a.xlsx',
      converted(
        { agree: 5, specDiffersFromOracle: 1, oracleDiffersFromExcel: 3 },
        { producer: 'Apache POI', standing: 'other-engine' },
      ),
    );
    expect(others).toContain('  1 where the spec differs from HyperFormula\n');
    expect(others).toContain(
      '  3 where only HyperFormula differs: the spec agrees with the values Apache POI saved\n',
    );
    expect(others).toContain(
      "  HyperFormula decides: the saved values are another engine's (producer: Apache POI)\n",
    );
    expect(others).not.toContain('but Apache POI saved another value');
  });

  it('a refused workbook: its reason', () => {
    const result: ConversionResult = { valid: false, reason: 'NO_TABLE', error: 'no table' };
    expect(summarise('a.xlsx', result)).toBe('a.xlsx: not converted: NO_TABLE\n');
  });
});

function ok(file: string, refused: Record<string, number> = {}): FileResult {
  const n = Object.values(refused).reduce((s, k) => s + k, 0);
  return {
    ...failed(file, 'NO_TABLE', ''),
    valid: true,
    reason: undefined,
    error: undefined,
    compiled: 3,
    refused,
    rejectedColumns: Array.from({ length: n }, () => ({}) as FileResult['rejectedColumns'][number]),
    verification: { cellsChecked: 30_000, matched: 30_000, disagreements: 0 },
    ms: 123_456,
  };
}

describe('renderSummary', () => {
  const deep = `reports/${'quarterly/'.repeat(12)}2024/q3/regional-budget-final.xlsx`;
  const results = [
    ok(deep, { UNSUPPORTED_FUNCTION: 2, VOLATILE_FUNCTION: 1, CROSS_SHEET_REFERENCE: 4, DEFINED_NAME: 1 }),
    failed('reports/broken.xlsx', 'NON_UNIFORM_FORMULA', 'row 3'),
    ok('short.xlsx'),
  ];
  const text = renderSummary(results);
  const lines = text.split('\n');

  it('fits 100 columns, whatever the paths and refusals', () => {
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it('keeps the start and the file name of a long path', () => {
    const row = lines.find((l) => l.includes('regional-budget-final.xlsx'))!;
    expect(row).toMatch(/^reports\/\S*…\/regional-budget-final\.xlsx +ok +3 +8 +30000\/30000 +123\.5s$/);
    expect(lines).toContain(
      '    refused: CROSS_SHEET_REFERENCE 4, DEFINED_NAME 1, UNSUPPORTED_FUNCTION 2, VOLATILE_FUNCTION 1',
    );
    expect(text).toMatch(/^reports\/broken\.xlsx +NON_UNIFORM_FORMULA +- +0 +- +0\.0s$/m);
  });

  it('truncateMiddle keeps both ends', () => {
    expect(truncateMiddle('abcdefghij', 10)).toBe('abcdefghij');
    expect(truncateMiddle('abcdefghij', 7)).toBe('ab…ghij');
    expect(truncateMiddle('a/b/c/d/e/f/g/h/i/file.xlsx', 16)).toBe('a/b/c…/file.xlsx');
  });
});
