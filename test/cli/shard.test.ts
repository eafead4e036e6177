/** `--shard K/N`: the parts partition the discovered files exactly, by path alone. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIO, runConvertBatch } from '../../src/cli/batch/command.js';
import type { BatchInput } from '../../src/cli/batch/discover.js';
import type { FileResult } from '../../src/cli/batch/result.js';
import { parseShard, shardOf, shardPositions } from '../../src/cli/batch/shard.js';

const converterUrl = new URL('./fake-converter.ts', import.meta.url).href;

function inputs(names: string[]): BatchInput[] {
  return names.map((n) => ({ path: `/data/${n}`, display: n, relative: n }));
}

/** A deterministic shuffle (xorshift), so the test needs no randomness. */
function shuffled<T>(list: T[], seed: number): T[] {
  const out = [...list];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = Math.abs(x) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('shard selection', () => {
  const names = Array.from({ length: 500 }, (_, i) => `dept-${i % 7}/book-${i}.xlsx`);

  it.each([1, 2, 3, 4, 7, 16])('N = %i parts partition the set exactly, each about 1/N', (n) => {
    const all = inputs(names);
    const parts = Array.from({ length: n }, (_, k) =>
      shardPositions(all, { index: k + 1, count: n }).map((i) => all[i]!.relative),
    );
    const union = parts.flat();
    expect(union.sort()).toEqual([...names].sort());
    expect(new Set(union).size).toBe(names.length);
    for (const p of parts) expect(p.length).toBeGreaterThan(names.length / n / 2);
  });

  it('depends on the path, not the order or the other files', () => {
    const byName = (list: string[]) => new Map(list.map((name) => [name, shardOf(name, 5)] as const));
    const a = byName(names);
    const b = byName(shuffled(names, 42).slice(0, 200));
    for (const [name, part] of b) expect(part).toBe(a.get(name));
    const part = shardPositions(inputs(shuffled(names, 7)), { index: 2, count: 5 });
    expect(part.length).toBe([...a.values()].filter((k) => k === 2).length);
  });

  it('reads K/N, and auto/N from JOB_COMPLETION_INDEX (0-based)', () => {
    expect(parseShard('2/4', {})).toEqual({ index: 2, count: 4 });
    expect(parseShard('auto/4', { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 4 });
    expect(parseShard('auto/4', { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 4, count: 4 });
    for (const [text, env] of [
      ['0/4', {}],
      ['5/4', {}],
      ['1/0', {}],
      ['a/b', {}],
      ['auto/4', {}],
      ['auto/4', { JOB_COMPLETION_INDEX: '4' }],
      ['auto/4', { JOB_COMPLETION_INDEX: 'x' }],
    ] as const) {
      expect(() => parseShard(text, env), text).toThrow(/--shard/);
    }
  });
});

describe('convert --shard (batch, in-process with the fake converter)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-shard-'));
    for (let i = 0; i < 12; i++) {
      const file = path.join(dir, 'books', `g${i % 3}`, `b${i}.xlsx`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'workbook bytes');
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function ndjson(args: string[], shard?: string, env: NodeJS.ProcessEnv = {}) {
    const out = new PassThrough();
    const err = new PassThrough();
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    err.on('data', (c: Buffer) => errors.push(c));
    const io: CliIO = { stdout: out, stderr: err, stdin: Readable.from([]), env, cwd: dir };
    const code = await runConvertBatch(
      args,
      { converterUrl, jobs: 2, ndjson: true, quiet: true, output: 'out', ...(shard ? { shard } : {}) },
      io,
    );
    const text = Buffer.concat(chunks).toString();
    return { code, text, stderr: Buffer.concat(errors).toString() };
  }

  it('the --ndjson outputs of the 3 shards concatenate into the whole result', {
    timeout: 120_000,
  }, async () => {
    const whole = await ndjson(['books']);
    expect(whole.code).toBe(0);
    const parts = [];
    for (const k of [1, 2, 3]) parts.push(await ndjson(['books'], `${k}/3`));
    parts.push(await ndjson(['books'], 'auto/3', { JOB_COMPLETION_INDEX: '1' }));
    expect(parts.map((p) => p.code)).toEqual([0, 0, 0, 0]);
    const lines = (t: string) => t.split('\n').filter((l) => l !== '');
    const files = (t: string) => lines(t).map((l) => (JSON.parse(l) as FileResult).file);
    const concatenated = parts
      .slice(0, 3)
      .map((p) => p.text)
      .join('');
    expect(files(concatenated).sort()).toEqual(files(whole.text).sort());
    expect(files(whole.text)).toHaveLength(12);
    expect(files(parts[3]!.text)).toEqual(files(parts[1]!.text));
    const drop = (l: string) => ({ ...JSON.parse(l), ms: 0 });
    expect(lines(concatenated).map(drop).sort(byFile)).toEqual(lines(whole.text).map(drop).sort(byFile));
  });

  it('a bad --shard is a usage error', async () => {
    const r = await ndjson(['books'], '4/3');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--shard');
  });
});

function byFile(a: { file: string }, b: { file: string }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}
