/**
 * The not-established value through the lowering: a row meeting a case whose Excel answer is not established
 * (CHOOSE of a text index) gets `{"notEstablished": reason}`, and nothing downstream turns it into an answer:
 * it propagates as an error does (first one wins), and IFERROR, IFNA, the IS functions and COUNT give it back.
 */
import { describe, expect, it } from 'vitest';
import { CHOOSE_NE } from '../../src/compiler/lower/functions/choice/entry.js';
import { isRefusal, type LowerContext, type Operand, refuse } from '../../src/compiler/lower/contract.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { lowerFormula } from '../../src/compiler/lower/lower.js';
import { compileExpression, evaluateExpression, specBindings } from '../../src/modelspec/bind.js';
import { a1 } from '../../src/workbook/formula/ast.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { isNotEstablished } from '../../src/workbook/values.js';

/** A: an index that may be a number or text; B: a number; C: a number or an error typed in (an input). */
const fields: Record<string, Operand> = {
  A: { expr: '$parent.a', kinds: ['number', 'string'] },
  B: { expr: '$parent.b', kinds: ['number'] },
  C: { expr: '$parent.c', kinds: ['number', 'error'], ne: false },
};

const ctx: LowerContext = {
  cell: (n) => fields[a1(n.row, n.col).replace(/\d+/, '')] ?? refuse('UNRESOLVED_REFERENCE', 'x', n.span),
  range: (n) =>
    n.start.col === 0
      ? { kind: 'column', expr: '$$.items.a', kinds: ['number', 'string'], field: 'a' }
      : {
          kind: 'table',
          rows: [
            [1, 'one'],
            [2, 'two'],
          ],
          nameHint: 'names',
        },
  hoist: (op) => op,
  libraryValue: (hint) => `xlTable${hint}`,
};

async function run(formula: string, row: Record<string, unknown>) {
  const l = lowerFormula(parseFormula(formula).ast!, ctx);
  if (isRefusal(l)) throw new Error(`refused: ${l.detail}`);
  const values = {
    xlTablenames: {
      rows: [
        [1, 'one'],
        [2, 'two'],
      ],
      w: 2,
      s: {},
      n: { k1: [1, 'one'], k2: [2, 'two'] },
    },
  };
  const b = await specBindings(buildLibrary(l.helpers, values), {});
  const doc = { items: [row] };
  return { lowered: l, value: await evaluateExpression(compileExpression(l.expr), doc, b, row) };
}

const NE = { notEstablished: CHOOSE_NE };
const TEXT = { a: 'x', b: 1, c: 0 };
const TWO = { a: 2, b: 1, c: 0 };

