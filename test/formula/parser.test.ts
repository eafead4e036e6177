import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../src/workbook/formula/index.js';

const n = (value: number) => ({ kind: 'number', value });
const cell = (row: number, col: number, extra: object = {}) => ({ kind: 'cell', row, col, ...extra });

// [formula, expected AST subset]
const cases: [string, object][] = [
  // literals
  ['1.5', n(1.5)],
  ['1e3', n(1000)],
  ['"a""b"', { kind: 'string', value: 'a"b' }],
  ['TRUE', { kind: 'boolean', value: true }],
  ['false', { kind: 'boolean', value: false }],
  ['#N/A', { kind: 'error', value: '#N/A' }],
  ['#div/0!', { kind: 'error', value: '#DIV/0!' }],
  // Excel's precedence oddities
  ['-2^2', { kind: 'binary', op: '^', left: { kind: 'unary', op: '-', operand: n(2) }, right: n(2) }],
  ['2^-2', { kind: 'binary', op: '^', left: n(2), right: { kind: 'unary', op: '-', operand: n(2) } }],
  ['-A1^2', { kind: 'binary', op: '^', left: { kind: 'unary', op: '-', operand: cell(0, 0) } }],
  ['50%', { kind: 'percent', operand: n(50), span: { start: 0, end: 3 } }],
  ['2^50%', { kind: 'binary', op: '^', right: { kind: 'percent', operand: n(50) } }],
  ['-50%', { kind: 'percent', operand: { kind: 'unary', op: '-', operand: n(50) } }],
  ['1+2&3', { kind: 'binary', op: '&', left: { kind: 'binary', op: '+' }, right: n(3) }],
  ['1=1&""', { kind: 'binary', op: '=', left: n(1), right: { kind: 'binary', op: '&' } }],
  ['1+2*3', { kind: 'binary', op: '+', right: { kind: 'binary', op: '*' } }],
  ['2^3^2', { kind: 'binary', op: '^', left: { kind: 'binary', op: '^' }, right: n(2) }],
  ['1-2-3', { kind: 'binary', op: '-', left: { kind: 'binary', op: '-' }, right: n(3) }],
  ['(1+2)*3', { kind: 'binary', op: '*', left: { kind: 'binary', op: '+' } }],
  ['1<>2', { kind: 'binary', op: '<>' }],
  ['1<=2', { kind: 'binary', op: '<=' }],
  ['1>=2', { kind: 'binary', op: '>=' }],
  ['1<2', { kind: 'binary', op: '<' }],
  ['1>2', { kind: 'binary', op: '>' }],
  ['1/2', { kind: 'binary', op: '/' }],
  ['+A1', { kind: 'unary', op: '+', operand: cell(0, 0) }],
  ['@A1:A3', { kind: 'unary', op: '@', operand: { kind: 'range' } }],
  ['--A1', { kind: 'unary', op: '-', operand: { kind: 'unary', op: '-', operand: cell(0, 0) } }],
  // references
  ['B3', cell(2, 1, { rowAbs: false, colAbs: false, span: { start: 0, end: 2 } })],
  ['$A$1', cell(0, 0, { rowAbs: true, colAbs: true })],
  ['A$1', cell(0, 0, { rowAbs: true, colAbs: false })],
  ['Sheet2!A1', cell(0, 0, { sheet: 'Sheet2' })],
  ["'My Sheet'!A1", cell(0, 0, { sheet: 'My Sheet' })],
  ["'It''s'!A1", cell(0, 0, { sheet: "It's" })],
  ['[1]Sheet1!A1', cell(0, 0, { workbook: '1', sheet: 'Sheet1' })],
  [
    'A1:B2',
    {
      kind: 'range',
      start: { row: 0, col: 0, rowAbs: false, colAbs: false },
      end: { row: 1, col: 1 },
      span: { start: 0, end: 5 },
    },
  ],
  [
    '$B1:A$2',
    {
      kind: 'range',
      start: { row: 0, col: 0, colAbs: false, rowAbs: false },
      end: { row: 1, col: 1, colAbs: true, rowAbs: true },
    },
  ],
  ['A1:A1', { kind: 'range', start: { row: 0, col: 0 }, end: { row: 0, col: 0 } }],
  ['A:A', { kind: 'range', start: { row: null, col: 0 }, end: { row: null, col: 0 } }],
  [
    'C:$A',
    { kind: 'range', start: { row: null, col: 0, colAbs: true }, end: { row: null, col: 2, colAbs: false } },
  ],
  ['1:1', { kind: 'range', start: { row: 0, col: null }, end: { row: 0, col: null } }],
  ['Data!2:4', { kind: 'range', sheet: 'Data', start: { row: 1, col: null }, end: { row: 3, col: null } }],
  ['TaxRate', { kind: 'name', name: 'TaxRate' }],
  ['Sheet1!TaxRate', { kind: 'name', name: 'TaxRate', sheet: 'Sheet1' }],
  ["[1]!'Rate,LA'", { kind: 'name', name: 'Rate,LA', workbook: '1' }],
  [
    'Table1[Col]',
    { kind: 'structured', table: 'Table1', columns: ['Col'], sections: [], text: 'Table1[Col]' },
  ],
  ['[@Qty]', { kind: 'structured', columns: ['Qty'], sections: ['this row'] }],
  [
    'Table1[[#This Row],[Qty]]',
    { kind: 'structured', table: 'Table1', columns: ['Qty'], sections: ['this row'] },
  ],
  ['Sheet1!#REF!', { kind: 'error', value: '#REF!', span: { start: 0, end: 12 } }],
  // reference operators
  ['A1:INDEX(B:B,2)', { kind: 'binary', op: ':', left: cell(0, 0), right: { kind: 'call', name: 'INDEX' } }],
  ['A1 B1', { kind: 'binary', op: ' ', left: cell(0, 0), right: cell(0, 1) }],
  [
    'SUM((A1,B1))',
    { kind: 'call', args: [{ kind: 'binary', op: ',', left: cell(0, 0), right: cell(0, 1) }] },
  ],
  // Excel ranks space above comma: A1,(B1 C1); fx alone would give (A1,B1) C1.
  [
    'SUM((A1,B1 C1))',
    {
      kind: 'call',
      args: [{ kind: 'binary', op: ',', left: cell(0, 0), right: { kind: 'binary', op: ' ' } }],
    },
  ],
  [
    'SUM(((A1,B1) C1))',
    { kind: 'call', args: [{ kind: 'binary', op: ' ', left: { kind: 'binary', op: ',' } }] },
  ],
  // calls
  ['sum(1,2)', { kind: 'call', name: 'SUM', args: [n(1), n(2)], span: { start: 0, end: 8 } }],
  ['NOW()', { kind: 'call', name: 'NOW', args: [] }],
  [
    '_xlfn.XLOOKUP(A1,B:B,C:C)',
    {
      kind: 'call',
      name: 'XLOOKUP',
      prefix: '_xlfn.',
      args: [cell(0, 0), { kind: 'range' }, { kind: 'range' }],
    },
  ],
  ['_xlfn._xlws.SORT(A1:A3)', { kind: 'call', name: 'SORT', prefix: '_xlfn._xlws.' }],
  ['_xlws.FILTER(A1:A3,B1:B3)', { kind: 'call', name: 'FILTER', prefix: '_xlws.' }],
  [
    'IF(A1,,2)',
    { kind: 'call', name: 'IF', args: [cell(0, 0), { kind: 'missing', span: { start: 6, end: 6 } }, n(2)] },
  ],
  ['IF(A1,1,)', { kind: 'call', args: [cell(0, 0), n(1), { kind: 'missing', span: { start: 8, end: 8 } }] }],
  // arrays keep negative numbers as numbers
  [
    '{1,2;3,4}',
    {
      kind: 'array',
      rows: [
        [n(1), n(2)],
        [n(3), n(4)],
      ],
      span: { start: 0, end: 9 },
    },
  ],
  [
    '{-1,"a";TRUE,#N/A}',
    {
      kind: 'array',
      rows: [
        [n(-1), { kind: 'string' }],
        [{ kind: 'boolean' }, { kind: 'error' }],
      ],
    },
  ],
  // everything else
  ['LET(x,1,x+1)', { kind: 'other', what: 'LET', text: 'LET(x,1,x+1)' }],
  ['_xlfn.LAMBDA(_xlpm.x,_xlpm.x)', { kind: 'other', what: 'LAMBDA' }],
  ['A1#', { kind: 'other', what: 'spill', span: { start: 0, end: 3 } }],
  ['[1]!MyUdf(1)', { kind: 'other', what: 'external call' }],
];

describe('parseFormula: node kinds and Excel precedence', () => {
  it.each(cases)('%s', (formula, expected) => {
    const r = parseFormula(formula);
    expect(r.diagnostics).toEqual([]);
    expect(r.ast).toMatchObject(expected);
  });
});

describe('parseFormula: spans and the leading =', () => {
  it('spans are offsets into the text after the =', () => {
    const r = parseFormula('=SUM(A1, B2)');
    expect(r.ast).toMatchObject({
      kind: 'call',
      span: { start: 0, end: 11 },
      args: [{ span: { start: 4, end: 6 } }, { span: { start: 8, end: 10 } }],
    });
  });
  it('a split negative number spans its minus; the operand does not', () => {
    expect(parseFormula('=1+-2').ast).toMatchObject({
      right: { kind: 'unary', span: { start: 2, end: 4 }, operand: { span: { start: 3, end: 4 } } },
    });
  });
  it('unicode and RTL text: spans are UTF-16 offsets', () => {
    const r = parseFormula('"😀שלום"&A1');
    expect(r.ast).toMatchObject({
      left: { kind: 'string', value: '😀שלום', span: { start: 0, end: 8 } },
      right: { span: { start: 9, end: 11 } },
    });
  });
});
