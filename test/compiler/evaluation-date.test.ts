/**
 * TODAY() and NOW() inside a table's formula (`=TODAY()-A2`): a root input field `today` / `now`, its default
 * the one date that reproduces every value the workbook saved (solved from them, or the file's last save), fed
 * to the oracle as the same date; no default (EVALUATION_DATE_REQUIRED) when the saved values do not decide
 * it; the columns refused (NO_EVALUATION_DATE) when no single date reproduces them.
 */
import { describe, expect, it } from 'vitest';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { dryRunInProcess, testSpecInProcess } from '../../src/modelspec/index.js';
import { datedWorkbook, evaluateWorkbook } from '../../src/oracle/index.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';
import { decideDate } from '../../src/pipeline/verify/evaluation-date.js';

/** 2024-01-01. */
const DAY = 45292;

/**
 * Due (A) and a formula column (B) over rows 2-4, each B cell saved as `saved(due)` (undefined: not saved);
 * `extra` cells set on the sheet after (`[row, col, value]`).
 */
function book(
  formula: (r: number) => string,
  saved: ((due: number, r: number) => CellValue) | undefined,
  more: Partial<WorkbookModel> = {},
): WorkbookModel {
  const grid: (string | number | undefined)[][] = [['Due', 'Result']];
  for (let r = 2; r <= 4; r++) grid.push([DAY - 40 + 20 * (r - 2), `=${formula(r)}`]);
  const sheet = gridSheet('Sheet1', grid);
  if (saved) {
    for (let r = 2; r <= 4; r++) {
      const cell = sheet.rows.get(r - 1)!.get(1)!;
      cell.cached = saved(DAY - 40 + 20 * (r - 2), r);
    }
  }
  return { sheets: [sheet], definedNames: [], tables: [], ...more };
}

type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };

describe('TODAY() inside a table formula', () => {
  it('is a root input field whose default is the date solved from the saved values', async () => {
    const wb = book(
      (r) => `TODAY()-A${r}`,
      (due) => DAY - due,
    );
    for (const oracleThread of [false, true]) {
      const r = await convertWorkbook(wb, { oracleThread });
      expect(r.rejectedColumns).toEqual([]);
      if (!r.valid) throw new Error(r.error);
      expect(r.verification?.matched).toBe(3);
      const schema = r.spec.schema as Schema;
      expect(schema.properties.today).toMatchObject({ type: 'number', default: DAY });
      expect(schema.properties.today!.description).toMatch(/evaluation date/);
      expect(schema.required).toContain('today');
      expect(r.spec.derivations?.[0]?.expr).toContain('$$.today');
      expect(r.spec.defaultValues?.find((d) => d.path === '$.today')?.expr).toBe(String(DAY));
      expect(r.warnings?.map((w) => w.code) ?? []).not.toContain('EVALUATION_DATE_REQUIRED');
      const tests = await testSpecInProcess(r.spec);
      expect([tests.passed, tests.failed]).toEqual([1, 0]);
      const run = await dryRunInProcess(r.spec, { mutations: { '$.today': DAY + 1 } });
      expect(run.changes).toContainEqual({ path: '$.items[0].result', before: 40, after: 41 });
    }
  });

  it('takes the saved date from the file when nothing solves it (YEAR, a text IF)', async () => {
    const modified = '2024-01-01T10:00:00Z';
    const wb = book(
      (r) => `IF(A${r}<TODAY(),"late","")`,
      (due) => (due < DAY ? 'late' : ''),
      { modified },
    );
    const r = await convertWorkbook(wb);
    if (!r.valid) throw new Error(r.error);
    expect(r.rejectedColumns).toEqual([]);
    expect((r.spec.schema as Schema).properties.today).toMatchObject({ default: DAY });
  });

  it('refuses the columns when no single date reproduces their saved values', async () => {
    // Row 3 saved as if a day later than rows 2 and 4.
    const wb = book(
      (r) => `TODAY()-A${r}`,
      (due, r) => DAY - due + (r === 3 ? 1 : 0),
    );
    const r = await convertWorkbook(wb);
    expect(r.valid).toBe(false);
    expect(r.rejectedColumns?.map((x) => x.reason)).toEqual(['NO_EVALUATION_DATE']);
    expect(r.rejectedColumns?.[0]?.detail).toMatch(/2024-01-01.*2024-01-02|2024-01-02.*2024-01-01/);
  });

  it('refuses them when no date can be found at all', async () => {
    const wb = book(
      (r) => `IF(A${r}<TODAY(),"late","")`,
      (due) => (due < DAY ? 'late' : ''),
    );
    const r = await convertWorkbook(wb);
    expect(r.rejectedColumns?.map((x) => x.reason)).toEqual(['NO_EVALUATION_DATE']);
  });

  it('has no default and a warning when nothing was saved, verified at the file date', async () => {
    const wb = book((r) => `TODAY()-A${r}`, undefined, { modified: '2024-01-01T10:00:00Z' });
    const r = await convertWorkbook(wb);
    if (!r.valid) throw new Error(r.error);
    expect(r.warnings?.map((w) => w.code)).toContain('EVALUATION_DATE_REQUIRED');
    const schema = r.spec.schema as Schema;
    expect(schema.properties.today).not.toHaveProperty('default');
    expect(schema.required).toContain('today');
    expect(r.spec.defaultValues?.some((d) => d.path === '$.today')).toBe(false);
    expect(r.spec.tests?.[0]?.given).toMatchObject({ '$.today': DAY });
    const tests = await testSpecInProcess(r.spec);
    expect([tests.passed, tests.failed]).toEqual([1, 0]);
  });

  it('has no default and a warning without verification', async () => {
    const r = await convertWorkbook(
      book(
        (r) => `TODAY()-A${r}`,
        (due) => DAY - due,
      ),
      { verify: false },
    );
    if (!r.valid) throw new Error(r.error);
    expect(r.warnings?.map((w) => w.code)).toContain('EVALUATION_DATE_REQUIRED');
    expect((r.spec.schema as Schema).properties.today).not.toHaveProperty('default');
  });

  it('shares the field of a saved =TODAY() cell (one evaluation date)', async () => {
    const wb = book(
      (r) => `TODAY()-A${r}`,
      (due) => DAY - due,
    );
    const sheet = wb.sheets[0]!;
    sheet.rows.get(0)!.set(3, { row: 0, col: 3, value: 'As of' });
    sheet.rows
      .get(0)!
      .set(4, { row: 0, col: 4, value: DAY, cached: DAY, formula: 'TODAY()', formulaKind: 'normal' });
    sheet.maxCol = 4;
    const r = await convertWorkbook(wb);
    if (!r.valid) throw new Error(r.error);
    const schema = r.spec.schema as Schema;
    expect(Object.keys(schema.properties)).not.toContain('today');
    expect(r.spec.derivations?.[0]?.expr).toContain('$$.asOf');
    expect(schema.properties.asOf).toMatchObject({ default: DAY });
  });

  it('names the field apart from a column called Today', async () => {
    const wb = book(
      (r) => `TODAY()-A${r}`,
      (due) => DAY - due,
    );
    wb.sheets[0]!.rows.get(0)!.set(1, { row: 0, col: 1, value: 'Today' });
    const r = await convertWorkbook(wb);
    if (!r.valid) throw new Error(r.error);
    const schema = r.spec.schema as Schema;
    expect(schema.properties.asOfToday).toMatchObject({ default: DAY });
  });
});

