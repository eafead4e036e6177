import { describe, expect, it } from 'vitest';
import { excelConfig } from '../../src/oracle/engine/engine.js';
import { patchTextContent, textContentPatchState } from '../../src/oracle/engine/hf-content.js';
import { withoutShortcuts } from '../../src/oracle/engine/hf-parse.js';
import { HyperFormula } from '../../src/oracle/hf.js';

type Parser = { parse(content: unknown): { constructor: { name: string }; value?: unknown } };

function parserOf(config = excelConfig(1, 1)): { hf: HyperFormula; parser: Parser } {
  const hf = HyperFormula.buildEmpty(config);
  patchTextContent(hf);
  return { hf, parser: (hf as unknown as { _cellContentParser: Parser })._cellContentParser };
}

/** What a parse gave: its class and value, comparable across the two paths. */
function shape(p: Parser, content: unknown): { kind: string; value: unknown } {
  const r = p.parse(content);
  return { kind: r.constructor.name, value: JSON.parse(JSON.stringify(r.value ?? null)) };
}

/** Strings that reach every branch of HyperFormula's parse with a leading apostrophe, and without one. */
const TRICKY = [
  "'",
  "''",
  "' ",
  "'TRUE",
  "'false",
  "'=A1",
  "'#N/A",
  "'#DIV/0!",
  "'50%",
  "'$5",
  "'5$",
  "'$ 5",
  "'1e5",
  "'12/03/2020",
  "' 12/03/2020",
  "'2020-03-12",
  "'10:30",
  "'10:30 pm",
  "'1,000",
  "'.5",
  "'-1",
  "'0",
  "'abc",
  "'日本",
  "'\u00a0",
  '"quoted"',
  'TRUE',
  '12/03/2020',
  '50%',
  '$5',
  '1e5',
  '=1+1',
  '#N/A',
  'text',
  '',
];

describe('apostrophe text skips HyperFormula’s guesses', () => {
  it('is applied to the pinned HyperFormula version', () => {
    parserOf().hf.destroy();
    expect(textContentPatchState()).toBe('patched');
  });

  it('parses every string as the original does (tricky and random ones)', () => {
    const { hf, parser } = parserOf();
    let x = 7;
    const rand = (n: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const alphabet = "'0123456789 /.-:,$%#=aApPmMeE+TRUEfalse";
    const random = Array.from({ length: 5000 }, () =>
      Array.from({ length: 1 + rand(12) }, (_, i) =>
        i === 0 && rand(2) === 0 ? "'" : alphabet[rand(alphabet.length)],
      ).join(''),
    );
    let apostrophes = 0;
    for (const s of [...TRICKY, ...random]) {
      const ours = shape(parser, s);
      expect(ours, JSON.stringify(s)).toEqual(withoutShortcuts(() => shape(parser, s)));
      if (s.startsWith("'")) {
        apostrophes++;
        expect(ours).toEqual({ kind: 'String', value: s.slice(1) });
      }
    }
    expect(apostrophes).toBeGreaterThan(2000);
    hf.destroy();
  });

  it('leaves a configuration with its own date parser to the original', () => {
    let called = 0;
    const { hf, parser } = parserOf({
      ...excelConfig(1, 1),
      parseDateTime: (text: string) => {
        called++;
        return text === "'today" ? { year: 2020, month: 1, day: 2 } : undefined;
      },
    });
    expect(shape(parser, "'today").kind).toBe('Number');
    expect(called).toBeGreaterThan(0);
    hf.destroy();
  });
});
