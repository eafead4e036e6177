/**
 * The oracle's SUBSTITUTE ... TEXTJOIN (src/oracle/excel/excel-text.ts) against the golden cases of
 * fixtures/formulas/textops, whose values are Excel's (corpus cells and Microsoft's pages): the oracle and the
 * lowering agree case by case. Cases whose Excel answer is not established give the oracle's undetermined.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

const DIR = 'fixtures/formulas/textops';
const COLUMNS = 'ABCDEFGHIJ';
const UNDETERMINED = { error: '#ERROR!' };

/**
 * Goldens whose input the oracle calls undetermined while the lowering gives an answer; a golden the lowering
 * leaves not established is undetermined too.
 */
const ORACLE_UNDETERMINED = new Set(['value-boolean.json']);

/** Evaluates formulas, row i reading the cells given for it in row i of a grid (A..J). */
function evaluate(cases: Array<{ formula: string; cells?: Record<string, CellValue> }>, corrections?: []) {
  const grid: (CellValue | undefined)[][] = [];
  cases.forEach((c, i) => {
    const row: (CellValue | undefined)[] = [];
    for (const [a, v] of Object.entries(c.cells ?? {})) row[COLUMNS.indexOf(a[0]!)] = v;
    row[11] = c.formula.replace(/([A-J])1\b/g, `$1${i + 1}`);
    grid.push(row);
  });
  const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
  const o = evaluateWorkbook(wb, corrections ? { corrections } : {});
  return cases.map((_, i) => o.get('S', i, 11));
}

const goldens = readdirSync(DIR)
  .map((f) => ({ f, g: JSON.parse(readFileSync(join(DIR, f), 'utf8')) }))
  // One row per golden: only goldens whose cells are all in row 1 (test/oracle/goldens.test.ts has them all).
  .filter(({ g }) => g.code === undefined && Object.keys(g.cells ?? {}).every((a) => /^[A-J]1$/.test(a)));
const got = evaluate(goldens.map(({ g }) => g));

describe('the oracle gives the golden (Excel) value of the text functions', () => {
  it('has the goldens', () => expect(goldens.length).toBeGreaterThan(100));
  it.each(goldens.map(({ f, g }, i) => [f, g.formula, i] as const))('%s: %s', (f, _formula, i) => {
    const g = goldens[i]!.g;
    const want = ORACLE_UNDETERMINED.has(f) || g.notEstablished !== undefined ? UNDETERMINED : g.value;
    expect(got[i]).toEqual(want);
  });
});

describe('undetermined inputs', () => {
  it.each([
    ['=CODE("Ω")'], // outside the ANSI set
    ['=CODE("中")'],
    ['=VALUE(TRUE)'], // a typed boolean (one read from a cell is #VALUE!, a blank cell 0: T_VALUE_VALUETOTEXT.xlsx C6, C2)
    ['=VALUE("24:00")'],
    ['=PROPER("中a")'],
    ['=FIND("","")'],
    ['=FIND("c","abc",3.5)'],
    ['=SUBSTITUTE("aaaa","aa","b",2)'],
    ['=REPT("a",-0.5)'],
  ])('%s', (formula) => {
    expect(evaluate([{ formula }])[0]).toEqual(UNDETERMINED);
  });
});

describe('HyperFormula alone differs (the gap the text correction closes)', () => {
  it.each([
    ['=REPLACE("ABCDEFG",2.3,3.9,"xx")', 'AxxFG'],
    ['=SUBSTITUTE("teststr","t","T",1.9)', 'teststr'],
    ['=SUBSTITUTE("testblankmatch","","!",1)', '!testblankmatch'],
    ['=VALUE("$1,000")', { error: '#VALUE!' }],
    ['=PROPER("ßa")', 'SSa'],
  ] as Array<[string, CellValue]>)('%s is %j in HyperFormula 3.5', (formula, hf) => {
    expect(evaluate([{ formula }], [])[0]).toEqual(hf);
  });
});
