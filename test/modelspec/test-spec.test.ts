import { describe, expect, it } from 'vitest';
import { type ModelSpec, testSpecInProcess, validateSpecInProcess } from '../../src/modelspec/index.js';

const numbers = (tests: ModelSpec['tests']): ModelSpec => ({
  id: 'n',
  version: '1.0.0',
  schema: {
    type: 'object',
    properties: { a: { type: 'number' }, sum: { type: 'number' }, third: { type: 'number' } },
  },
  derivations: [
    { path: '$.sum', expr: 'a + 0.2' },
    { path: '$.third', expr: 'a / 0.3' },
  ],
  tests,
});

describe('test_spec: "compare": "excel15"', () => {
  const given = { '$.a': 0.1 };
  const expect15 = { '$.sum': 0.3, '$.third': 0.333333333333333 };

  it('compares exactly by default', async () => {
    const r = await testSpecInProcess(numbers([{ given, expect: expect15 }]));
    expect(r.results[0].failures.map((f) => f.path)).toEqual(['$.sum', '$.third']);
  });

  it('compares at 15 significant digits when the test asks', async () => {
    const r = await testSpecInProcess(numbers([{ given, expect: expect15, compare: 'excel15' }]));
    expect(r.results[0]).toMatchObject({ ok: true, failures: [] });
  });

  it('still fails a value that differs within 15 digits', async () => {
    const r = await testSpecInProcess(
      numbers([{ given, expect: { '$.sum': 0.300000000000001 }, compare: 'excel15' }]),
    );
    expect(r.results[0].failures).toMatchObject([{ path: '$.sum', expected: 0.300000000000001 }]);
  });

  it('applies at any depth, inside lists of values', async () => {
    const spec: ModelSpec = {
      id: 'rows',
      version: '1.0.0',
      schema: {},
      defaultValues: [{ path: '$', expr: '{"items": [{"a": 0.1}, {"a": 0.7}]}' }],
      derivations: [{ path: '$.items[*].b', expr: '$parent.a + 0.2' }],
      tests: [{ given: {}, expect: { '$.items[*].b': [0.3, 0.9] }, compare: 'excel15' }],
    };
    expect((await testSpecInProcess(spec)).passed).toBe(1);
  });

  it('is part of the ModelSpec format (and only "exact" or "excel15")', async () => {
    const ok = await validateSpecInProcess(numbers([{ given, expect: expect15, compare: 'excel15' }]));
    expect(ok.errors).toEqual([]);
    const bad = await validateSpecInProcess(
      numbers([{ given, expect: expect15, compare: 'approx' as unknown as 'excel15' }]),
    );
    expect(bad.errors).toMatchObject([{ code: 'SPEC_SCHEMA', pointer: '/tests/0/compare' }]);
  });
});

describe('test_spec: derived values are validated against the schema', () => {
  it('an error object in a `type: number` field fails, naming the path', async () => {
    const spec: ModelSpec = {
      id: 'div',
      version: '1.0.0',
      schema: { type: 'object', properties: { part: { type: 'number' }, share: { type: 'number' } } },
      derivations: [{ path: '$.share', expr: 'part = 0 ? {"error": "#DIV/0!"} : 1 / part' }],
      // The test does not even look at $.share.
      tests: [{ given: { '$.part': 0 }, expect: { '$.part': 0 } }],
    };
    const r = await testSpecInProcess(spec);
    expect(r.failed).toBe(1);
    expect(r.results[0].failures).toEqual([
      {
        path: '$.share',
        code: 'DERIVED_SCHEMA_VIOLATION',
        keyword: 'type',
        message: 'must be number',
        expected: 'a value valid against the schema',
        actual: { error: '#DIV/0!' },
      },
    ]);
  });

  it('names the row of a `[*]` derivation', async () => {
    const spec: ModelSpec = {
      id: 'rows',
      version: '1.0.0',
      schema: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
          },
        },
      },
      defaultValues: [{ path: '$', expr: '{"items": [{"a": 1}, {"a": 0}]}' }],
      derivations: [{ path: '$.items[*].b', expr: '$parent.a = 0 ? {"error": "#DIV/0!"} : 1 / $parent.a' }],
      tests: [{ given: {}, expect: { '$.items[0].b': 1 } }],
    };
    const r = await testSpecInProcess(spec);
    expect(r.results[0].failures).toMatchObject([{ path: '$.items[1].b', code: 'DERIVED_SCHEMA_VIOLATION' }]);
  });

  it('a value the schema allows passes', async () => {
    const spec: ModelSpec = {
      id: 'ok',
      version: '1.0.0',
      schema: {
        type: 'object',
        properties: {
          share: { anyOf: [{ type: 'number' }, { type: 'object', required: ['error'] }] },
        },
      },
      derivations: [{ path: '$.share', expr: '{"error": "#DIV/0!"}' }],
      tests: [{ given: {}, expect: { '$.share': { error: '#DIV/0!' } } }],
    };
    expect((await testSpecInProcess(spec)).passed).toBe(1);
  });
});
