/** Lowering against a hand-built context: same-row fields, whole columns (hoisted), lookup tables. */
import { describe, expect, it } from 'vitest';
import { a1 } from '../../src/compiler/formula/ast.js';
import { parseFormula } from '../../src/compiler/formula/parser.js';
import { isRefusal, type LowerContext, type Operand, refuse } from '../../src/compiler/lower/contract.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { lowerFormula } from '../../src/compiler/lower/lower.js';
import { compileExpression, evaluateExpression, specBindings } from '../../src/spec/bind.js';

const fields: Record<string, Operand> = {
  A: { expr: '$parent.price', kinds: ['number'] },
  B: { expr: '$parent.qty', kinds: ['number', 'blank'] },
  C: { expr: '$parent.name', kinds: ['string'] },
};

function context() {
  const hoisted: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const ctx: LowerContext = {
    cell: (n) =>
      n.sheet
        ? refuse('CROSS_SHEET_REFERENCE', 'x', n.span)
        : (fields[a1(n.row, n.col).replace(/\d+/, '')] ?? refuse('UNRESOLVED_REFERENCE', 'x', n.span)),
    range: (n) => {
      if (n.start.rowAbs && n.start.col === 0)
        return { kind: 'column', expr: '$$.items.price', kinds: ['number'], field: 'price' };
      if (n.start.rowAbs && n.start.col === 1)
        return {
          kind: 'column',
          expr: '$$.items.qty',
          kinds: ['number', 'blank'],
          field: 'qty',
          rows: '$$.items',
        };
      if (n.start.rowAbs)
        return {
          kind: 'table',
          rows: [
            ['a', 1],
            ['b', 2],
          ],
          nameHint: 'rates',
        };
      return { kind: 'cells', cells: [fields.A!, fields.B!] };
    },
    hoist: (op, hint) => {
      hoisted[hint] = op.expr;
      return { expr: `$$.${hint}`, kinds: op.kinds };
    },
    libraryValue: (hint, value) => {
      values[`xl${hint[0]!.toUpperCase()}${hint.slice(1)}`] = value;
      return `xl${hint[0]!.toUpperCase()}${hint.slice(1)}`;
    },
  };
  return { ctx, hoisted, values };
}

async function lowerRun(formula: string, doc: Record<string, unknown>, row: Record<string, unknown>) {
  const { ctx, hoisted, values } = context();
  const parsed = parseFormula(formula);
  const l = lowerFormula(parsed.ast!, ctx);
  if (isRefusal(l)) return { refusal: l };
  const all = new Set(l.helpers);
  const b = await specBindings(
    buildLibrary([...all, 'xlSum', 'xlSumProduct', 'xlV', 'xlRefNums', 'xlFin'], values),
    {},
  );
  const d: Record<string, unknown> = { ...doc };
  for (const [k, e] of Object.entries(hoisted)) d[k] = await evaluateExpression(compileExpression(e), d, b);
  return { lowered: l, hoisted, value: await evaluateExpression(compileExpression(l.expr), d, b, row) };
}

const doc = { items: [{ price: 2, qty: 3 }, { price: 5 }, { price: 1, qty: 4 }] };

describe('lowerFormula with a workbook-like context', () => {
  it('emits the plain product for number-only fields', async () => {
    const r = await lowerRun('=A2*2', doc, doc.items[0]!);
    expect(r.lowered?.expr).toBe('$parent.price * 2');
    expect(r.lowered?.helpers).toEqual([]);
    expect(r.value).toBe(4);
  });
  it('uses a helper when a field may be blank', async () => {
    const r = await lowerRun('=A2*B2', doc, doc.items[1]!);
    expect(r.lowered?.expr).toBe('$xlMul($parent.price, $parent.qty)');
    expect(r.value).toBe(0);
  });
  it('hoists an aggregate over a whole column', async () => {
    const r = await lowerRun('=A2/SUM($A$2:$A$4)', doc, doc.items[0]!);
    expect(r.hoisted).toEqual({ sumPrice: '$sum([$$.items.price])' });
    expect(r.lowered?.expr).toBe('$xlDiv($parent.price, $$.sumPrice)');
    expect(r.value).toBe(0.25);
  });
  it('hoists SUMPRODUCT of two columns, reading rows so a missing field keeps its place', async () => {
    const r = await lowerRun('=SUMPRODUCT($A$2:$A$4,$B$2:$B$4)', doc, doc.items[0]!);
    expect(Object.keys(r.hoisted ?? {})).toEqual(['sumproductPriceQty']);
    expect(r.value).toBe(2 * 3 + 1 * 4);
  });
  it('lowers SUMPRODUCT of same-row cells', async () => {
    const r = await lowerRun('=SUMPRODUCT(A2:B2,A2:B2)', doc, doc.items[0]!);
    expect(r.lowered?.expr).toBe(
      '$xlSumProduct([{"a": [$parent.price, $xlV($parent.qty)]}, {"a": [$parent.price, $xlV($parent.qty)]}])',
    );
    expect(r.value).toBe(13);
  });
  it('registers a lookup table as a library value', async () => {
    const r = await lowerRun('=VLOOKUP(C2,$E$2:$F$3,2,FALSE)', doc, { name: 'B' });
    expect(r.lowered?.expr).toBe('$xlVlookup($parent.name, $xlRates, 2)');
    expect(r.value).toBe(2);
  });
  it('passes a context refusal up with its code', async () => {
    const r = await lowerRun('=Sheet2!A1', doc, {});
    expect(r.refusal?.code).toBe('CROSS_SHEET_REFERENCE');
  });
  it('refuses with the span of the offending node', async () => {
    const r = await lowerRun('=1+RAND()', doc, {});
    expect(r.refusal).toMatchObject({ code: 'VOLATILE_FUNCTION', span: { start: 2, end: 8 } });
  });
});
