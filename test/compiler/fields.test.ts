import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { assignFieldNames, fieldName } from '../../src/compiler/recognise/fields.js';

describe('fieldName', () => {
  // The golden table of docs/compiler.md's rule: each row is one header and the name a person would choose.
  it.each([
    ['Unit Price', 'unitPrice'],
    ['qty', 'qty'],
    ['  spaced  out  ', 'spacedOut'],
    // Acronyms and shouts are words, lower-cased whole.
    ['SKU', 'sku'],
    ['VAT rate', 'vatRate'],
    ['Order ID', 'orderId'],
    ['UNIT PRICE', 'unitPrice'],
    ['VATRate', 'vatRate'],
    ['XMLHttpRequest', 'xmlHttpRequest'],
    ['Q1 Sales', 'q1Sales'],
    ['Plan A', 'planA'],
    // Written camelCase stays as written.
    ['unitPrice', 'unitPrice'],
    ['toString', 'toString'],
    ['iPhone', 'iPhone'],
    // Symbols that mean something become words; other punctuation separates.
    ['Unit Price (€)', 'unitPriceEur'],
    ['% of Payroll', 'pctOfPayroll'],
    ['Margin %', 'marginPct'],
    ['net_VAT (%)', 'netVatPct'],
    ['Price ($)', 'priceUsd'],
    ['Cost £', 'costGbp'],
    ['Order #', 'orderNum'],
    ['R&D', 'rAndD'],
    ['a.b.c', 'aBC'],
    ['"quoted"', 'quoted'],
    ['`tick`', 'tick'],
    // A leading number goes last; a name still starting with a digit gets `f`.
    ['2024 Revenue', 'revenue2024'],
    ['2024 Q1 Revenue', 'q1Revenue2024'],
    ['2024', 'f2024'],
    ['1st Quarter', 'f1stQuarter'],
    // Accents fold; letters that do not decompose are spelled out; nothing left is `field`.
    ['Café', 'cafe'],
    ['Größe', 'grosse'],
    ['Smørrebrød', 'smorrebrod'],
    ['🎉', 'field'],
    ['', 'field'],
    ['价格', 'field'],
    // JSONata's literals and prototype names.
    ['__proto__', 'proto'],
    ['constructor', 'constructor'],
    ['prototype', 'prototype'],
    ['True', 'fTrue'],
    ['null', 'fNull'],
    ['false', 'fFalse'],
    ['NULL', 'fNull'],
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
