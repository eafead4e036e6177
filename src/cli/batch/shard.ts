/**
 * `--shard K/N`: this run converts the K-th of N disjoint parts of the discovered workbooks, so N machines
 * (a CI matrix, a Kubernetes Indexed Job) share a batch with no coordinator.
 *
 * A workbook's part is `sha256(relative path) mod N`, the relative path being the one `-o` mirrors (from
 * the folder argument, a glob's fixed prefix, or the file's own folder; `/`-separated). So the split
 * depends on nothing but the path: not on the order files are found in, not on which other files exist
 * (adding a workbook never moves another one to a different part), and every machine computes the same
 * split from the same checkout wherever it is mounted.
 *
 * K counts from 1 (`--shard 1/4` … `--shard 4/4`, as GitHub's matrix and Jest write it). `--shard auto/N`
 * takes K from `JOB_COMPLETION_INDEX`, the 0-based index Kubernetes gives each pod of an Indexed Job
 * (index 0 is part 1).
 */
import { createHash } from 'node:crypto';
import type { BatchInput } from './discover.js';
import { UsageError } from './discover.js';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** `3/8`, or `auto/8` with `JOB_COMPLETION_INDEX` in `env`; throws {@link UsageError} otherwise. */
export function parseShard(text: string, env: NodeJS.ProcessEnv): Shard {
  const m = /^(auto|\d+)\/(\d+)$/.exec(text.trim());
  const count = m ? Number(m[2]) : Number.NaN;
  if (!m || !Number.isSafeInteger(count) || count < 1) {
    throw new UsageError(`--shard must be K/N (1 ≤ K ≤ N) or auto/N, got "${text}"`);
  }
  let index: number;
  if (m[1] === 'auto') {
    const raw = env.JOB_COMPLETION_INDEX;
    if (raw === undefined || !/^\d+$/.test(raw)) {
      throw new UsageError(
        `--shard auto/${count} needs JOB_COMPLETION_INDEX (0-based, set by a Kubernetes Indexed Job), got ${raw === undefined ? 'none' : `"${raw}"`}`,
      );
    }
    index = Number(raw) + 1;
  } else index = Number(m[1]);
  if (index < 1 || index > count) {
    throw new UsageError(`--shard ${text}: the part must be 1..${count}, got ${index}`);
  }
  return { index, count };
}

/** The 1-based part of `count` a relative path belongs to. */
export function shardOf(relative: string, count: number): number {
  const digest = createHash('sha256').update(relative).digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

/** The positions (into `inputs`) of this shard's workbooks, in input order. */
export function shardPositions(inputs: readonly BatchInput[], shard: Shard): number[] {
  const out: number[] = [];
  inputs.forEach((input, i) => {
    if (shardOf(input.relative, shard.count) === shard.index) out.push(i);
  });
  return out;
}
