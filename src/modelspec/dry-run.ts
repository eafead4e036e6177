/**
 * `dryRun`: one isolated run of a spec with sample mutations, returning the merged state and a change
 * summary: every leaf whose value differs from the state before the mutations, by concrete canonical path,
 * capped so a 100,000-row table gives a readable answer.
 *
 * "Before" is the starting state (the seed, or the given state) COMPUTED: the spec is run once on it without
 * the mutations, so its derived values are in place and a change list names what the mutations changed,
 * not every derived value the seed lacks. The run with the mutations starts from that computed state, so
 * `derivedUpdated` means the same thing. (When the starting state itself violates the schema or a
 * constraint, "before" is the starting state as given.)
 *
 * A mutation path may start with `$const` (`$const.commissionRate`, `$const.rates[0]`, or `$const` for
 * the whole object): it overrides that constant for the run, and the change list shows it under that path
 * before the document's changes.
 *
 * Values that are the not-established value (src/workbook/values.ts: Excel's answer for the case the row
 * meets is not established) are counted apart in `notEstablished`, with their paths and reasons, wherever
 * they are in the resulting document (also outside `paths`): they are no answers.
 */
import { CodedError } from '../codes/index.js';
import { formatPath, getAll, type PathSegment, parsePath, setPath } from './paths.js';
import { findNotEstablished, type NotEstablishedFound } from './not-established.js';
import { type RunOptions, type RunResult, runModel, seedState } from './runtime.js';
import type { ModelSpec } from './types.js';

export interface Change {
  path: string;
  /** Absent when the value was missing before. */
  before?: unknown;
  /** Absent when the value is missing after. */
  after?: unknown;
}

export type DryRunResult = RunResult & {
  changes: Change[];
  changesOmitted: number;
  /** With `paths`: each path's values after the run (a path with `[*]` gives one per row). */
  values?: Record<string, unknown[]>;
  /** The resulting document's not-established values (counted; the first 100 with path and reason), when any. */
  notEstablished?: NotEstablishedFound;
};

/** What bounds a dry run's answer on a large document. */
export interface DryRunOptions extends RunOptions {
  /**
   * Canonical paths (`[*]` allowed, `$.items[*].total`, `$.sumTotal`): only changes at or under them are
   * listed, their values come back in `values`, and the whole `state` is left out.
   */
  paths?: string[];
  /** Leave the resulting `state` out: the changes (and `values`) are the answer. */
  changesOnly?: boolean;
}

type Keep = (path: readonly PathSegment[]) => boolean;

const MAX_CHANGES = 1000;

function diff(
  a: unknown,
  b: unknown,
  path: PathSegment[],
  out: Change[],
  counter: { n: number },
  keep: Keep = () => true,
): void {
  const obj = (v: unknown) => typeof v === 'object' && v !== null;
  if (obj(a) && obj(b) && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++)
        diff(a[i], b[i], [...path, { index: i }], out, counter, keep);
    } else {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const k of keys)
        diff(
          Object.hasOwn(x, k) ? x[k] : undefined,
          Object.hasOwn(y, k) ? y[k] : undefined,
          [...path, { key: k }],
          out,
          counter,
          keep,
        );
    }
    return;
  }
  if (a === b || (obj(a) && obj(b) && JSON.stringify(a) === JSON.stringify(b))) return;
  if (!keep(path)) return;
  counter.n++;
  if (out.length < MAX_CHANGES) {
    const c: Change = { path: formatPath(path) };
    if (a !== undefined) c.before = a;
    if (b !== undefined) c.after = b;
    out.push(c);
  }
}

const CONST_PATH = /^\$const(?=$|[.[])/;

/** The mutations split into the document's and the constants' (with `$const` read as `$`). */
function splitMutations(mutations: Record<string, unknown>): {
  document: Record<string, unknown>;
  constants: Array<[PathSegment[], unknown]>;
} {
  const document: Record<string, unknown> = {};
  const constants: Array<[PathSegment[], unknown]> = [];
  for (const [path, value] of Object.entries(mutations)) {
    if (CONST_PATH.test(path)) constants.push([parsePath(path.replace(CONST_PATH, '$')), value]);
    else document[path] = value;
  }
  return { document, constants };
}

/** The spec's constants with the overrides applied (a copy; the spec is not changed). */
function overrideConstants(
  constants: Record<string, unknown>,
  overrides: Array<[PathSegment[], unknown]>,
): Record<string, unknown> {
  let out = structuredClone(constants);
  for (const [segs, value] of overrides) {
    if (segs.length > 0) setPath(out, segs, structuredClone(value));
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      out = structuredClone(value as Record<string, unknown>);
    else throw new CodedError('INVALID_MUTATION', 'a mutation of "$const" must be an object');
  }
  return out;
}

/** Whether a leaf's path lies at or under one of the patterns (`[*]` matches any index). */
function under(patterns: readonly PathSegment[][]): Keep {
  const same = (p: PathSegment, s: PathSegment) =>
    'key' in p
      ? 'key' in s && s.key === p.key
      : 'index' in p
        ? 'index' in s && s.index === p.index
        : 'index' in s;
  return (path) => patterns.some((p) => p.length <= path.length && p.every((seg, i) => same(seg, path[i]!)));
}

/** In this thread, without limits: the sandbox task. */
export async function dryRunInProcess(spec: ModelSpec, options: DryRunOptions = {}): Promise<DryRunResult> {
  const patterns = options.paths?.map((p) => parsePath(p));
  const { document, constants } = splitMutations(options.mutations ?? {});
  const start = options.state ?? (await seedState(spec));
  const baseline = await runModel(spec, { state: start });
  const before = baseline.ok ? baseline.state : start;
  const oldConstants = spec.constants ?? {};
  const newConstants = constants.length > 0 ? overrideConstants(oldConstants, constants) : oldConstants;
  const run = constants.length > 0 ? { ...spec, constants: newConstants } : spec;
  const result = await runModel(run, { state: before, mutations: document });
  const changes: Change[] = [];
  const counter = { n: 0 };
  if (result.ok) {
    diff(oldConstants, newConstants, [], changes, counter);
    for (const c of changes) c.path = c.path.replace(/^\$/, '$const');
    diff(before, result.state, [], changes, counter, patterns ? under(patterns) : undefined);
  }
  const out: DryRunResult = { ...result, changes, changesOmitted: counter.n - changes.length };
  const unknown = result.ok ? findNotEstablished(result.state) : undefined;
  if (unknown && unknown.count > 0) out.notEstablished = unknown;
  if (patterns && result.ok) {
    out.values = {};
    patterns.forEach((segs, i) => {
      out.values![options.paths![i]!] = getAll(result.state, segs);
    });
  }
  if (patterns || options.changesOnly) delete (out as { state?: unknown }).state;
  return out;
}
