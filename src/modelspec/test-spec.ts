/**
 * `testSpec`: runs a spec's embedded tests (or ad-hoc `{given, expect}` cases), each in a fresh run on the
 * seeded state with `given` applied as mutations. `expect` is keyed by canonical path; numbers compare
 * exactly (no tolerance: the bar is Excel-exact), or with `"compare": "excel15"` both rounded to 15
 * significant digits first (what Excel stores and shows, so a workbook's cached values can be expectations
 * as they are); an expected `null` matches null or a missing value; an expected `{"$meta": {...}}` asserts
 * meta values at that path instead of its value. A path with `[*]` compares the list of all its values.
 * Whatever a test expects, the computed document must satisfy the spec's schema: each path where a derived
 * value does not is a failure coded `DERIVED_SCHEMA_VIOLATION`.
 *
 * The not-established value (src/workbook/values.ts) is counted apart, never as an answer: an expected path
 * holding it is a failure coded `NOT_ESTABLISHED` (with its reason), the schema is not asked about it (it is
 * no Excel value, so no field's type describes it), every path holding it is listed in the case's
 * `notEstablished`, and a case that fails only so counts in the report's `notEstablished`, not in `failed`.
 */
import { CodedError } from '../codes/index.js';
import { round15 } from '../workbook/precision.js';
import { isNotEstablished, type NotEstablishedAt } from '../workbook/values.js';
import { findNotEstablished } from './not-established.js';
import { getAll, parsePath } from './paths.js';
import { runModel, type SchemaViolation } from './runtime.js';
import type { ModelSpec, SpecTest, TestCompare } from './types.js';

export interface TestFailure {
  path: string;
  expected: unknown;
  actual: unknown;
  /**
   * `DERIVED_SCHEMA_VIOLATION` for a derived value the schema does not allow (with its keyword and message);
   * `NOT_ESTABLISHED` for an expected path holding the not-established value (its reason in `message`).
   */
  code?: 'DERIVED_SCHEMA_VIOLATION' | 'NOT_ESTABLISHED';
  keyword?: string;
  message?: string;
}

export interface TestCaseResult {
  description?: string;
  ok: boolean;
  failures: TestFailure[];
  /** The paths of the computed document holding the not-established value (the first 100), when any. */
  notEstablished?: NotEstablishedAt[];
}

export interface TestReport {
  passed: number;
  /** Cases with a failure other than a not-established value. */
  failed: number;
  /** Cases that did not pass only because an expected path holds the not-established value. */
  notEstablished: number;
  results: TestCaseResult[];
}

function sameNumber(expected: number, actual: unknown, compare: TestCompare): boolean {
  if (typeof actual !== 'number') return false;
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  return compare === 'excel15' ? round15(expected) === round15(actual) : expected === actual;
}

/**
 * Comparison with the blank rule (expected null matches null or missing, at any depth); numbers exactly or,
 * with `excel15`, at 15 significant digits.
 */
export function matches(expected: unknown, actual: unknown, compare: TestCompare = 'exact'): boolean {
  if (expected === null) return actual === null || actual === undefined;
  if (typeof expected === 'number') return sameNumber(expected, actual, compare);
  if (typeof expected !== 'object') return expected === actual;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(e, actual[i], compare))
    );
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  for (const k of Object.keys(e))
    if (!matches(e[k], Object.hasOwn(a, k) ? a[k] : undefined, compare)) return false;
  for (const k of Object.keys(a)) if (!Object.hasOwn(e, k) && a[k] !== undefined) return false;
  return true;
}

function isMetaAssertion(v: unknown): v is { $meta: Record<string, unknown> } {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && '$meta' in v
  );
}

async function runCase(spec: ModelSpec, c: SpecTest): Promise<TestCaseResult> {
  const result = await runModel(spec, { mutations: c.given ?? {}, checkDerived: true });
  const compare = c.compare ?? 'exact';
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
        if (!matches(want, got, compare))
          failures.push({ path: `${path}#${prop}`, expected: want, actual: got ?? null });
      }
      continue;
    }
    const segs = parsePath(path);
    const values = getAll(result.state, segs);
    const actual = segs.some((s) => 'all' in s) ? values : values[0];
    if (matches(expected, actual, compare)) continue;
    const unknown = (Array.isArray(actual) ? actual : [actual]).find(isNotEstablished);
    failures.push({
      path,
      expected,
      actual: actual === undefined ? null : actual,
      ...(unknown ? { code: 'NOT_ESTABLISHED' as const, message: unknown.notEstablished } : {}),
    });
  }
  const derived = (result.derivedViolations ?? []).map((v) => derivedFailure(v, result.state));
  failures.push(...derived.filter((f) => !isNotEstablished(f.actual)));
  const found = findNotEstablished(result.state);
  return {
    ...base,
    ok: failures.length === 0,
    failures,
    ...(found.count > 0 ? { notEstablished: found.at } : {}),
  };
}

/** A failed case whose every failure is an expected path holding the not-established value. */
function onlyNotEstablished(r: TestCaseResult): boolean {
  return !r.ok && r.failures.every((f) => f.code === 'NOT_ESTABLISHED');
}

function derivedFailure(v: SchemaViolation, state: Record<string, unknown>): TestFailure {
  let actual: unknown;
  try {
    [actual] = getAll(state, parsePath(v.path));
  } catch {
    // A key the canonical form cannot carry (a backquote): the path still names it.
  }
  return {
    path: v.path,
    code: 'DERIVED_SCHEMA_VIOLATION',
    keyword: v.keyword,
    message: v.message,
    expected: 'a value valid against the schema',
    actual: actual === undefined ? null : actual,
  };
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
  const notEstablished = results.filter(onlyNotEstablished).length;
  return { passed, failed: results.length - passed - notEstablished, notEstablished, results };
}
