/**
 * The table-finding fixtures (scripts/fixtures/find.ts) end to end: what each says in its warnings, and the
 * `--table`/`--sheet` conversions of the ledger that reads a defined name and another sheet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/pipeline/index.js';
import type { ConversionResult } from '../../src/pipeline/types.js';

const dir = path.resolve(import.meta.dirname, '../../fixtures');
const run = (name: string, options: { table?: string; sheet?: string } = {}) =>
  convert(new Uint8Array(readFileSync(path.join(dir, `${name}.xlsx`))), {
    filename: `${name}.xlsx`,
    ...options,
  });
const messages = (r: ConversionResult, code: string) =>
  (r.warnings ?? []).filter((w) => w.code === code).map((w) => w.message);
const valid = (r: ConversionResult) => {
  if (!r.valid) throw new Error(`${r.reason}: ${r.error}`);
  return r;
};

describe('table-finding fixtures', () => {
  it('title-block: the title block is skipped, the totals row is the summary, every cell verified', async () => {
    const r = valid(await run('title-block'));
    expect(messages(r, 'TITLE_ROWS_SKIPPED')).toEqual(['Skipped 4 title row(s) above the header row 6: 1-4']);
    expect(r.rejectedColumns).toEqual([]);
    expect(r.spec.derivations?.map((d) => d.path)).toEqual([
      '$.items[*].vat',
      '$.items[*].gross',
      '$.sumNet',
      '$.sumVat',
      '$.sumGross',
    ]);
    expect(r.verification?.disagreements).toBe(0);
  });

  it('section-rows: the section and blank rows are not items; the ratio in the totals row is left out', async () => {
    const r = valid(await run('section-rows'));
    expect(r.rejectedColumns).toEqual([]);
    expect(r.spec.defaultValues?.[0]?.expr).not.toContain('North');
    expect(JSON.stringify(r.spec)).toContain('blank row 7, section rows 4, 8: not items');
    expect(messages(r, 'SUMMARY_REFUSED')).toEqual([
      'The totals cell =D11/B11 is left out: not an aggregate (SUM, AVERAGE, MIN, MAX, COUNT, COUNTA or their SUBTOTAL) of one table column',
    ]);
  });

  it('sheet-choice: Orders is compiled and the choice said', async () => {
    const r = valid(await run('sheet-choice'));
    expect(messages(r, 'SHEET_CHOSEN')).toEqual([
      'Compiled sheet "Orders" (Orders!A1:D4, 1 formula column): the first visible sheet "Pivot" has no formula table (its table Pivot!A1:B3 has no formula column); choose another with --sheet or --table',
    ]);
    expect(r.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].total']);
  });

  it.each([
    ['--table', { table: 'A3:D6' }],
    ['--table with the sheet', { table: 'Ledger!A3:D6' }],
    ['--sheet', { sheet: 'Ledger' }],
  ])('table-keeps-workbook with %s finds VAT_Rate and Movements', async (_, options) => {
    const r = valid(await run('table-keeps-workbook', options));
    expect(r.rejectedColumns).toEqual([]);
    expect(r.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].gross', '$.items[*].withOpening']);
    expect(r.verification?.disagreements).toBe(0);
  });
});
