import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRecognised } from '../../src/compiler/compile.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import {
  type ConversionResult,
  convert,
  type PipelineOptions,
  type RejectedColumn,
} from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { verifyAndAssemble } from '../../src/pipeline/verify/assemble.js';
import type { CellValue } from '../../src/workbook/values.js';
import type { WorkbookModel } from '../../src/workbook/model.js';
import { gridSheet } from '../../src/workbook/model.js';
import { specBindings } from '../../src/modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../../src/modelspec/derive.js';

type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;
const book = (grid: Grid, ...more: Array<[string, Grid]>): WorkbookModel => ({
  sheets: [gridSheet('Sheet1', grid), ...more.map(([n, g]) => gridSheet(n, g))],
  definedNames: [],
  tables: [],
});
/** The pipeline after reading, without the oracle: the compiler's translation only (no tests, unverified). */
const compileWorkbook = (wb: WorkbookModel, options: PipelineOptions = {}) =>
  convertWorkbook(wb, { ...options, verify: false });
const refusals = (r: ConversionResult): Array<Pick<RejectedColumn, 'column' | 'reason' | 'cell'>> =>
  (r.rejectedColumns ?? []).map(({ column, reason, cell }) => ({ column, reason, cell }));
/** A grid with inputs A, B and formula column C filled from a template; D a good column. */
const withC = (template: string, extra: (g: (CellValue | undefined)[][]) => void = () => {}) => {
  const g: (CellValue | undefined)[][] = [['A', 'B', 'C', 'D']];
  for (let r = 2; r <= 4; r++)
    g.push([
      r,
      r * 10,
      template.replaceAll('{r1}', String(r + 1)).replaceAll('{r}', String(r)),
      `=A${r}+B${r}`,
    ]);
  extra(g);
  return book(g);
};

