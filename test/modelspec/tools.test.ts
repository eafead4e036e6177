import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleSpec, getDomainGuidance, type ModelSpec } from '../../src/modelspec/index.js';
import { dryRun, evalExpression, testSpec } from '../../src/authoring/index.js';

const fixture = (p: string): ModelSpec =>
  JSON.parse(readFileSync(new URL(`../../fixtures/specs/${p}`, import.meta.url), 'utf8'));
const inProcess = { inProcess: true };
const topics = (await getDomainGuidance()).topics;

describe('evalExpression', () => {
  it('returns the value, with input, constants and library', async () => {
    const library = fixture('valid/orders.spec.json').library;
    expect(
      await evalExpression({ expr: 'a + $const.k', input: { a: 1 }, constants: { k: 2 } }, inProcess),
    ).toEqual({
      ok: true,
      value: 3,
    });
    expect(await evalExpression({ expr: '$xlRound(2.5, 0)', library }, inProcess)).toEqual({
      ok: true,
      value: 3,
    });
  });

  it('without the library a helper call fails as undefined (T1006)', async () => {
    const r = await evalExpression({ expr: '$xlRound(2.5, 0)' }, inProcess);
    expect(r).toMatchObject({ ok: false, error: { code: 'T1006', position: 9, token: 'xlRound' } });
  });

  it('reports compile errors with code and position', async () => {
    expect(await evalExpression({ expr: '1 +' }, inProcess)).toMatchObject({
      ok: false,
      error: { code: 'S0207', position: 3 },
    });
  });
});

describe('testSpec', () => {
  it('runs the embedded tests', async () => {
    expect(await testSpec(fixture('valid/orders.spec.json'), undefined, inProcess)).toMatchObject({
      passed: 2,
      failed: 0,
    });
  });

  it('reports per-field failures with expected and actual', async () => {
    const r = await testSpec(fixture('broken/failing-test.spec.json'), undefined, inProcess);
    expect(r).toMatchObject({
      passed: 0,
      failed: 1,
      results: [{ ok: false, failures: [{ path: '$.b', expected: 43, actual: 42 }] }],
    });
  });

  it('ad-hoc cases: exact numbers, null matches missing, $meta', async () => {
    const spec = fixture('valid/orders.spec.json');
    const r = await testSpec(
      spec,
      [
        { description: 'exact', given: { '$.items[0].qty': 3 }, expect: { '$.items[0].total': 3.75 } },
        {
          description: 'not close enough',
          given: { '$.items[0].qty': 3 },
          expect: { '$.items[0].total': 3.7500000001 },
        },
        {
          description: 'null vs missing',
          given: {},
          expect: { '$.items[0].missing': null, '$.items[2].total': null },
        },
        {
          description: 'meta',
          given: { '$.items[0].qty': 0 },
          expect: { '$.items[0].unitPrice': { $meta: { required: false } } },
        },
      ],
      inProcess,
    );
    expect(r.results.map((x) => x.ok)).toEqual([true, false, true, true]);
  });

  it('runs in the sandbox by default', async () => {
    expect(await testSpec(fixture('valid/minimal.spec.json'))).toMatchObject({ passed: 1, failed: 0 });
  });
});

