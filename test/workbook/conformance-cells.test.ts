import { describe, expect, it } from 'vitest';
import {
  boundCells,
  ironcalcCategory,
  isNotEstablished,
  outcomeOf,
  reading,
} from '../../scripts/conformance-cells.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { getCell, gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { readWorkbook } from '../../src/workbook/reader.js';
import { excelBytes, patchZip } from './helpers.js';

/** A one-sheet workbook; formula cells (`=…`) get `saved[address]` as their saved value when given. */
function book(grid: Parameters<typeof gridSheet>[1], saved: Record<string, [number, number, unknown]> = {}) {
  const sheet = gridSheet('S', grid);
  for (const [row, col, v] of Object.values(saved)) getCell(sheet, row, col)!.cached = v as never;
  const wb: WorkbookModel = { sheets: [sheet], definedNames: [], tables: [], calc: { iterate: true } };
  return { wb, sheet };
}

function bind(wb: WorkbookModel, formula: string, row: number, col: number) {
  const at = reading(wb.sheets[0]!, row, col);
  return { got: boundCells(parseFormula(formula).ast!, wb, at), at };
}

describe('conformance: what a tried cell reads', () => {
  it('binds a formula cell it reads, in any row, to the value Excel saved for it', () => {
    const { wb } = book([[5, '=2^7', '=CHAR(B1)'], ['=A1*2']], { b1: [0, 1, 128], a2: [1, 0, 10] });
    const same = bind(wb, 'CHAR(B1)', 0, 2);
    expect(same.got).toEqual({ B1: 128 });
    expect(same.at).toMatchObject({ readsSaved: true, readsSavedAbove: false });
    const below = bind(wb, 'A1+A2', 0, 2);
    expect(below.got).toEqual({ A1: 5, A2: 10 });
    expect(below.at.readsSavedAbove).toBe(false);
    const above = bind(wb, 'A1+B1', 1, 1);
    expect(above.at).toMatchObject({ readsSaved: true, readsSavedAbove: true });
  });

  it('binds saved errors, texts and booleans as they are, and constants as before', () => {
    const { wb } = book([['=1/0', '="x"', '=1>0', 3]], {
      a: [0, 0, { error: '#DIV/0!' }],
      b: [0, 1, 'x'],
      c: [0, 2, true],
    });
    expect(bind(wb, 'SUM(A1:D1)', 3, 0).got).toEqual({ A1: { error: '#DIV/0!' }, B1: 'x', C1: true, D1: 3 });
    expect(bind(wb, 'D1+1', 3, 0).at.readsSaved).toBe(false);
  });

  it('skips a formula cell without a saved value, a range holding the cell itself, and SUBTOTAL over SUBTOTAL', () => {
    const { wb } = book([[1, '=A1+1', '=SUBTOTAL(9,A1)'], [2], ['=SUM(A1:A3)']], {
      c: [0, 2, 1],
      a3: [2, 0, 3],
    });
    expect(bind(wb, 'B1*2', 1, 1).got).toBe('reads a formula cell without a saved value');
    expect(bind(wb, 'SUM(A1:A3)', 2, 0).got).toBe('reads itself');
    expect(bind(wb, 'SUBTOTAL(9,C1)', 1, 2).got).toBe('SUBTOTAL reads a SUBTOTAL cell');
  });
});

describe('conformance: outcomes', () => {
  it('a lowered value with a notEstablished key is not established, never compared', () => {
    expect(isNotEstablished({ notEstablished: 'criterion text starting with digits' })).toBe(true);
    expect(isNotEstablished({ error: '#VALUE!' })).toBe(false);
    expect(outcomeOf(3, { notEstablished: 'x' })).toBe('notEstablished');
    expect(outcomeOf({ error: '#VALUE!' }, { notEstablished: 'x' })).toBe('notEstablished');
  });

  it('numbers as doubles then at 15 digits, other values exactly', () => {
    expect(outcomeOf(0.1, 0.1)).toBe('exact');
    expect(outcomeOf(1.66666666666667, 5 / 3)).toBe('match15');
    expect(outcomeOf(1, 2)).toBe('mismatch');
    expect(outcomeOf('a', 'A')).toBe('mismatch');
    expect(outcomeOf({ error: '#N/A' }, { error: '#N/A' })).toBe('exact');
  });

  it('names the IronCalc category folder of a corpus file', () => {
    expect(ironcalcCategory('excel/ironcalc/TEXT/CHAR.xlsx')).toBe('TEXT');
    expect(ironcalcCategory('excel/ironcalc/percentage.xlsx')).toBe('(top level)');
    expect(ironcalcCategory('excel/poi/47737.xlsx')).toBeUndefined();
  });
});

describe('conformance: cycles', () => {
  it('skips a cell that reads a formula cell reading it back (poi/57535.xlsx E5 = 0.1*(E4+E6), E6 = E4+E5)', () => {
    const { wb } = book([[5], ['=A1+1'], ['=0.1*(A2+A4)'], ['=A2+A3']], {
      a2: [1, 0, 6],
      a3: [2, 0, 1.33333326],
      a4: [3, 0, 7.33333326],
    });
    expect(bind(wb, '0.1*(A2+A4)', 2, 0).got).toBe('reads a cycle (or a chain too long to check)');
    expect(bind(wb, 'A1+1', 1, 0).got).toEqual({ A1: 5 });
    expect(bind(wb, 'A2+A3', 3, 0).got).toBe('reads a cycle (or a chain too long to check)');
  });

  it('searches cycles only where Excel iterates them (<calcPr iterate="1">, read by the reader)', async () => {
    const { wb } = book([['=A2'], ['=A1']], { a1: [0, 0, 0], a2: [1, 0, 0] });
    wb.calc = {};
    expect(bind(wb, 'A2', 0, 0).got).toEqual({ A2: 0 });
    const bytes = patchZip(await excelBytes((w) => void w.addWorksheet('S')), {
      'xl/workbook.xml': (xml) => xml!.replace(/<calcPr\b/, '<calcPr iterate="1"'),
    });
    expect((await readWorkbook(bytes)).calc?.iterate).toBe(true);
  });
});