describe('column refusals (in-memory grids)', () => {
  it.each([
    ['=SUMIF($A$2:A{r},">1")', 'CROSS_ROW_REFERENCE'],
    ['=A{r}+A{r1}', 'CROSS_ROW_REFERENCE'],
    ['=Other!$A$1', 'CROSS_SHEET_REFERENCE'],
    ['=[Book2.xlsx]Sheet1!$A$1', 'EXTERNAL_REFERENCE'],
    ['=SUM($A$2:$B$4)', 'UNSUPPORTED_RANGE_SHAPE'],
    // A whole column compiles for SUM (docs/semantics.md, Whole columns); COUNTIF would count its blanks.
    ['=COUNTIF(A:A,A{r})', 'UNSUPPORTED_RANGE_SHAPE'],
    ['=A{r}+$H$1', 'UNRESOLVED_REFERENCE'],
    ['=A{r}+H{r}', 'UNRESOLVED_REFERENCE'],
    ['=C{r}+1', 'CIRCULAR_REFERENCE'],
    ['=A{r}+(', 'MALFORMED_FORMULA'],
    ['=A{r}*RAND()', 'VOLATILE_FUNCTION'],
    ['=Table1[@A]', 'STRUCTURED_REFERENCE'],
    ['=A{r}*Rate', 'DEFINED_NAME'],
  ])('%s → %s, other columns still compile', async (template, code) => {
    const r = await compileWorkbook(withC(template));
    expect(r.valid).toBe(true);
    expect(refusals(r)).toEqual([{ column: 'C', reason: code, cell: 'Sheet1!C2' }]);
    if (r.valid) expect(r.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].d']);
  });

  it('names the first differing row for NON_UNIFORM_FORMULA', async () => {
    const r = await compileWorkbook(withC('=A{r}+B{r}', (g) => (g[2][2] = '=A3*B3')));
    expect(refusals(r)).toEqual([{ column: 'C', reason: 'NON_UNIFORM_FORMULA', cell: 'Sheet1!C3' }]);
  });

  it('refuses a filled column whose reference moved off the grid (#REF!) as NON_UNIFORM_FORMULA', async () => {
    // Row 3 is row 2's formula moved down by one, row 4 by two: its reference falls off the sheet.
    const r = await compileWorkbook(
      withC('=A{r}+B{r}', (g) => {
        g[1][2] = '=A2+$B$1+A1048575';
        g[2][2] = '=A3+$B$1+A1048576';
        g[3][2] = '=A4+$B$1+#REF!';
      }),
    );
    expect(refusals(r).find((x) => x.column === 'C')).toEqual({
      column: 'C',
      reason: 'NON_UNIFORM_FORMULA',
      cell: 'Sheet1!C4',
    });
  });

  it('refuses blanks mixed with formulas; a typed value is an override (typed-over cells)', async () => {
    const typed = await compileWorkbook(withC('=A{r}*2', (g) => (g[3][2] = 7)));
    expect(refusals(typed)).toEqual([]);
    expect(typed.warnings?.map((w) => w.code)).toContain('TYPED_OVER_CELLS');
    expect(refusals(await compileWorkbook(withC('=A{r}*2', (g) => (g[2][2] = undefined))))).toEqual([
      { column: 'C', reason: 'MIXED_CONTENT', cell: 'Sheet1!C3' },
    ]);
  });

  it('refuses array formulas', async () => {
    const wb = withC('=A{r}*2');
    for (const row of wb.sheets[0].rows.values()) {
      const c = row.get(2);
      if (c?.formula) c.formulaKind = 'array';
    }
    expect(refusals(await compileWorkbook(wb))).toEqual([
      { column: 'C', reason: 'ARRAY_FORMULA', cell: 'Sheet1!C2' },
    ]);
  });

  it('refuses a cycle and what depends on it, in column order', async () => {
    const g: Grid = [
      ['A', 'B', 'C', 'D', 'E'],
      [1, '=C2+1', '=B2+A2', '=B2*2', '=A2'],
    ];
    const r = await compileWorkbook(book(g));
    expect(refusals(r)).toEqual([
      { column: 'B', reason: 'CIRCULAR_REFERENCE', cell: 'Sheet1!B2' },
      { column: 'C', reason: 'CIRCULAR_REFERENCE', cell: 'Sheet1!C2' },
      { column: 'D', reason: 'DEPENDS_ON_REJECTED_COLUMN', cell: 'Sheet1!D2' },
    ]);
  });

  it('is invalid with the refusal code when every formula column is refused', async () => {
    const r = await compileWorkbook(
      book([
        ['A', 'B'],
        [1, '=A2*RAND()'],
      ]),
    );
    expect(r).toMatchObject({ valid: false, reason: 'VOLATILE_FUNCTION' });
  });

  it('refuses a lookup table holding formulas and an approximate VLOOKUP', async () => {
    const lookup = (mode: string, formulaInTable: boolean) =>
      book([
        ['K', 'V', undefined, 'Key', 'Val'],
        ['a', `=VLOOKUP(A2,$D$2:$E$3,2,${mode})`, undefined, 'a', formulaInTable ? '=1+1' : 1],
        ['b', `=VLOOKUP(A3,$D$2:$E$3,2,${mode})`, undefined, 'b', 2],
      ]);
    expect(refusals(await compileWorkbook(lookup('TRUE', false)))[0].reason).toBe('UNSUPPORTED_LOOKUP_MODE');
    expect(refusals(await compileWorkbook(lookup('FALSE', true)))[0].reason).toBe(
      'LOOKUP_TABLE_CONTAINS_FORMULA',
    );
    const ok = await compileWorkbook(lookup('FALSE', false));
    expect(ok.valid && ok.spec.library).toBeTruthy();
  });
});

