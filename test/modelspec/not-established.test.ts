/** test_spec and dry_run count the not-established value apart: never a pass, never an ordinary failure. */
import { describe, expect, it } from 'vitest';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { ERROR_VALUE_SCHEMA } from '../../src/compiler/assemble/spec-builder.js';
import { dryRunInProcess, type ModelSpec, testSpecInProcess } from '../../src/modelspec/index.js';

const REASON = 'CHOOSE with a text or logical index';

/** k = CHOOSE(a, 10, 20) as the lowering writes it: a text `a` is not established. */
function spec(): ModelSpec {
  return {
    id: 'ne',
    version: '1.0.0',
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              a: { type: ['number', 'string'] },
              k: { anyOf: [{ type: 'number' }, ERROR_VALUE_SCHEMA], readOnly: true },
            },
          },
        },
      },
    },
    library: buildLibrary(['xlNE', 'xlNum']),
    defaultValues: [{ path: '$', expr: '{"items": [{"a": 1}, {"a": 2}]}' }],
    derivations: [
      {
        path: '$.items[*].k',
        expr: `($n := ($i := $parent.a; $type($i) = "string" ? $xlNE("${REASON}") : $xlNum($i)); $type($n) = "object" ? $n : ($k := $floor($n); $k = 1 ? 10 : $k = 2 ? 20 : {"error": "#VALUE!"}))`,
      },
    ],
  } as ModelSpec;
}

describe('testSpec and the not-established value', () => {
  it('counts a case whose expected path holds it apart, with the reason, and no schema failure', async () => {
    const r = await testSpecInProcess(spec(), [
      { given: { '$.items[0].a': 'x' }, expect: { '$.items[0].k': 10 } },
      { given: {}, expect: { '$.items[0].k': 10, '$.items[1].k': 20 } },
      { given: { '$.items[0].a': 'x' }, expect: { '$.items[1].k': 21 } },
    ]);
    expect(r.passed).toBe(1);
    expect(r.notEstablished).toBe(1);
    expect(r.failed).toBe(1);
    const [unknown, pass, wrong] = r.results;
    expect(unknown).toMatchObject({
      ok: false,
      failures: [{ path: '$.items[0].k', code: 'NOT_ESTABLISHED', message: REASON }],
      notEstablished: [{ path: '$.items[0].k', reason: REASON }],
    });
    // Why one failure: the schema is not asked about the value (it is no Excel value).
    expect(unknown!.failures).toHaveLength(1);
    expect(pass).toEqual({ ok: true, failures: [] });
    // A wrong answer elsewhere is a failure, with the not-established value still listed.
    expect(wrong!.failures.map((f) => f.code)).toEqual([undefined]);
    expect(wrong!.notEstablished).toEqual([{ path: '$.items[0].k', reason: REASON }]);
  });

  it('a [*] expectation meeting it is not established too', async () => {
    const r = await testSpecInProcess(spec(), [
      { given: { '$.items[1].a': 'y' }, expect: { '$.items[*].k': [10, 20] } },
    ]);
    expect(r).toMatchObject({ passed: 0, failed: 0, notEstablished: 1 });
  });
});

describe('dryRun and the not-established value', () => {
  it('lists every path holding it, also outside the paths asked for', async () => {
    const r = await dryRunInProcess(spec(), {
      mutations: { '$.items[1].a': 'z' },
      paths: ['$.items[0].k'],
    });
    expect(r.ok).toBe(true);
    expect(r.notEstablished).toEqual({ count: 1, at: [{ path: '$.items[1].k', reason: REASON }] });
  });

  it('has no notEstablished field when no value is it', async () => {
    const r = await dryRunInProcess(spec(), { mutations: { '$.items[1].a': 1 } });
    expect(r.ok).toBe(true);
    expect(r).not.toHaveProperty('notEstablished');
  });
});