describe('NOW() inside a table formula', () => {
  it('is solved with its time of day, reproducing the saved values at 15 digits', async () => {
    const now = DAY + 0.6123456789;
    const wb = book(
      (r) => `NOW()-A${r}`,
      (due) => now - due,
    );
    const r = await convertWorkbook(wb);
    if (!r.valid) throw new Error(r.error);
    expect(r.rejectedColumns).toEqual([]);
    expect(r.verification?.matched).toBe(3);
    const d = (r.spec.schema as Schema).properties.now!.default as number;
    expect(Math.abs(d - now)).toBeLessThan(1e-9);
  });
});

describe('TODAY() and NOW() in one table', () => {
  it('tries the day TODAY() was decided at for NOW() (YEAR(NOW()) solves to nothing)', async () => {
    const wb = book(
      (r) => `TODAY()-A${r}`,
      (due) => DAY - due,
    );
    const sheet = wb.sheets[0]!;
    sheet.rows.get(0)!.set(2, { row: 0, col: 2, value: 'Year' });
    for (let r = 2; r <= 4; r++)
      sheet.rows.get(r - 1)!.set(2, {
        row: r - 1,
        col: 2,
        value: null,
        formula: `YEAR(NOW())-YEAR(A${r})`,
        formulaKind: 'normal',
        // Due is 2023-11-22, 2023-12-12, 2024-01-01.
        cached: r === 4 ? 0 : 1,
      });
    sheet.maxCol = 2;
    const r = await convertWorkbook(wb, { filename: 'x.xlsx' });
    if (!r.valid) throw new Error(r.error);
    expect(r.rejectedColumns?.map((x) => x.detail)).toEqual([]);
    const schema = r.spec.schema as Schema;
    expect(schema.properties.now).toMatchObject({ default: DAY });
    expect(schema.properties.now!.description).toMatch(/the day TODAY\(\) reads/);
  });
});

describe('the oracle at an evaluation date', () => {
  it('reads TODAY() and NOW() as the dates given, not the clock', () => {
    const wb = book((r) => `TODAY()-A${r}+NOW()*0`, undefined);
    const values = evaluateWorkbook(datedWorkbook(wb, { TODAY: DAY, NOW: DAY + 0.5 }));
    expect(values.get('Sheet1', 1, 1)).toBe(40);
  });
});

describe('decideDate', () => {
  it('gives a default only when exactly one candidate reproduces every saved cell', () => {
    expect(decideDate([{ date: 1, from: 'a', fails: undefined }], 3)).toMatchObject({
      kind: 'default',
      date: 1,
    });
    const two = decideDate(
      [
        { date: 1, from: 'a', fails: undefined },
        { date: 2, from: 'b', fails: undefined },
      ],
      3,
    );
    expect(two).toMatchObject({ kind: 'required', date: 1 });
    expect(decideDate([{ date: 1, from: 'a', fails: 'Sheet1!B2' }], 3)).toMatchObject({ kind: 'refused' });
    expect(decideDate([], 3)).toMatchObject({ kind: 'refused' });
    expect(decideDate([{ date: 1, from: 'a', fails: undefined }], 0)).toMatchObject({
      kind: 'required',
      date: 1,
    });
  });
});
