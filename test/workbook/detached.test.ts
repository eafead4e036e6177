import { describe, expect, it } from 'vitest';
import { detached } from '../../src/workbook/xml-scan.js';

describe('detached: the flat copy the reader keeps of a text read from a part', () => {
  it('keeps every code unit of short, long, built-up and non-ASCII texts', () => {
    const part = `<f>${'IF(AND(G2>500,F2<10),"A",IF(G2>100,"B","C"))'}</f><v>é𝄞\u0000x</v>`;
    const group = /<f>(.*?)<\/f>/.exec(part)?.[1] as string;
    let built = '';
    for (const piece of ['ROUND(', 'G', '7', '*0.0825,2)']) built += piece;
    for (const s of ['', 'A1', group, built, 'é𝄞\u0000x — a longer text', 'x'.repeat(100_000)]) {
      expect(detached(s)).toBe(s);
      expect(detached(s).length).toBe(s.length);
    }
  });
});
