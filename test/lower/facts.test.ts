/** Facts carried on the lowered value (value.ts) rather than read back from the emitted text. */
import { describe, expect, it } from 'vitest';
import {
  isRefusal,
  type LowerContext,
  type Lowered,
  type Operand,
} from '../../src/compiler/lower/contract.js';
import { lowerFormula } from '../../src/compiler/lower/lower.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';

function lower(formula: string, cell: (col: number) => Operand): Lowered {
  const ctx: LowerContext = {
    cell: (n) => cell(n.col),
    range: (n) => {
      const f = `f${n.start.col}`;
      return { kind: 'column', expr: `$$.items.${f}`, kinds: ['number'], field: f };
    },
    hoist: (op, hint) => ({ expr: `$$.${hint}`, kinds: op.kinds, root: hint }),
    libraryValue: (hint) => hint,
  };
  const r = lowerFormula(parseFormula(formula).ast!, ctx);
  if (isRefusal(r)) throw new Error(r.detail);
  return r;
}

const field = (): Operand => ({ expr: '$parent.x', kinds: ['number'] });

describe('lowering facts', () => {
  it('reports the roots left in the text, not those folded into another hoisted value', () => {
    const r = lower('=SUM($D$2:$D$9,SUM($E$2:$E$9))+SUM($F$2:$F$9)', field);
    expect(r.expr).toBe('$xlAdd($$.sumF3, $$.sumF5)');
    expect(r.roots).toEqual(['sumF3', 'sumF5']);
    expect(lower('=A1*2', field).roots).toEqual([]);
  });
  it('reads a literal from the operand, not from its text', () => {
    // A literal factor of at most 1 cannot overflow: plain; the same text without `literal` is not trusted.
    expect(
      lower('=A1*B1', (c) => (c === 0 ? field() : { expr: '0.5', kinds: ['number'], literal: 0.5 })).expr,
    ).toBe('$parent.x * 0.5');
    expect(lower('=A1*B1', (c) => (c === 0 ? field() : { expr: '0.5', kinds: ['number'] })).expr).toBe(
      '$xlFin($parent.x * 0.5)',
    );
  });
  it('parenthesises an operand that says it is not an atom', () => {
    const neg = (): Operand => ({ expr: '-5', kinds: ['number'], atom: false, literal: -5 });
    expect(lower('=A1*A1+-A1', neg).expr).toBe('$xlFin(((-5) * (-5)) + (-(-5)))');
  });
  it('keeps an and/or inside a comparison operand in parentheses as an operand of AND', () => {
    const bool = (): Operand => ({ expr: '$parent.b', kinds: ['boolean'] });
    // A single comparison stands bare; one whose operand holds `and` is parenthesised (the text always emitted).
    expect(lower('=AND(TRUE,(1>2)=TRUE)', bool).expr).toBe('true and (1 > 2.000000000000005) = true');
    expect(lower('=AND(TRUE,AND(TRUE,1>2)=TRUE)', bool).expr).toBe(
      'true and ((true and 1 > 2.000000000000005) = true)',
    );
  });
});
