/**
 * `testSpec`: runs a spec's embedded tests (or ad-hoc `{given, expect}` cases), each in a fresh run on the
 * seeded state with `given` applied as mutations. `expect` is keyed by canonical path; numbers compare
 * exactly (no tolerance: the bar is Excel-exact); an expected `null` matches null or a missing value; an
 * expected `{"$meta": {...}}` asserts meta values at that path instead of its value. A path with `[*]`
 * compares the list of all its values.
 */
import { CodedError } from '../codes/index.js';
import { getAll, parsePath } from './paths.js';
import { runModel } from './runtime.js';
import type { ModelSpec, SpecTest } from './types.js';

export interface TestFailure {
  path: string;
  expected: unknown;
  actual: unknown;
}

export interface TestCaseResult {
  description?: string;
  ok: boolean;
  failures: TestFailure[];
}

export interface TestReport {
  passed: number;
  failed: number;
  results: TestCaseResult[];
}

/** Exact comparison with the blank rule: expected null matches null or missing, at any depth. */
export function matches(expected: unknown, actual: unknown): boolean {
  if (expected === null) return actual === null || actual === undefined;
  if (typeof expected === 'number')
    return (
      typeof actual === 'number' && (expected === actual || (Number.isNaN(expected) && Number.isNaN(actual)))
    );
  if (typeof expected !== 'object') return expected === actual;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(e, actual[i]))
    );
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  for (const k of Object.keys(e)) if (!matches(e[k], Object.hasOwn(a, k) ? a[k] : undefined)) return false;
  for (const k of Object.keys(a)) if (!Object.hasOwn(e, k) && a[k] !== undefined) return false;
  return true;
}

function isMetaAssertion(v: unknown): v is { $meta: Record<string, unknown> } {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && '$meta' in v
  );
}

async function runCase(spec: ModelSpec, c: SpecTest): Promise<TestCaseResult> {
  const result = await runModel(spec, { mutations: c.given ?? {} });
  const base = c.description === undefined ? {} : { description: c.description };
  if (!result.ok) {
    return {
      ...base,
      ok: false,
      failures: [
        {
          path: '$',
          expected: 'a successful run',
          actual: { error: result.error, violations: result.violations },
        },
      ],
    };
  }
  const failures: TestFailure[] = [];
  for (const [path, expected] of Object.entries(c.expect ?? {})) {
    if (isMetaAssertion(expected)) {
      const meta = result.meta[path] ?? {};
      for (const [prop, want] of Object.entries(expected.$meta)) {
        const got = Object.hasOwn(meta, prop) ? meta[prop] : undefined;
        if (!matches(want, got))
          failures.push({ path: `${path}#${prop}`, expected: want, actual: got ?? null });
      }
      continue;
    }
    const segs = parsePath(path);
    const values = getAll(result.state, segs);
    const actual = segs.some((s) => 'all' in s) ? values : values[0];
    if (!matches(expected, actual))
      failures.push({ path, expected, actual: actual === undefined ? null : actual });
  }
  return { ...base, ok: failures.length === 0, failures };
}

/** In this thread, without limits: the sandbox task. */
export async function testSpecInProcess(spec: ModelSpec, cases?: SpecTest[]): Promise<TestReport> {
  const list = cases ?? spec.tests ?? [];
  const results: TestCaseResult[] = [];
  for (const c of list) {
    if (typeof c !== 'object' || c === null)
      throw new CodedError('INPUT_INVALID', 'a test case must be an object {given, expect}');
    results.push(await runCase(spec, c));
  }
  const passed = results.filter((r) => r.ok).length;
  return { passed, failed: results.length - passed, results };
}
