import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compileDerivation,
  computeDerivations,
  type ModelSpec,
  runModel,
} from '../../src/modelspec/index.js';
import { CodedError } from '../../src/codes/index.js';

const orders = (): ModelSpec =>
  JSON.parse(readFileSync(new URL('../../fixtures/specs/valid/orders.spec.json', import.meta.url), 'utf8'));

describe('runModel', () => {
  it('seeds, orders derivations by dependency and reports what changed', async () => {
    const r = await runModel(orders());
    if (!r.ok) throw new Error(r.error);
    const items = r.state.items as Record<string, unknown>[];
    expect(items.map((i) => i.total)).toEqual([12.5, 150, null]);
    // `discounted` is listed before `total` in the spec: it still sees the computed totals.
    expect(items.map((i) => i.discounted)).toEqual([12.5, 135, null]);
    expect(r.state.sumTotal).toBe(162.5);
    expect(r.derivedUpdated.sort()).toEqual([
      '$.items[*].discounted',
      '$.items[*].label',
      '$.items[*].total',
      '$.sumTotal',
    ]);
    expect(r.meta['$.items[2].unitPrice']).toEqual({ required: true });
    expect(r.metaUpdated).toContain('$.items[0].unitPrice#required');
    expect(r.flaggedConstraints).toEqual([]);
  });

  it('applies mutations, including through [*]', async () => {
    const r = await runModel(orders(), { mutations: { '$.items[*].qty': 2, '$.items[2].unitPrice': 4 } });
    if (!r.ok) throw new Error(r.error);
    expect((r.state.items as { total: number }[]).map((i) => i.total)).toEqual([2.5, 5, 8]);
  });

  it('a schema violation names path, keyword and message and changes nothing', async () => {
    const r = await runModel(orders(), { mutations: { '$.items[0].qty': 'many' } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBe('Schema violation');
    expect(r.violations).toContainEqual(expect.objectContaining({ path: '$.items[0].qty', keyword: 'type' }));
    expect((r.state.items as { qty: unknown }[])[0].qty).toBe(10);
  });

  it('a rollback constraint leaves the state unchanged', async () => {
    const start = { items: [{ product: 'a', unitPrice: 1, qty: 1 }] };
    const r = await runModel(orders(), { state: start, mutations: { '$.items[0].qty': -5 } });
    expect(r).toMatchObject({
      ok: false,
      error: 'Constraint violation',
      violations: [
        { constraintId: 'qtyNonNegative', policy: 'rollback', message: 'qty must not be negative' },
      ],
    });
    expect(r.state).toEqual(start);
    expect(start.items[0].qty).toBe(1);
  });

  it('a flag constraint is reported and the run goes on', async () => {
    const r = await runModel(orders(), { mutations: { '$.items[1].qty': 1000 } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.flaggedConstraints).toEqual([
      { constraintId: 'bigOrder', message: 'order total over 1000', policy: 'flag' },
    ]);
    expect(r.state.sumTotal).toBe(2512.5);
  });

  it('a derivation cycle is DERIVATION_CYCLE naming the paths', async () => {
    const spec: ModelSpec = {
      id: 'c',
      version: '1.0.0',
      schema: {},
      derivations: [
        { path: '$.a', expr: '$.b + 1' },
        { path: '$.b', expr: '$$.a * 2' },
      ],
    };
    await expect(runModel(spec)).rejects.toMatchObject({
      code: 'DERIVATION_CYCLE',
      data: { cycle: ['$.a', '$.b', '$.a'] },
    });
  });

  it('row and root fields with the same name are not a false cycle', async () => {
    const spec: ModelSpec = {
      id: 'c',
      version: '1.0.0',
      schema: {},
      defaultValues: [{ path: '$', expr: '{"items": [{"x": 1, "y": 2}], "y": 10}' }],
      derivations: [
        { path: '$.items[*].x', expr: '$parent.y * 3' },
        { path: '$.y', expr: '$sum(items.x)' },
      ],
    };
    const r = await runModel(spec);
    expect(r.ok && r.state).toEqual({ items: [{ x: 6, y: 2 }], y: 6 });
  });

  it('a bad expression is a coded CodedError', async () => {
    const spec: ModelSpec = {
      id: 'c',
      version: '1.0.0',
      schema: {},
      derivations: [{ path: '$.a', expr: '1 +' }],
    };
    const e = await runModel(spec).catch((x) => x);
    expect(e).toBeInstanceOf(CodedError);
    expect(e).toMatchObject({ code: 'JSONATA_ERROR', data: { jsonataCode: 'S0207' } });
  });

  it('runs are isolated: the input spec and state are not modified', async () => {
    const spec = orders();
    const text = JSON.stringify(spec);
    const state = { items: [{ product: 'a', unitPrice: 2, qty: 3 }] };
    await runModel(spec, { state });
    await runModel(spec, { state });
    expect(JSON.stringify(spec)).toBe(text);
    expect(state).toEqual({ items: [{ product: 'a', unitPrice: 2, qty: 3 }] });
  });
});

describe('computeDerivations', () => {
  it('evaluates [*] derivations per element with $parent and removes a field on undefined', async () => {
    const doc = { items: [{ a: 1 }, { a: 2 }, { a: 3 }], k: 10 } as Record<string, unknown>;
    const ds = [
      { path: '$.items[*].b', expr: '$parent.a * $$.k' },
      { path: '$.items[*].c', expr: '$parent.a = 2 ? $nothing : "x"' },
    ].map(compileDerivation);
    await computeDerivations(ds, doc, {});
    expect(doc.items).toEqual([
      { a: 1, b: 10, c: 'x' },
      { a: 2, b: 20 },
      { a: 3, b: 30, c: 'x' },
    ]);
  });

  it('handles 20,000 rows', async () => {
    const doc = { items: Array.from({ length: 20_000 }, (_, i) => ({ p: i, q: 2 })) } as Record<
      string,
      unknown
    >;
    await computeDerivations(
      [compileDerivation({ path: '$.items[*].t', expr: '$parent.p * $parent.q' })],
      doc,
      {},
    );
    expect((doc.items as { t: number }[])[19_999].t).toBe(39_998);
  });
});
