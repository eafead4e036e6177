/** Lowering against a hand-built context: same-row fields, whole columns (hoisted), lookup tables. */
import { describe, expect, it } from 'vitest';
import { a1 } from '../../src/workbook/formula/ast.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { isRefusal, type LowerContext, type Operand, refuse } from '../../src/compiler/lower/contract.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { lowerFormula } from '../../src/compiler/lower/lower.js';
import { compileExpression, evaluateExpression, specBindings } from '../../src/modelspec/bind.js';

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
  it('emits the plain product for number-only fields when it cannot overflow', async () => {
    const r = await lowerRun('=A2*0.5', doc, doc.items[0]!);
    expect(r.lowered?.expr).toBe('$parent.price * 0.5');
    expect(r.lowered?.helpers).toEqual([]);
    expect(r.value).toBe(1);
  });
  it('guards a plain product that may overflow', async () => {
    const r = await lowerRun('=A2*2', doc, doc.items[0]!);
    expect(r.lowered?.expr).toBe('$xlFin($parent.price * 2)');
    expect(r.lowered?.kinds).toEqual(['number', 'error']);
    expect(r.value).toBe(4);
    const big = await lowerRun('=A2*2', doc, { price: 1e308 });
    expect(big.value).toEqual({ error: '#NUM!' });
    const sum = await lowerRun('=A2+A2', doc, { price: -1.7e308 });
    expect(sum.value).toEqual({ error: '#NUM!' });
  });
  it('compares a number field with a literal through its 15-digit bounds', async () => {
    // 10.00000000000005 is the double just below the decimal 10.00000000000005: 15 digits round it to 10.
    const r = await lowerRun('=A2>10', doc, { price: 10.00000000000005 });
    expect(r.lowered?.expr).toBe('$parent.price > 10.00000000000005');
    expect(r.lowered?.helpers).toEqual([]);
    expect(r.value).toBe(false);
    expect((await lowerRun('=A2>10', doc, { price: 10.000000000000052 })).value).toBe(true);
    expect((await lowerRun('=10<A2', doc, { price: 10.000000000000052 })).lowered?.expr).toBe(
      '$parent.price > 10.00000000000005',
    );
    const eq = await lowerRun('=A2=0.3', doc, { price: 0.1 + 0.2 });
    expect(eq.lowered?.expr).toBe(
      '$parent.price >= 0.29999999999999954 and $parent.price <= 0.3000000000000005',
    );
    expect(eq.value).toBe(true);
    expect((await lowerRun('=A2<>-2', doc, { price: -2 })).value).toBe(false);
  });
  it('compares two number fields through $xlR15', async () => {
    const r = await lowerRun('=A2*1>=A2', doc, { price: 3 });
    expect(r.lowered?.expr).toBe('$xlR15($parent.price * 1) >= $xlR15($parent.price)');
    expect(r.value).toBe(true);
  });
  it('writes IF over AND of number comparisons plainly', async () => {
    const r = await lowerRun('=IF(AND(A2>1,A2<5),"in","out")', doc, { price: 3 });
    expect(r.lowered?.expr).toBe(
      '($parent.price > 1.0000000000000049 and $parent.price < 4.999999999999996) ? "in" : "out"',
    );
    expect(r.value).toBe('in');
  });
  it('writes LEN and & of text fields plainly, capped at 32,767 characters', async () => {
    const r = await lowerRun('=UPPER(C2)&"-"&LEN(C2)', doc, { name: 'a😀' });
    expect(r.lowered?.expr).toBe(
      String.raw`$xlCap($xlUpper($parent.name) & "-" & ($contains($parent.name, /[\uD800-\uDFFF]/) ? $count($split($parent.name, "")) : $length($parent.name)))`,
    );
    expect(r.value).toBe('A😀-3');
    const n = await lowerRun('=C2&A2', doc, { name: 'x', price: 1 / 3 });
    expect(n.lowered?.expr).toBe('$xlCap($parent.name & $xlNumText($parent.price))');
    expect(n.value).toBe('x0.333333333333333');
    const long = await lowerRun('=C2&C2', doc, { name: 'a'.repeat(16384) });
    expect(long.value).toEqual({ error: '#VALUE!' });
    const counted = await lowerRun('=C2&C2', doc, { name: 'a'.repeat(8192) });
    expect(counted.value).toBe('a'.repeat(16384));
    // UTF-16 units, as Excel counts: 16,384 code points in 32,767 units pass; one more unit does not.
    const fits = await lowerRun('=C2&"a"', doc, { name: '😀'.repeat(16383) });
    expect(fits.value).toBe(`${'😀'.repeat(16383)}a`);
    const astral = await lowerRun('=C2&"ab"', doc, { name: '😀'.repeat(16383) });
    expect(astral.value).toEqual({ error: '#VALUE!' });
  });
  it('compares text fields lower-cased', async () => {
    const r = await lowerRun('=C2="ABC"', doc, { name: 'abc' });
    expect(r.lowered?.expr).toBe('$lowercase($parent.name) = $lowercase("ABC")');
    expect(r.value).toBe(true);
  });
  it('uses a helper when a field may be blank', async () => {
    const r = await lowerRun('=A2*B2', doc, doc.items[1]!);
    expect(r.lowered?.expr).toBe('$xlMul($parent.price, $parent.qty)');
    expect(r.value).toBe(0);
  });
  it('hoists an aggregate over a whole column', async () => {
    const r = await lowerRun('=A2/SUM($A$2:$A$4)', doc, doc.items[0]!);
    expect(r.hoisted).toEqual({ sumPrice: '$xlFin($sum([$$.items.price]))' });
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
    expect(r.lowered?.expr).toBe('$xlVlookupAt($parent.name, $xlRates, 2)');
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

describe('blank is a missing field or null; "" is text (IS functions)', () => {
  it.each([
    ['=ISBLANK(B2)', { price: 1 }, true],
    ['=ISBLANK(B2)', { price: 1, qty: null }, true],
    ['=ISBLANK(B2)', { price: 1, qty: '' }, false],
    ['=ISBLANK(B2)', { price: 1, qty: 0 }, false],
    ['=ISNONTEXT(B2)', { price: 1 }, true],
    ['=ISTEXT(B2)', { price: 1 }, false],
    ['=ISNUMBER(B2)', { price: 1 }, false],
    ['=N(B2)', { price: 1 }, 0],
    ['=ISEVEN(B2)', { price: 1 }, true],
    ['=IFERROR(B2,5)', { price: 1 }, 0],
    ['=CHOOSE(B2+1,"a","b")', { price: 1 }, 'a'],
  ] as const)('%s of %j is %j', async (formula, row, want) => {
    const r = await lowerRun(formula, { items: [row] }, row);
    expect(r.refusal).toBeUndefined();
    expect(r.value).toEqual(want);
  });
});