describe('dryRun', () => {
  it('returns the merged state and the changes', async () => {
    const r = await dryRun(
      fixture('valid/orders.spec.json'),
      { mutations: { '$.items[0].qty': 2 } },
      inProcess,
    );
    expect(r.ok).toBe(true);
    expect(r.changes).toContainEqual({ path: '$.items[0].qty', before: 10, after: 2 });
    // Against the computed state before the mutation (12.5 = 1.25 × 10), not the seed, which has no totals.
    expect(r.changes).toContainEqual({ path: '$.items[0].total', before: 12.5, after: 2.5 });
    expect(r.changes.map((c) => c.path)).toEqual([
      '$.items[0].qty',
      '$.items[0].total',
      '$.items[0].discounted',
      '$.items[0].label',
      '$.sumTotal',
    ]);
    expect(r.changesOmitted).toBe(0);
    if (r.ok)
      expect(r.derivedUpdated.sort()).toEqual([
        '$.items[*].discounted',
        '$.items[*].label',
        '$.items[*].total',
        '$.sumTotal',
      ]);
  });

  it('lists nothing derived when nothing is mutated, and names only the derivations a mutation changed', async () => {
    const none = await dryRun(fixture('valid/orders.spec.json'), {}, inProcess);
    expect(none).toMatchObject({ ok: true, changes: [], derivedUpdated: [] });
    const label = await dryRun(
      fixture('valid/orders.spec.json'),
      { mutations: { '$.items[2].product': 'date' } },
      inProcess,
    );
    expect(label).toMatchObject({
      ok: true,
      changes: [
        { path: '$.items[2].product', before: 'fig', after: 'date' },
        { path: '$.items[2].label', before: 'FIG x3', after: 'DATE x3' },
      ],
      derivedUpdated: ['$.items[*].label'],
    });
  });

  it('overrides a constant with a $const path, and shows it first', async () => {
    const r = await dryRun(
      fixture('valid/orders.spec.json'),
      { mutations: { '$const.discountRate': 0.2 } },
      inProcess,
    );
    expect(r).toMatchObject({
      ok: true,
      changes: [
        { path: '$const.discountRate', before: 0.1, after: 0.2 },
        { path: '$.items[1].discounted', before: 135, after: 120 },
      ],
      derivedUpdated: ['$.items[*].discounted'],
    });
    await expect(
      dryRun(fixture('valid/orders.spec.json'), { mutations: { $const: 3 } }, inProcess),
    ).rejects.toMatchObject({ code: 'INVALID_MUTATION' });
  });
});

describe('getDomainGuidance', () => {
  it('offers the fixed menu', async () => {
    const g = await getDomainGuidance();
    expect(g.available).toEqual(
      expect.arrayContaining([
        'amortization-schedules',
        'progressive-brackets',
        'classification',
        'date-math',
        'percentages',
        'unit-conversion',
        'compound-growth',
        'weighted-averages',
        'eligibility-rules',
        'proration',
      ]),
    );
    await expect(getDomainGuidance(['nope'])).rejects.toMatchObject({ code: 'UNKNOWN_TOPIC' });
  });

  it.each(topics.map((t) => [t.id, t] as const))('the %s example gives its stated result', async (_id, t) => {
    const r = await testSpec(exampleSpec(t), undefined, inProcess);
    expect(r.results[0].failures).toEqual([]);
    expect(r.passed).toBe(1);
  });

  it('extends the menu from a topics file; a malformed one is TOPICS_FILE_INVALID naming the problem', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guidance-'));
    const good = path.join(dir, 'good.json');
    const topic = {
      id: 'vat',
      title: 'VAT',
      instructions: 'Multiply.',
      example: {
        schema: {},
        derivations: [{ path: '$.v', expr: 'n * 0.2' }],
        given: { '$.n': 10 },
        expect: { '$.v': 2 },
      },
    };
    writeFileSync(good, JSON.stringify({ topics: [topic] }));
    const g = await getDomainGuidance(['vat'], { topicsFile: good });
    expect(g.topics[0].id).toBe('vat');
    expect(g.available).toContain('date-math');

    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"topics": [\n{"id": "x",}]}');
    const e1 = await getDomainGuidance([], { topicsFile: bad }).catch((e) => e);
    expect(e1).toMatchObject({ code: 'TOPICS_FILE_INVALID' });
    expect(e1.message).toContain('line 2');
    writeFileSync(bad, JSON.stringify([{ ...topic, title: 3 }]));
    const e2 = await getDomainGuidance([], { topicsFile: bad }).catch((e) => e);
    expect(e2).toMatchObject({ code: 'TOPICS_FILE_INVALID' });
    expect(e2.message).toContain('"title"');
  });
});
