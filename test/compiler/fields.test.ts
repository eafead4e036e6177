import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { assignFieldNames, fieldName } from '../../src/compiler/fields.js';

describe('fieldName', () => {
  it.each([
    ['Unit Price', 'unitPrice'],
    ['2024 Revenue', 'f2024Revenue'],
    ['qty', 'qty'],
    ['Order ID', 'orderID'],
    ['net_VAT (%)', 'netVAT'],
    ['  spaced  out  ', 'spacedOut'],
    ['Größe', 'groE'],
    ['Café', 'cafe'],
    ['🎉', 'field'],
    ['', 'field'],
    ['价格', 'field'],
    ['__proto__', 'proto'],
    ['constructor', 'constructor'],
    ['prototype', 'prototype'],
    ['toString', 'toString'],
    ['a.b.c', 'aBC'],
    ['"quoted"', 'quoted'],
    ['`tick`', 'tick'],
    ['True', 'fTrue'],
    ['null', 'fNull'],
    ['false', 'fFalse'],
  ])('%j → %s', (header, name) => {
    expect(fieldName(header)).toBe(name);
  });

  it('cuts a 10,000-character header to 64 characters', () => {
    const name = fieldName('x'.repeat(10_000));
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
  });
});

describe('assignFieldNames', () => {
  it('suffixes duplicates in column order and never reuses a taken name', () => {
    expect(assignFieldNames(['Amount', 'amount', 'Amount', 'Amount2', ''])).toEqual([
      'amount',
      'amount2',
      'amount3',
      'amount22',
      'field',
    ]);
  });

  it('gives hostile headers names that JSONata reads as own properties only', async () => {
    const headers = [
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'true',
      'in',
      'and',
    ];
    const names = assignFieldNames(headers);
    const row: Record<string, number> = Object.create(null);
    names.forEach((n, i) => {
      row[n] = i;
    });
    for (const [i, n] of names.entries()) {
      expect(await jsonata(`$parent.${n}`).evaluate({}, { parent: { ...row } })).toBe(i);
      // A missing field reads as nothing, never as something inherited from Object.prototype.
      expect(await jsonata(`$parent.${n}`).evaluate({}, { parent: {} })).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
