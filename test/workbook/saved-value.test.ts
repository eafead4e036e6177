import { describe, expect, it } from 'vitest';
import { savedValue } from '../../scripts/corpus.js';

describe('savedValue (the corpus index read as Excel saved it)', () => {
  it.each([
    ['_x0001_', '\u0001'],
    ['_x000D_', '\r'],
    ['a_x0009_b', 'a\tb'],
    ['_x00e9_', 'é'],
    // `_x005F_` escapes the underscore itself: `_x005F_x0001_` is the literal text `_x0001_`.
    ['_x005F_x0001_', '_x0001_'],
    ['_x005F_', '_'],
    ['_x12_', '_x12_'],
    ['plain_text', 'plain_text'],
  ])('decodes the OOXML escapes of a saved string %j', (v, want) => {
    expect(savedValue({ t: 'str', v })).toBe(want);
    expect(savedValue({ t: 'inlineStr', v })).toBe(want);
  });

  it('reads numbers, booleans and errors as before', () => {
    expect(savedValue({ v: '0.1' })).toBe(0.1);
    expect(savedValue({ t: 'b', v: '0' })).toBe(false);
    expect(savedValue({ t: 'e', v: '#N/A' })).toEqual({ error: '#N/A' });
    expect(savedValue({ t: 'str' })).toBeUndefined();
  });
});
