/** A moved template's cells hashed without lexing (src/oracle/engine/hf-parse.ts), and the form check it needs. */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { excelConfig } from '../../src/oracle/engine/engine.js';
import {
  describeLexerConfig,
  movedParseCounts,
  parsePatchState,
  rangeFree,
  withoutShortcuts,
} from '../../src/oracle/engine/hf-parse.js';
import { HyperFormula } from '../../src/oracle/hf.js';
import { prepareStrictShift, type ShiftForm } from '../../src/workbook/formula/index.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';
import { expectSameWithAndWithout, expectSameWithoutShortcuts } from './templates-compare.js';

function workbook(grid: CellValue[][]): WorkbookModel {
  return { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
}

/** The moved cells hashed as their template and lexed while `f` runs. */
function counted(f: () => void): { asTemplate: number; lexed: number } {
  const before = movedParseCounts();
  f();
  const after = movedParseCounts();
  return { asTemplate: after.asTemplate - before.asTemplate, lexed: after.lexed - before.lexed };
}

describe('a moved template hashed as its first cell', () => {
  it('lexes a filled column twice (its first cell, the check of the first move) and gives the per-cell values', () => {
    const n = 50;
    const wb = workbook(
      Array.from({ length: n }, (_, i) => [i + 1, (i * 7) % 5, `=ROUND(A${i + 1}*B${i + 1}/3,2)&"x"`]),
    );
    let cells = 0;
    const c = counted(() => {
      cells = expectSameWithAndWithout(wb);
    });
    expect(parsePatchState()).toBe('patched');
    expect(cells).toBe(n * 3);
    expect(c).toEqual({ asTemplate: n - 2, lexed: 2 });
    expect(evaluateWorkbook(wb).get('S', 1, 2)).toBe('1.33x'); // ROUND(2*2/3, 2)
  });

  it('lexes each column of a block filled right and down twice', () => {
    // A multiplication table: `=$A2*B$1` filled over B2:F21. Each column is a template of its own (its text's
    // letters differ from the next column's), moved down its rows.
    const grid: CellValue[][] = [[null, 1, 2, 3, 4, 5]];
    const col = (c: number) => String.fromCharCode(65 + c);
    for (let r = 1; r <= 20; r++) grid.push([r, ...[1, 2, 3, 4, 5].map((c) => `=$A${r + 1}*${col(c)}$1`)]);
    const wb = workbook(grid);
    const c = counted(() => expectSameWithAndWithout(wb));
    expect(c).toEqual({ asTemplate: 100 - 10, lexed: 10 });
    expect(evaluateWorkbook(wb).get('S', 7, 4)).toBe(28);
  });

  it('keeps a template whose first move hashes differently on the lexer: a name the shift reads as a cell', () => {
    // `xlA2` is a cell to the shift (so the column matches one template) and a name to HyperFormula, whose
    // hash keeps the name's text: every cell is lexed, and every value is the per-cell one (#NAME?).
    const wb = workbook(Array.from({ length: 12 }, (_, i) => [i, `=xlA${i + 2}+1`]));
    const c = counted(() => expectSameWithAndWithout(wb));
    expect(c.asTemplate).toBe(0);
    expect(evaluateWorkbook(wb).get('S', 3, 1)).toEqual({ error: '#NAME?' });
  });
});

describe('a tree without ranges shared by the cells that parse to it', () => {
  it('is told from one with a range or a node the copy does not know', () => {
    evaluateWorkbook(workbook([[1, '=A1*2']])); // the patch, and the node types it read, in place
    const ref = { type: 'CELL_REFERENCE' };
    expect(rangeFree({ type: 'TIMES_OP', left: ref, right: { type: 'NUMBER' } })).toBe(true);
    expect(rangeFree({ type: 'FUNCTION_CALL', args: [{ type: 'PARENTHESIS', expression: ref }, ref] })).toBe(
      true,
    );
    expect(rangeFree({ type: 'FUNCTION_CALL', args: [ref, { type: 'CELL_RANGE' }] })).toBe(false);
    expect(rangeFree({ type: 'MINUS_UNARY_OP', value: { type: 'COLUMN_RANGE' } })).toBe(false);
    expect(rangeFree({ type: 'ARRAY', args: [[ref], [{ type: 'ROW_RANGE' }]] })).toBe(false);
    expect(rangeFree({ type: 'SOMETHING_NEW' })).toBe(false);
  });

  it('is shared where the tree has no range, and gives unpatched HyperFormula’s values', () => {
    const n = 30;
    const grid: CellValue[][] = Array.from({ length: n }, (_, i) => [
      i + 1,
      `=IF(A${i + 1}>10,A${i + 1}*2,-A${i + 1})&"|"&LEN("x"&A${i + 1})`,
      `=SUM($A$1:A${i + 1})`,
    ]);
    const wb = workbook(grid);
    const before = movedParseCounts().sharedTrees;
    expect(expectSameWithoutShortcuts(wb)).toBe(n * 3);
    // The first column's trees (no range) are shared; the running SUM's each read a range of their own.
    expect(movedParseCounts().sharedTrees - before).toBeGreaterThanOrEqual(n);
    expect(evaluateWorkbook(wb).get('S', 11, 1)).toBe('24|3');
    expect(evaluateWorkbook(wb).get('S', 3, 2)).toBe(10);
  });
});

describe('one analysed grammar per lexer configuration', () => {
  /** An engine's parser, lexer configuration and sheet resolver (HyperFormula's private fields). */
  const parserOf = (hf: HyperFormula) =>
    (
      hf as unknown as {
        _parser: { formulaParser: { resolveSheetReference: () => unknown }; lexerConfig: object };
      }
    )._parser;

  it('is taken by later engines, each parse resolving sheets in its own engine, interleaved', () => {
    evaluateWorkbook(workbook([[1, '=A1*2']])); // the patch in place
    const before = movedParseCounts().sharedParsers;
    const a = HyperFormula.buildFromSheets({ S1: [[1]], S2: [[2]] }, excelConfig(1, 1));
    const b = HyperFormula.buildFromSheets({ S2: [[20]], X: [[0]], S1: [[10]] }, excelConfig(1, 1));
    try {
      expect(movedParseCounts().sharedParsers - before).toBe(2);
      // A then B then A again: each sheet name resolves to its own engine's sheet.
      a.setCellContents({ sheet: 0, row: 0, col: 1 }, '=S2!A1*3');
      b.setCellContents({ sheet: 2, row: 0, col: 1 }, '=S2!A1*3');
      a.setCellContents({ sheet: 1, row: 0, col: 1 }, '=S1!A1+S2!A1');
      expect(a.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe(6);
      expect(b.getCellValue({ sheet: 2, row: 0, col: 1 })).toBe(60);
      expect(a.getCellValue({ sheet: 1, row: 0, col: 1 })).toBe(3);
      expect(parserOf(a).formulaParser).toBe(parserOf(b).formulaParser);
      // Between parses the shared parser holds no engine's resolver.
      expect(() => parserOf(a).formulaParser.resolveSheetReference()).toThrow(/outside a parse/);
    } finally {
      a.destroy();
      b.destroy();
    }
  });

  it('is not taken by an engine of another configuration, nor under withoutShortcuts', () => {
    evaluateWorkbook(workbook([[1, '=A1*2']]));
    const before = movedParseCounts().sharedParsers;
    const wide = HyperFormula.buildFromSheets({ S: [[1, '=A1+1']] }, excelConfig(2_000_000, 1));
    const plain = withoutShortcuts(() =>
      HyperFormula.buildFromSheets({ S: [[1, '=A1+1']] }, excelConfig(1, 1)),
    );
    const shared = HyperFormula.buildFromSheets({ S: [[1, '=A1+1']] }, excelConfig(1, 1));
    try {
      expect(movedParseCounts().sharedParsers - before).toBe(1); // `shared` only
      expect(parserOf(plain).formulaParser).not.toBe(parserOf(shared).formulaParser);
      expect(parserOf(wide).formulaParser).not.toBe(parserOf(shared).formulaParser);
      for (const hf of [wide, plain, shared]) expect(hf.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe(2);
    } finally {
      for (const hf of [wide, plain, shared]) hf.destroy();
    }
  });

  it('is keyed by every field of the configuration, tokens by name and pattern', () => {
    const config = (p: Parameters<typeof HyperFormula.buildEmpty>[0]) => {
      const hf = HyperFormula.buildEmpty(p);
      try {
        return describeLexerConfig(parserOf(hf).lexerConfig);
      } finally {
        hf.destroy();
      }
    };
    const excel = config(excelConfig(1, 1));
    expect(excel).toBeDefined();
    expect(config(excelConfig(1, 1))).toBe(excel);
    expect(config({ ...excelConfig(1, 1), decimalSeparator: ',', functionArgSeparator: ';' })).not.toBe(
      excel,
    );
    expect(config({ ...excelConfig(1, 1), ignoreWhiteSpace: 'any' })).not.toBe(excel);
    expect(config(excelConfig(1, 20_000))).not.toBe(excel);
    expect(describeLexerConfig({ a: 1, f: () => 1 })).toBeUndefined();
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(describeLexerConfig(loop)).toBeUndefined();
  });
});

describe('the form a moved reference keeps (prepareStrictShift)', () => {
  const moved = (formula: string, at: [number, number], to: [number, number]) => {
    const form: ShiftForm = { same: false };
    const text = prepareStrictShift(formula, ...at)(...to, form);
    return { text, same: form.same };
  };

  it('is the same for references that move on the grid', () => {
    expect(moved('$A2*B$1+SUM(C2:D$9)+Sheet2!E2', [1, 1], [40, 3])).toEqual({
      text: '$A41*D$1+SUM(E41:F$9)+Sheet2!G41',
      same: true,
    });
    expect(moved('SUM(A:A)', [1, 1], [9, 1])).toEqual({ text: 'SUM(A:A)', same: true });
  });

  it('changes when a reference leaves the grid or prints in another shape', () => {
    expect(moved('B2*2', [1, 2], [0, 0])).toEqual({ text: '#REF!*2', same: false });
    expect(moved('SUM(A1:A1048576)', [0, 1], [0, 2])).toEqual({ text: 'SUM(B:B)', same: false });
    expect(moved('A2:A2*2', [1, 1], [2, 1])).toEqual({ text: 'A3*2', same: false });
  });
});
