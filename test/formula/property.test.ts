import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/workbook/formula/index.js';
import { parseFormula, printFormula } from '../../src/workbook/formula/index.js';

const span = { start: 0, end: 0 };
const scope = fc.constantFrom(
  {},
  { sheet: 'Sheet1' },
  { sheet: 'My Sheet' },
  { sheet: "It's" },
  { workbook: '1', sheet: 'Data' },
);

const number = fc
  .oneof(fc.nat(1e6), fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }))
  .map((v): Node => ({ kind: 'number', value: Math.abs(v), span }));
const literal = fc.oneof(
  number,
  fc.string({ maxLength: 6 }).map((value): Node => ({ kind: 'string', value, span })),
  fc.boolean().map((value): Node => ({ kind: 'boolean', value, span })),
  fc
    .constantFrom('#N/A', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#NULL!' as const)
    .map((value): Node => ({ kind: 'error', value: value as '#N/A', span })),
);
const cell = fc
  .record({ row: fc.nat(1048575), col: fc.nat(16383), rowAbs: fc.boolean(), colAbs: fc.boolean(), scope })
  .map(({ scope: s, ...r }): Node => ({ kind: 'cell', ...r, ...s, span }));
const end = (whole: 'row' | 'col' | null) =>
  fc.record({
    row: whole === 'col' ? fc.constant(null) : fc.nat(1048575),
    col: whole === 'row' ? fc.constant(null) : fc.nat(16383),
    rowAbs: fc.boolean(),
    colAbs: fc.boolean(),
  });
const range = fc
  .constantFrom<'row' | 'col' | null>(null, 'row', 'col')
  .chain((w) => fc.tuple(end(w), end(w), scope))
  .map(([a, b, s]): Node => {
    // Normalised: start is top-left, each axis carrying its own `$`.
    const [r1, r2] = (a.row ?? 0) <= (b.row ?? 0) ? [a, b] : [b, a];
    const [c1, c2] = (a.col ?? 0) <= (b.col ?? 0) ? [a, b] : [b, a];
    return {
      kind: 'range',
      start: { row: r1.row, rowAbs: w(r1.row, r1.rowAbs), col: c1.col, colAbs: w(c1.col, c1.colAbs) },
      end: { row: r2.row, rowAbs: w(r2.row, r2.rowAbs), col: c2.col, colAbs: w(c2.col, c2.colAbs) },
      ...s,
      span,
    };
  });
/** A `$` on an absent axis has nothing to print, so it cannot round-trip. */
const w = (v: number | null, abs: boolean) => (v == null ? false : abs);
const name = fc
  .constantFrom('TaxRate', 'Rate_2', 'total.amount')
  .map((n): Node => ({ kind: 'name', name: n, span }));

const { ref } = fc.letrec<{ ref: Node }>((tie) => ({
  ref: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    cell,
    range,
    fc
      .tuple(fc.constantFrom(' ' as const, ',' as const), tie('ref'), tie('ref'))
      .map(([op, left, right]): Node => ({ kind: 'binary', op, left, right, span })),
    fc.tuple(tie('ref'), cell).map(
      ([left, c]): Node => ({
        kind: 'binary',
        op: ':',
        left,
        right: { kind: 'call', name: 'INDEX', args: [c, { kind: 'number', value: 1, span }], span },
        span,
      }),
    ),
  ),
}));

