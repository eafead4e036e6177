import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH, FORMULA_MESSAGES, parseFormula } from '../../src/workbook/formula/index.js';

// [formula, code, span]
const cases: [string, string, { start: number; end: number }][] = [
  ['', 'FORMULA_EMPTY', { start: 0, end: 0 }],
  ['=', 'FORMULA_EMPTY', { start: 0, end: 0 }],
  ['=   ', 'FORMULA_EMPTY', { start: 0, end: 3 }],
  ['"abc', 'UNTERMINATED_STRING', { start: 0, end: 4 }],
  ['=1&"abc', 'UNTERMINATED_STRING', { start: 2, end: 6 }],
  ['SUM(1))', 'UNEXPECTED_TOKEN', { start: 6, end: 7 }],
  ['1 2', 'UNEXPECTED_TOKEN', { start: 2, end: 3 }],
  ['1+)+2', 'UNEXPECTED_TOKEN', { start: 2, end: 3 }],
  ['1 + )', 'UNEXPECTED_TOKEN', { start: 4, end: 5 }],
  ['1*/2', 'UNEXPECTED_TOKEN', { start: 2, end: 3 }],
  ['==1', 'UNEXPECTED_TOKEN', { start: 0, end: 1 }],
  ["'a", 'UNEXPECTED_TOKEN', { start: 0, end: 2 }],
  ['1\u0000', 'UNEXPECTED_TOKEN', { start: 1, end: 2 }],
  ['1 +', 'UNEXPECTED_END', { start: 3, end: 3 }],
  ['SUM(1,2', 'UNEXPECTED_END', { start: 7, end: 7 }],
  ['=1+(2', 'UNEXPECTED_END', { start: 4, end: 4 }],
];

describe('parseFormula diagnostics', () => {
  it.each(cases)('%j gives %s', (formula, code, span) => {
    const r = parseFormula(formula);
    expect(r.ast).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code, span, severity: 'error' });
  });

  it('every code has a message template', () => {
    for (const [, code] of cases) expect(FORMULA_MESSAGES).toHaveProperty(code);
  });

  it('a construct fx itself cannot handle is a PARSE_ERROR, not a throw', () => {
    expect(parseFormula('LAMBDA(x,x+1)(2)').diagnostics[0]).toMatchObject({ code: 'PARSE_ERROR' });
  });

  it('FORMULA_TOO_LONG at 8192 characters by default, and honours maxLength', () => {
    const long = `"${'x'.repeat(8191)}"`;
    expect(parseFormula(long).diagnostics[0]).toMatchObject({
      code: 'FORMULA_TOO_LONG',
      span: { start: 8192, end: 8193 },
      data: { length: 8193, limit: 8192 },
    });
    expect(parseFormula(`=${'1'.repeat(8192)}`).diagnostics).toEqual([]);
    expect(parseFormula('1+1', { maxLength: 2 }).diagnostics[0].code).toBe('FORMULA_TOO_LONG');
  });
});

describe('nesting depth is bounded before fx runs', () => {
  it('10,000 nested parentheses', () => {
    const r = parseFormula(`=${'('.repeat(10_000)}1${')'.repeat(10_000)}`, { maxLength: 100_000 });
    expect(r.diagnostics[0]).toMatchObject({
      code: 'FORMULA_TOO_DEEP',
      span: { start: DEFAULT_MAX_DEPTH, end: DEFAULT_MAX_DEPTH + 1 },
    });
  });
  it('10,000 nested SUM calls', () => {
    const r = parseFormula(`=${'SUM('.repeat(10_000)}1${')'.repeat(10_000)}`, { maxLength: 100_000 });
    expect(r.diagnostics[0]).toMatchObject({
      code: 'FORMULA_TOO_DEEP',
      span: { start: 4 * DEFAULT_MAX_DEPTH + 3 },
    });
  });
  it('a long run of prefix minuses', () => {
    expect(parseFormula(`${'-'.repeat(5000)}1`).diagnostics[0].code).toBe('FORMULA_TOO_DEEP');
  });
  it('nested braces count too, and maxDepth is honoured', () => {
    expect(parseFormula('((1))', { maxDepth: 1 }).diagnostics[0]).toMatchObject({
      code: 'FORMULA_TOO_DEEP',
      span: { start: 1, end: 2 },
    });
    expect(parseFormula('{1}', { maxDepth: 0 }).diagnostics[0].code).toBe('FORMULA_TOO_DEEP');
  });
  it('exactly the limit is fine; parentheses inside strings and brackets do not count', () => {
    const d = DEFAULT_MAX_DEPTH;
    expect(parseFormula(`${'('.repeat(d)}1${')'.repeat(d)}`).diagnostics).toEqual([]);
    expect(parseFormula(`"${'('.repeat(500)}"`).diagnostics).toEqual([]);
    expect(parseFormula(`Table1[${'('.repeat(200)}]`, { maxDepth: 2 }).diagnostics[0]?.code).not.toBe(
      'FORMULA_TOO_DEEP',
    );
  });
  it('a long flat operator chain is not "deep"', () => {
    const r = parseFormula(Array(4000).fill('1').join('+'));
    expect(r.diagnostics).toEqual([]);
    expect(r.ast).toMatchObject({ kind: 'binary', op: '+', span: { start: 0, end: 7999 } });
  });
});