describe('the not-established value', () => {
  it('is what CHOOSE gives a row whose index is text; the other rows compute', async () => {
    const r = await run('=CHOOSE(A2,10,20)', TEXT);
    expect(r.value).toEqual(NE);
    expect(isNotEstablished(r.value)).toBe(true);
    expect(r.lowered.ne).toBe(true);
    expect(r.lowered.kinds).toContain('error');
    expect((await run('=CHOOSE(A2,10,20)', TWO)).value).toBe(20);
    expect((await run('=CHOOSE(A2,10,20)', { a: 3 })).value).toEqual({ error: '#VALUE!' });
  });

  it('is no error to IFERROR, IFNA and the IS functions: they give it back', async () => {
    for (const f of [
      'IFERROR(CHOOSE(A2,10,20),0)',
      'IFNA(CHOOSE(A2,10,20),0)',
      'ISERROR(CHOOSE(A2,10,20))',
      'ISERR(CHOOSE(A2,10,20))',
      'ISNA(CHOOSE(A2,10,20))',
      'ISNUMBER(CHOOSE(A2,10,20))',
      'ISTEXT(CHOOSE(A2,"a","b"))',
      'ISNONTEXT(CHOOSE(A2,"a","b"))',
      'ISLOGICAL(CHOOSE(A2,TRUE,FALSE))',
      'ISBLANK(CHOOSE(A2,10,20))',
      'N(CHOOSE(A2,10,20))',
      'ISEVEN(CHOOSE(A2,10,20))',
    ]) {
      const r = await run(`=${f}`, TEXT);
      expect(r.value, f).toEqual(NE);
      expect(r.lowered.kinds, f).toContain('error');
    }
    // The same functions still answer where the row does not meet the case.
    expect((await run('=IFERROR(CHOOSE(A2,10,20),0)', { a: 3 })).value).toBe(0);
    expect((await run('=ISERROR(CHOOSE(A2,10,20))', { a: 3 })).value).toBe(true);
    expect((await run('=ISNUMBER(CHOOSE(A2,10,20))', TWO)).value).toBe(true);
  });

  it('keeps the catch-all forms where no operand may be it', async () => {
    const r = await run('=IFERROR(C2,0)', { c: { error: '#N/A' } });
    expect(r.value).toBe(0);
    expect(r.lowered.expr).toBe('($v := $parent.c; $type($v) = "object" ? 0 : $v)');
    expect(r.lowered.kinds).toEqual(['number']);
    expect((await run('=ISERROR(C2)', { c: 0 })).lowered.expr).toBe('$type($parent.c) = "object"');
  });

  it('propagates as an error does, the first one in evaluation order winning', async () => {
    for (const f of [
      'CHOOSE(A2,10,20)+1',
      '1-CHOOSE(A2,10,20)',
      'CHOOSE(A2,10,20)>1',
      'IF(CHOOSE(A2,10,20)>1,"big","small")',
      'IF(ISERROR(CHOOSE(A2,10,20)),"bad","ok")',
      'AND(CHOOSE(A2,10,20)>1,TRUE)',
      'CHOOSE(A2,"a","b")&"x"',
      'ROUND(CHOOSE(A2,1.5,2.5),0)',
      'ABS(CHOOSE(A2,-1,-2))',
      'VLOOKUP(CHOOSE(A2,1,2),$E$1:$F$2,2,FALSE)',
      'COUNT(CHOOSE(A2,10,20)+0)',
      'COUNT(CHOOSE(A2,10,20)+0,1)',
      'CHOOSE(CHOOSE(A2,1,2),"p","q")',
    ]) {
      const r = await run(`=${f}`, TEXT);
      expect(r.value, f).toEqual(NE);
    }
    expect((await run('=C2+CHOOSE(A2,10,20)', { ...TEXT, c: { error: '#N/A' } })).value).toEqual({
      error: '#N/A',
    });
    expect((await run('=CHOOSE(A2,10,20)+C2', { ...TEXT, c: { error: '#N/A' } })).value).toEqual(NE);
    expect((await run('=COUNT(CHOOSE(A2,10,20)+0,1)', TWO)).value).toBe(2);
  });

  it('is counted by COUNT of a reference whose cells may hold it', async () => {
    const r = await run('=COUNT(CHOOSE(A2,10,20)*1,A2)', TWO);
    expect(r.value).toBe(2);
    expect((await run('=COUNT(CHOOSE(A2,10,20)*1,A2)', TEXT)).value).toEqual(NE);
  });
});

describe('the formula command and column mode meeting it', () => {
  it('say not established with the reason instead of a value', async () => {
    const { translateFormula } = await import('../../src/authoring/formula-command.js');
    const r = await translateFormula('=CHOOSE(IF(A1>0,"x",1),10,20)', { A1: 1 });
    expect(r).toMatchObject({ notEstablished: CHOOSE_NE });
    expect(r).not.toHaveProperty('value');
    expect(await translateFormula('=CHOOSE(IF(A1>0,"x",1),10,20)', { A1: 0 })).toMatchObject({ value: 10 });
    const { translateColumnFormula } = await import('../../src/authoring/column-formula.js');
    const c = await translateColumnFormula('=CHOOSE(A2,10,20)', {
      columns: { A: 'a' },
      row: 2,
      cells: { A2: 'x' },
    });
    expect(c).toMatchObject({ notEstablished: CHOOSE_NE });
    expect(c).not.toHaveProperty('value');
  });
});

describe('IFS meeting a text condition', () => {
  it('gives the not-established value in that row only', async () => {
    const { IFS_NE } = await import('../../src/compiler/lower/functions/choice/entry.js');
    const f = '=IFS(A2,"yes",TRUE,"no")';
    expect((await run(f, { a: 'x' })).value).toEqual({ notEstablished: IFS_NE });
    expect((await run(f, { a: 1 })).value).toBe('yes');
    expect((await run(f, { a: 0 })).value).toBe('no');
    expect((await run('=IFERROR(IFS(A2,"yes",TRUE,"no"),"err")', { a: 'x' })).value).toEqual({
      notEstablished: IFS_NE,
    });
  });
});
