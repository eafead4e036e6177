import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { buildLibrary, HELPERS } from '../../src/compiler/lower/library.js';
import {
  exampleSpec,
  getDomainGuidance,
  guidanceHelpers,
  guidanceTopicIds,
  libraryDefine,
  loadLibrary,
  testSpecInProcess,
  validateSpecInProcess,
} from '../../src/modelspec/index.js';

const { topics } = await getDomainGuidance();

describe('the guidance menu', () => {
  it('is enumerable, and its ids are the topics served', () => {
    const ids = guidanceTopicIds();
    expect(ids).toEqual(topics.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has the topics an agent finishing a converted spec needs', () => {
    expect(guidanceTopicIds()).toEqual(
      expect.arrayContaining([
        'derivations',
        'tests',
        'excel-semantics',
        'conditional-aggregates',
        'iferror',
        'lookups',
        'date-serials',
        'running-totals',
        'percent-of-total',
      ]),
    );
  });

  it('answers the ids the get_domain_guidance schema gives as examples', async () => {
    const g = await getDomainGuidance(['derivations', 'tests', 'excel-semantics']);
    expect(g.topics.map((t) => t.id)).toEqual(['derivations', 'tests', 'excel-semantics']);
  });
});

// Each example's stated result is checked in tools.test.ts (`the %s example gives its stated result`).
describe('every guidance example', () => {
  it.each(topics.map((t) => [t.id, t] as const))('%s validates without findings', async (_id, t) => {
    const r = await validateSpecInProcess(exampleSpec(t));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it.each(topics.map((t) => [t.id, t] as const))(
    '%s rounds as Excel does (no half-even $round)',
    (_id, t) => {
      const texts = [...t.example.derivations.map((d) => d.expr), libraryDefine(t.example.library) ?? ''];
      for (const text of texts) expect(text).not.toMatch(/\$round\s*\(/);
    },
  );
});

describe('shared helpers', () => {
  const topic = (example: Record<string, unknown>) => ({
    id: 'vat',
    title: 'VAT',
    instructions: 'Round VAT as Excel does.',
    example: {
      schema: { type: 'object', properties: { net: { type: 'number' }, vat: { type: 'number' } } },
      derivations: [{ path: '$.vat', expr: '$xlRound(net * 0.2, 2)' }],
      given: { '$.net': 10.025 },
      expect: { '$.vat': 2.01 },
      ...example,
    },
  });
  const file = (t: unknown) => {
    const f = path.join(mkdtempSync(path.join(tmpdir(), 'guidance-')), 'topics.json');
    writeFileSync(f, JSON.stringify([t]));
    return f;
  };

  it('a topic naming helpers is served with their library, and its example runs', async () => {
    const g = await getDomainGuidance(['vat'], { topicsFile: file(topic({ helpers: ['xlRound'] })) });
    expect(libraryDefine(g.topics[0].example.library)).toContain('$xlRound := function');
    expect((await testSpecInProcess(exampleSpec(g.topics[0]))).passed).toBe(1);
    expect(guidanceTopicIds({ topicsFile: file(topic({ helpers: ['xlRound'] })) })).toContain('vat');
  });

  it('an unknown helper, or helpers beside a library, is TOPICS_FILE_INVALID', async () => {
    const e1 = await getDomainGuidance([], { topicsFile: file(topic({ helpers: ['xlNope'] })) }).catch(
      (e) => e,
    );
    expect(e1).toMatchObject({ code: 'TOPICS_FILE_INVALID' });
    expect(e1.message).toContain('xlNope');
    const both = topic({ helpers: ['xlRound'], library: '( $f := function() {1}; ["f"] )' });
    const e2 = await getDomainGuidance([], { topicsFile: file(both) }).catch((e) => e);
    expect(e2).toMatchObject({ code: 'TOPICS_FILE_INVALID' });
  });
});

describe('the shared xlRound helper', () => {
  const ours = loadLibrary(`( $xlRound := ${guidanceHelpers().xlRound.fn}; ["xlRound"] )`);
  const reference = loadLibrary(buildLibrary(['xlRound']));
  const call = jsonata('$f($x, $d)');
  const round = async (lib: Promise<Record<string, unknown>>, x: number, d: number) =>
    call.evaluate({}, { f: (await lib).xlRound, x, d });

  it('rounds half away from zero on the 15-digit value', async () => {
    const cases: [number, number, number][] = [
      [2.5, 0, 3],
      [-2.5, 0, -3],
      [0.125, 2, 0.13],
      [1.005, 2, 1.01],
      [2.675, 2, 2.68],
      [-1.455, 2, -1.46],
      [30.833333333333332, 2, 30.83],
      [123456789012.345, 2, 123456789012.35],
      [1e20, 2, 1e20],
    ];
    for (const [x, d, want] of cases) expect(await round(ours, x, d)).toBe(want);
  });

  it("agrees with the converter's $xlRound on ties and random numbers", async () => {
    // A deterministic generator (no Math.random: a failure must reproduce).
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const xs: number[] = [0, 4503599627370497, 999999999999999.5, 0.49999999999999994];
    for (let i = 0; i < 150; i++) {
      const digits = Math.floor(next() * 1e6);
      const exp = Math.floor(next() * 12) - 6;
      xs.push(
        Number(`${digits}5e${exp}`),
        -Number(`${digits}5e${exp}`),
        (next() - 0.5) * 10 ** (next() * 24 - 8),
      );
    }
    const mismatches: string[] = [];
    for (const x of xs)
      for (const d of [0, 1, 2, 3, 4, 6, 10, 15, 22]) {
        const a = await round(ours, x, d);
        const b = await round(reference, x, d);
        if (a !== b) mismatches.push(`ROUND(${x}, ${d}): ${a} vs ${b}`);
      }
    expect(mismatches).toEqual([]);
  });
});

describe('guidance text against the code it names', () => {
  const texts = topics.map((t) => ({ id: t.id as string, text: JSON.stringify(t) }));

  it('every $xl helper a topic names is a served helper or one of the converted library', () => {
    const known = new Set([...Object.keys(guidanceHelpers()), ...Object.keys(HELPERS)]);
    const unknown = texts.flatMap(({ id, text }) =>
      [...text.matchAll(/\$(xl\w+)/g)]
        .map((m) => m[1]!)
        .filter((n) => !known.has(n))
        .map((n) => `${id}: $${n}`),
    );
    expect(unknown).toEqual([]);
  });

  it('a formula said to lower to a helper (`=A1*B1` → $xlMul) does so', async () => {
    const claims = texts.flatMap(({ id, text }) =>
      [...text.matchAll(/`(=[^`]+)` → \$(xl\w+)/g)].map((m) => ({ id, formula: m[1]!, helper: m[2]! })),
    );
    expect(claims.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    for (const c of claims) {
      // Text and a boolean: kinds that need Excel's rule, so the lowering calls its helper.
      const r = await translateFormula(c.formula, { A1: 'x', B1: true });
      const jsonata = 'jsonata' in r ? r.jsonata : '';
      if (!jsonata.includes(`$${c.helper}(`))
        wrong.push(`${c.id}: ${c.formula} lowers to ${jsonata || JSON.stringify(r)}`);
    }
    expect(wrong).toEqual([]);
  });
});