const arrayNode = fc
  .array(
    fc.array(
      fc.oneof(
        literal,
        fc.integer({ min: -100, max: -1 }).map((v): Node => ({ kind: 'number', value: v, span })),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .filter((rows) => rows.every((r) => r.length === rows[0].length))
  .map((rows): Node => ({ kind: 'array', rows, span }));

const { expr } = fc.letrec<{ expr: Node }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    cell,
    range,
    name,
    arrayNode,
    fc
      .tuple(
        fc.constantFrom('+', '-', '*', '/', '^', '&', '=', '<>', '<', '<=', '>', '>=' as const),
        tie('expr'),
        tie('expr'),
      )
      .map(([op, left, right]): Node => ({ kind: 'binary', op: op as '+', left, right, span })),
    fc
      .tuple(fc.constantFrom('-', '+' as const), tie('expr'))
      .map(([op, operand]): Node => ({ kind: 'unary', op: op as '-', operand, span })),
    cell.map((operand): Node => ({ kind: 'unary', op: '@', operand, span })),
    tie('expr').map((operand): Node => ({ kind: 'percent', operand, span })),
    fc
      .tuple(fc.constantFrom('SUM', 'IF', 'ROUND'), fc.array(tie('expr'), { maxLength: 3 }), fc.nat(3))
      .map(([n, args, hole]): Node => {
        // An omitted argument only exists between separators: `IF(A1,,2)`.
        const a =
          args.length >= 2 && hole < args.length
            ? args.map((x, i) => (i === hole ? { kind: 'missing' as const, span } : x))
            : args;
        return { kind: 'call', name: n, args: a, span };
      }),
    fc
      .tuple(fc.constantFrom('XLOOKUP', 'FILTER'), tie('expr'))
      .map(([n, arg]): Node => ({ kind: 'call', name: n, prefix: '_xlfn.', args: [arg], span })),
    ref.map((r): Node => ({ kind: 'call', name: 'SUM', args: [r], span })),
  ),
}));

function stripSpans(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(stripSpans);
  if (x && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) if (k !== 'span') out[k] = stripSpans(v);
    return out;
  }
  return x;
}

describe('printFormula ∘ parseFormula round trip', () => {
  it('a generated AST prints to text that parses back to the same AST', () => {
    fc.assert(
      fc.property(expr, (ast) => {
        const text = printFormula(ast);
        const r = parseFormula(text);
        expect(r.diagnostics, text).toEqual([]);
        expect(stripSpans(r.ast), text).toEqual(stripSpans(ast));
      }),
      { seed: 20240601, numRuns: 400 },
    );
  });
  it('spans lie within the text and nest inside their parent', () => {
    fc.assert(
      fc.property(expr, (ast) => {
        const text = printFormula(ast);
        const r = parseFormula(text);
        const check = (n: unknown, lo: number, hi: number): void => {
          if (Array.isArray(n)) {
            for (const c of n) check(c, lo, hi);
            return;
          }
          if (!n || typeof n !== 'object') return;
          const s = (n as { span?: { start: number; end: number } }).span;
          if (s) {
            expect(s.start).toBeGreaterThanOrEqual(lo);
            expect(s.end).toBeLessThanOrEqual(hi);
            expect(s.start).toBeLessThanOrEqual(s.end);
          }
          for (const [k, v] of Object.entries(n)) if (k !== 'span') check(v, s?.start ?? lo, s?.end ?? hi);
        };
        check(r.ast, 0, text.length);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

const soupToken = fc.oneof(
  fc.constantFrom(
    '(',
    ')',
    '{',
    '}',
    ',',
    ';',
    ':',
    '!',
    ' ',
    '"',
    "'",
    '[',
    ']',
    '#',
    '@',
    '%',
    '^',
    '&',
    '=',
    '-',
    '+',
    '*',
    '/',
    '<',
    '>',
    '$',
  ),
  fc.constantFrom(
    'A1',
    'B$2',
    'Sheet1',
    'SUM',
    'IF(',
    '_xlfn.',
    '#REF!',
    '#N/A',
    '1',
    '2.5e3',
    'TRUE',
    'Table1[Col]',
    '[@Qty]',
    '[1]',
    'LET(',
    'LAMBDA(',
  ),
  fc.string({ maxLength: 3, unit: 'binary' }),
);

describe('token soup never throws', () => {
  it('random token sequences give an AST or coded diagnostics', () => {
    fc.assert(
      fc.property(fc.array(soupToken, { maxLength: 30 }), (parts) => {
        const r = parseFormula(parts.join(''));
        if (r.ast === undefined) {
          expect(r.diagnostics.length).toBeGreaterThan(0);
          for (const d of r.diagnostics) expect(d.code).toMatch(/^[A-Z_]+$/);
        } else {
          expect(r.diagnostics).toEqual([]);
          expect(typeof printFormula(r.ast)).toBe('string');
        }
      }),
      { seed: 42, numRuns: 3000 },
    );
  });
});
