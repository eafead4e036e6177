import { describe, expect, it } from 'vitest';
import { displayFormula, FUTURE_FUNCTIONS, storedFormula } from '../../src/workbook/formula/future.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';

describe('future functions as a file stores them', () => {
  it.each([
    ['CONCAT(A1,B1)', '_xlfn.CONCAT(A1,B1)'],
    ['IF(A1>0,xlookup(A1,B:B,C:C),"CONCAT(x)")', 'IF(A1>0,_xlfn.xlookup(A1,B:B,C:C),"CONCAT(x)")'],
    ['"say ""IFS(""" & IFS(A1,1)', '"say ""IFS(""" & _xlfn.IFS(A1,1)'],
    ['SUM(FILTER(A1:A9,B1:B9>0))', 'SUM(_xlfn._xlws.FILTER(A1:A9,B1:B9>0))'],
    ['_xlfn.CONCAT(A1)+RANK.EQ(A1,A:A)', '_xlfn.CONCAT(A1)+_xlfn.RANK.EQ(A1,A:A)'],
    [
      'NETWORKDAYS.INTL(A1,B1)+WORKDAY.INTL(A1,1)+SUM(A1)',
      'NETWORKDAYS.INTL(A1,B1)+WORKDAY.INTL(A1,1)+SUM(A1)',
    ],
    ['MYCONCAT(A1)+SEC', 'MYCONCAT(A1)+SEC'],
  ])('%s → %s', (text, stored) => {
    expect(storedFormula(text)).toBe(stored);
  });

  it('reads back to the same function names, the prefix kept apart', () => {
    const calls = (t: string) =>
      [...JSON.stringify(parseFormula(t).ast).matchAll(/"name":"([^"]*)"/g)].map((m) => m[1]);
    for (const [name, prefix] of FUTURE_FUNCTIONS) {
      const text = name === 'LET' ? 'LET(x,A1,x)+1' : `${name}(A1)+1`;
      expect(calls(storedFormula(text))).toEqual(calls(text));
      // LAMBDA and LET are read as constructs the compiler does not take (kind "other"), their text as stored.
      const stored = JSON.stringify(parseFormula(storedFormula(text)).ast);
      expect(stored).toContain(
        name === 'LAMBDA' || name === 'LET' ? `"${prefix}${text.slice(0, -2)}"` : `"prefix":"${prefix}"`,
      );
    }
  });
});

describe('future functions as Excel shows them', () => {
  it.each([
    ['_xlfn.CONCAT(A1,"_xlfn.x")', 'CONCAT(A1,"_xlfn.x")'],
    ['SUM(_xlfn._xlws.FILTER(A1:A9,B1:B9>0))', 'SUM(FILTER(A1:A9,B1:B9>0))'],
    ['_xlfn.LAMBDA(_xlpm.x,_xlpm.x+1)(A1)', 'LAMBDA(x,x+1)(A1)'],
    ['A1&"a""_xlfn.""b"&my_xlfn.x', 'A1&"a""_xlfn.""b"&my_xlfn.x'],
  ])('%s → %s', (stored, shown) => {
    expect(displayFormula(stored)).toBe(shown);
  });

  it('undoes storedFormula', () => {
    for (const name of FUTURE_FUNCTIONS.keys())
      expect(displayFormula(storedFormula(`${name}(A1)`))).toBe(`${name}(A1)`);
  });
});
