/**
 * Every fixture end to end: the committed workbook is what the generator writes (so the twin and the bytes
 * are not stale), the conversion matches the committed goldens, runs twice byte-identically, and every
 * refusal code has a fixture that shows it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../scripts/fixtures/defs.js';
import { cellsTwin, writeFixture } from '../../scripts/fixtures/workbook.js';
import { expectedGoldens } from '../../src/cli/batch/check.js';
import { convert } from '../../src/compiler/convert.js';
import { a1 } from '../../src/compiler/formula/ast.js';
import type { RefusalCode } from '../../src/compiler/types.js';
import { readWorkbook } from '../../src/compiler/workbook/reader.js';

const dir = path.resolve(import.meta.dirname, '../../fixtures');
const read = (name: string) => readFileSync(path.join(dir, name));
const readJson = (name: string): unknown => {
  try {
    return JSON.parse(read(name).toString('utf8'));
  } catch {
    return undefined;
  }
};

describe.each(FIXTURES.map((d) => [d.name, d] as const))('fixture %s', (name, def) => {
  it('is what the generator writes, with a matching text twin', async () => {
    const bytes = await writeFixture(def);
    expect(Buffer.from(bytes).equals(read(`${name}.xlsx`))).toBe(true);
    expect(readJson(`${name}.cells.json`)).toEqual(cellsTwin(def));
    // The twin also matches what the reader finds in the workbook.
    const wb = await readWorkbook(new Uint8Array(read(`${name}.xlsx`)));
    const twin = cellsTwin(def) as { sheets: Array<{ name: string; cells: Record<string, unknown> }> };
    for (const s of twin.sheets) {
      const sheet = wb.sheets.find((x) => x.name === s.name)!;
      const cells: Record<string, unknown> = {};
      for (const row of sheet.rows.values()) {
        for (const c of row.values()) {
          if (c.formula !== undefined)
            cells[a1(c.row, c.col)] = c.formulaKind === 'array' ? `{=${c.formula}}` : `=${c.formula}`;
          else if (c.value !== null) cells[a1(c.row, c.col)] = c.value;
        }
      }
      expect(cells).toEqual(s.cells);
    }
  });

  it('converts to the committed goldens, byte-identically twice, every value verified', async () => {
    const bytes = new Uint8Array(read(`${name}.xlsx`));
    const first = await convert(bytes, { filename: `${name}.xlsx` });
    const second = await convert(bytes, { filename: `${name}.xlsx` });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const goldens = expectedGoldens(first);
    expect(readJson(`${name}.refusals.json`)).toEqual(goldens['.refusals.json']);
    expect(readJson(`${name}.spec.json`)).toEqual(goldens['.spec.json']);
    if (first.valid && first.verification) {
      expect(first.verification.matched).toBe(first.verification.cellsChecked);
    }
  });
});

describe('refusal coverage', () => {
  const byCode: Array<[RefusalCode, string]> = [
    ['UNSUPPORTED_FUNCTION', 'unsupported-function'],
    ['CROSS_SHEET_REFERENCE', 'cross-sheet-reference'],
    ['EXTERNAL_REFERENCE', 'external-reference'],
    ['UNSUPPORTED_RANGE_SHAPE', 'unsupported-range-shape'],
    ['MALFORMED_FORMULA', 'malformed-formula'],
    ['MIXED_CONTENT', 'mixed-content'],
    ['NON_UNIFORM_FORMULA', 'non-uniform-formula'],
    ['CROSS_ROW_REFERENCE', 'cross-row-reference'],
    ['ARRAY_FORMULA', 'array-formula'],
    ['STRUCTURED_REFERENCE', 'structured-reference'],
    ['DEFINED_NAME', 'defined-name'],
    ['VOLATILE_FUNCTION', 'volatile-function'],
    ['UNRESOLVED_REFERENCE', 'unresolved-reference'],
    ['UNSUPPORTED_LOOKUP_MODE', 'unsupported-lookup-mode'],
    ['LOOKUP_TABLE_CONTAINS_FORMULA', 'lookup-table-contains-formula'],
    ['CIRCULAR_REFERENCE', 'circular-reference'],
    ['DEPENDS_ON_REJECTED_COLUMN', 'depends-on-rejected-column'],
    ['UNSUPPORTED_CONSTRUCT', 'unsupported-construct'],
  ];
  it.each(byCode)('%s has a fixture refusing a column with it', (code, fixture) => {
    const golden = readJson(`${fixture}.refusals.json`) as { rejectedColumns: Array<{ reason: string }> };
    expect(golden.rejectedColumns.map((r) => r.reason)).toContain(code);
  });
});
