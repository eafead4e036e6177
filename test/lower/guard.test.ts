/**
 * The error guard (src/compiler/lower/guard.ts): a formula strict in an operand that may be an error is
 * lowered as `$type(a) = "object" ? a : <the rest without a's error>`. Each guarded lowering must give exactly
 * the unguarded lowering's value for every row: numbers around the comparison bounds, zero, errors.
 */
import { describe, expect, it } from 'vitest';
import { a1 } from '../../src/workbook/formula/ast.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { isRefusal, type LowerContext, type Operand, refuse } from '../../src/compiler/lower/contract.js';
import { strictOperand } from '../../src/compiler/lower/guard.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { lowerFormula, lowerUnguarded } from '../../src/compiler/lower/lower.js';
import { compileExpression, evaluateExpression, specBindings } from '../../src/modelspec/bind.js';

const fields: Record<string, Operand> = {
  G: { expr: '$parent.amount', kinds: ['number', 'error'] },
  F: { expr: '$parent.stock', kinds: ['number'] },
  B: { expr: '$parent.product', kinds: ['string', 'error'] },
  H: { expr: '$parent.maybe', kinds: ['number', 'blank', 'error'] },
};

const ctx: LowerContext = {
  cell: (n) => fields[a1(n.row, n.col).replace(/\d+/, '')] ?? refuse('UNRESOLVED_REFERENCE', 'x', n.span),
  range: (n) => refuse('UNSUPPORTED_RANGE_SHAPE', 'x', n.span),
  hoist: (op) => op,
  libraryValue: (hint) => hint,
};

const ast = (formula: string) => parseFormula(formula).ast!;

const ERRORS = [{ error: '#N/A' }, { error: '#DIV/0!' }, { error: '#NUM!' }];
const NUMBERS = [
  0, -1, 1, 100, 100.0000000000005, 100.00000000000051, 499.99, 500, 500.00000000000045, 501, 1e300,
];
const ROWS = [...NUMBERS, ...ERRORS].flatMap((amount) =>
  [9, 10, 9.999999999999996].flatMap((stock) =>
    ['pencil', 'Straße', ERRORS[0]!].map((product) => ({ amount, stock, product, maybe: amount })),
  ),
);
ROWS.push({ amount: 5, stock: 1, product: 'x', maybe: null as never });

async function values(lowered: { expr: string; helpers: string[] }): Promise<unknown[]> {
  const b = await specBindings(buildLibrary(lowered.helpers, {}), {});
  const compiled = compileExpression(lowered.expr);
  const out: unknown[] = [];
  for (const row of ROWS) out.push(await evaluateExpression(compiled, { items: [row] }, b, row));
  return out;
}

const GUARDED = [
  '=IF(AND(G2>500,F2<10),"A",IF(G2>100,"B","C"))',
  '=G2>500',
  '=IF(G2>100,G2*0.5,0)',
  '=ROUND(G2*0.0825,2)',
  '=NOT(G2>1)',
  '=OR(G2<0,F2>9)',
  '=UPPER(LEFT(B2,3))&"-"&"x"',
  '=LEN(B2)',
  '=-G2+1',
  '=G2%>1',
  '=IF(H2>100,"big","small")',
];

describe('the error guard', () => {
  for (const formula of GUARDED) {
    it(`${formula}: guarded, and the same value as unguarded on every row`, async () => {
      const guarded = lowerFormula(ast(formula), ctx);
      const general = lowerUnguarded(ast(formula), ctx);
      if (isRefusal(guarded) || isRefusal(general)) throw new Error('refused');
      expect(guarded.expr).toMatch(/^\$type\(\$parent\.\w+\) = "object" \? \$parent\.\w+ : /);
      expect(guarded.expr).not.toBe(general.expr);
      expect(await values(guarded)).toEqual(await values(general));
    });
  }

  it('emits the plain form of the wide benchmark tier column', () => {
    const l = lowerFormula(ast('=IF(AND(G2>500,F2<10),"A",IF(G2>100,"B","C"))'), ctx);
    expect(isRefusal(l) ? l : l.expr).toBe(
      '$type($parent.amount) = "object" ? $parent.amount : ($parent.amount > 500.00000000000045 and $parent.stock < 9.999999999999996) ? "A" : (($parent.amount > 100.0000000000005) ? "B" : "C")',
    );
    expect(isRefusal(l) ? [] : l.helpers).toEqual([]);
  });

  it('follows only the operand Excel evaluates first and passes an error from', () => {
    expect(strictOperand(ast('=IF(G2>1,F2,0)'))?.col).toBe(6);
    expect(strictOperand(ast('=F2+G2'))?.col).toBe(5);
    for (const f of [
      '=IFERROR(G2,0)+1',
      '=ISERROR(G2)',
      '=IF(TRUE,G2,0)',
      '=SUM(G2,1)',
      '=1+G2',
      '=COUNT(G2)',
    ]) {
      expect(strictOperand(ast(f)), f).toBeUndefined();
    }
  });

  it('leaves a formula unguarded when an error remains without the operand or it is not strict in one', () => {
    for (const f of [
      '=G2/F2',
      '=ROUND(G2*0.0825,F2)',
      '=H2>1',
      '=IFERROR(G2,0)+1',
      '=F2+G2',
      '=IF(F2>1,G2,0)',
    ]) {
      const guarded = lowerFormula(ast(f), ctx);
      const general = lowerUnguarded(ast(f), ctx);
      expect(guarded, f).toEqual(general);
    }
  });
});