describe('spec assembly', () => {
  it('turns a labelled locked cell into a constant and hoists whole-column aggregates', async () => {
    const r = await compileWorkbook(
      book([
        ['Net', 'Share', 'Taxed', undefined, 'Tax rate', 0.25],
        [10, '=A2/SUM($A$2:$A$3)', '=A2*(1+$F$1)'],
        [30, '=A3/SUM($A$2:$A$3)', '=A3*(1+$F$1)'],
      ]),
      { filename: 'My Book (v2).xlsx' },
    );
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.spec.id).toBe('My-Book-v2');
    expect(r.spec.constants).toEqual({ taxRate: 0.25 });
    expect(r.spec.derivations?.map((d) => d.path)).toEqual([
      '$.sumNet',
      '$.items[*].share',
      '$.items[*].taxed',
    ]);
    expect(r.spec.derivations?.[1].expr).toContain('$$.sumNet');
    const props = r.spec.schema.properties as Record<string, { readOnly?: boolean; items?: unknown }>;
    expect(props.sumNet.readOnly).toBe(true);
    expect(r.spec.defaultValues?.[0].expr).toBe('{"items":[{"net":10},{"net":30}]}');
  });

  it('types input fields from their values, nullable when blank, and formula fields readOnly', async () => {
    const r = await compileWorkbook(
      book([
        ['Qty', 'Name', 'Twice'],
        [1, 'a', '=A2*2'],
        [undefined, 'b', '=A3*2'],
      ]),
    );
    if (!r.valid) throw new Error(r.error);
    const items = (
      r.spec.schema.properties as Record<string, { items: { properties: Record<string, unknown> } }>
    ).items;
    expect(items.items.properties.qty).toEqual({ title: 'Qty', type: ['number', 'null'] });
    expect(items.items.properties.name).toEqual({ title: 'Name', type: 'string' });
    expect(items.items.properties.twice).toMatchObject({ title: 'Twice', readOnly: true });
  });

  it('leaves the seed out over the budget, with a warning and sampled tests', async () => {
    const g: (CellValue | undefined)[][] = [['N', 'Sq']];
    for (let r = 2; r <= 60; r++) g.push([r, `=A${r}*A${r}`]);
    const r = await convertWorkbook(book(g), { seedBudget: 200 });
    if (!r.valid) throw new Error(r.error);
    expect(r.spec.defaultValues).toBeUndefined();
    expect(r.warnings.map((w) => w.code)).toContain('SEED_OMITTED');
    const test = r.spec.tests![0];
    expect(Object.keys(test.given)).toEqual(['$.items']);
    expect((test.given['$.items'] as unknown[]).length).toBeLessThanOrEqual(20);
    expect(test.expect['$.items[0].sq']).toBe(4);
  });

  it('keeps the summary row out of the data and makes it a root derivation', async () => {
    const r = await convertWorkbook(
      book([
        ['Item', 'Amount'],
        ['a', 2],
        ['b', 3.5],
        ['Total', '=SUM(B2:B3)'],
      ]),
    );
    if (!r.valid) throw new Error(r.error);
    expect(r.spec.derivations).toMatchObject([{ path: '$.sumAmount' }]);
    expect(r.spec.tests?.[0].expect).toEqual({ '$.sumAmount': 5.5 });
  });
});

describe('verification', () => {
  it('refuses a column whose compiled value differs from the oracle (VALUE_MISMATCH), and its dependants', async () => {
    const wb = book([
      ['A', 'B', 'C', 'D'],
      [1, '=A2*2', '=B2+1', '=A2+1'],
      [2, '=A3*2', '=B3+1', '=A3+1'],
    ]);
    const table = recogniseTable(wb);
    if (isRecogniseFailure(table)) throw new Error(table.error);
    const c = compileRecognised(table);
    const b = c.columns.find((x) => x.column.letter === 'B')!;
    b.expr = `${b.expr} + 0.5`; // a deliberately wrong translation
    const r = await verifyAndAssemble(c, wb, 'test');
    expect(refusals(r)).toEqual([
      { column: 'B', reason: 'VALUE_MISMATCH', cell: 'Sheet1!B2' },
      { column: 'C', reason: 'DEPENDS_ON_REJECTED_COLUMN', cell: 'Sheet1!C2' },
    ]);
    if (!r.valid) throw new Error(r.error);
    expect(r.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].d']);
  });

  it('the orders fixture: plain jsonata under the conventions reproduces every value in the tests', async () => {
    const bytes = new Uint8Array(
      readFileSync(path.resolve(import.meta.dirname, '../../fixtures/orders.xlsx')),
    );
    const r = await convert(bytes, { filename: 'orders.xlsx' });
    if (!r.valid) throw new Error(r.error);
    const spec = r.spec;
    const doc = JSON.parse(spec.defaultValues![0].expr) as Record<string, unknown>;
    const bindings = await specBindings(spec.library, spec.constants as Record<string, unknown>);
    await computeDerivations(spec.derivations!.map(compileDerivation), doc, bindings);
    const items = doc.items as Array<Record<string, unknown>>;
    const expectations = Object.entries(spec.tests![0].expect);
    expect(expectations.length).toBe(28);
    for (const [p, v] of expectations) {
      const m = /^\$\.items\[(\d+)\]\.(\w+)$/.exec(p)!;
      expect(items[Number(m[1])][m[2]], p).toEqual(v);
    }
    expect(r.verification?.matched).toBe(28);
  });
});
