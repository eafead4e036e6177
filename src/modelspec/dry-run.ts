/**
 * `dryRun`: one isolated run of a spec with sample mutations, returning the merged state and a change
 * summary: every leaf whose value differs from the starting state (seed or given state), by concrete
 * canonical path, capped so a 100,000-row table gives a readable answer.
 */
import { formatPath, type PathSegment } from './paths.js';
import { type RunOptions, type RunResult, runModel, seedState } from './runtime.js';
import type { ModelSpec } from './types.js';

export interface Change {
  path: string;
  /** Absent when the value was missing before. */
  before?: unknown;
  /** Absent when the value is missing after. */
  after?: unknown;
}

export type DryRunResult = RunResult & { changes: Change[]; changesOmitted: number };

const MAX_CHANGES = 1000;

function diff(a: unknown, b: unknown, path: PathSegment[], out: Change[], counter: { n: number }): void {
  const obj = (v: unknown) => typeof v === 'object' && v !== null;
  if (obj(a) && obj(b) && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++)
        diff(a[i], b[i], [...path, { index: i }], out, counter);
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
        );
    }
    return;
  }
  if (a === b || (obj(a) && obj(b) && JSON.stringify(a) === JSON.stringify(b))) return;
  counter.n++;
  if (out.length < MAX_CHANGES) {
    const c: Change = { path: formatPath(path) };
    if (a !== undefined) c.before = a;
    if (b !== undefined) c.after = b;
    out.push(c);
  }
}

/** In this thread, without limits: the sandbox task. */
export async function dryRunInProcess(spec: ModelSpec, options: RunOptions = {}): Promise<DryRunResult> {
  const start = options.state ?? (await seedState(spec));
  const result = await runModel(spec, { ...options, state: start });
  const changes: Change[] = [];
  const counter = { n: 0 };
  if (result.ok) diff(start, result.state, [], changes, counter);
  return { ...result, changes, changesOmitted: counter.n - changes.length };
}
