/**
 * The batch runner end to end, in-process, with the workers loading a test double of `convert`
 * (fake-converter.ts) chosen by file name: so a slow, failing, hanging or crashing workbook can sit among
 * good ones. The real compiler is exercised by check.full.test.ts and cli-process.full.test.ts.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BatchCliOptions, type CliIO, runConvertBatch } from '../../src/cli/batch/command.js';
import type { FileResult } from '../../src/cli/batch/result.js';
import { workerKind } from '../../src/cli/batch/pool.js';

const converterUrl = new URL('./fake-converter.ts', import.meta.url).href;
let dir: string;

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], opts: BatchCliOptions = {}, stdin?: Uint8Array): Promise<Captured> {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  out.on('data', (c: Buffer) => chunks.out.push(c));
  err.on('data', (c: Buffer) => chunks.err.push(c));
  const io: CliIO = {
    stdout: out,
    stderr: err,
    stdin: Readable.from(stdin ? [Buffer.from(stdin)] : []),
    env: {},
    cwd: dir,
  };
  // Threads unless a test asks for processes: the pool's own choice depends on the machine's cores.
  const code = await runConvertBatch(args, { converterUrl, jobs: 3, workerKind: 'thread', ...opts }, io);
  return { code, stdout: Buffer.concat(chunks.out).toString(), stderr: Buffer.concat(chunks.err).toString() };
}

/** The mixed folder's outcomes, in input order, whichever kind of worker converts it. */
const MIXED_OUTCOMES = [
  ['mixed/1-good.xlsx', true, undefined],
  ['mixed/2-refuse.xlsx', false, 'NO_TABLE'],
  ['mixed/3-throw.xlsx', false, 'INTERNAL_ERROR'],
  ['mixed/4-good.xlsx', true, undefined],
];

async function touch(rel: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), 'workbook bytes');
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-batch-'));
  // Earlier files are slower, so they finish last: the output must still come in input order.
  for (const f of ['good/a-slow600.xlsx', 'good/b-slow300.xlsx', 'good/c.xlsx', 'good/sub/d.xlsx'])
    await touch(f);
  for (const f of ['mixed/1-good.xlsx', 'mixed/2-refuse.xlsx', 'mixed/3-throw.xlsx', 'mixed/4-good.xlsx']) {
    await touch(f);
  }
  for (const f of ['limits/1-hang.xlsx', 'limits/2-exit.xlsx', 'limits/3-good.xlsx']) await touch(f);
  await touch('warn/w-warn.xlsx');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sheetspec convert (batch)', () => {
  it('converts a folder, mirrors it under -o and reports in input order whatever the finishing order', async () => {
    const r = await run(['good'], { output: 'out', ndjson: true });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as FileResult);
    expect(lines.map((l) => l.file)).toEqual([
      'good/a-slow600.xlsx',
      'good/b-slow300.xlsx',
      'good/c.xlsx',
      'good/sub/d.xlsx',
    ]);
    expect(lines[3]).toMatchObject({
      valid: true,
      output: path.join(dir, 'out/sub/d.spec.json'),
      compiled: 1,
      refused: {},
      verification: { cellsChecked: 4, matched: 4, disagreements: 0 },
    });
    const spec = JSON.parse(await readFile(path.join(dir, 'out/sub/d.spec.json'), 'utf8'));
    expect(spec.id).toBe('d');
    expect(r.stderr).toMatch(/^file +result +compiled +refused +verified +time$/m);
    expect(r.stderr).toContain('4 files: 4 converted, 0 failed');
  });

  it('writes beside the input without -o', async () => {
    const r = await run(['good/c.xlsx', 'good/sub'], { quiet: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(await readFile(path.join(dir, 'good/sub/d.spec.json'), 'utf8')).id).toBe('d');
  });

  it('reports a broken workbook among good ones, converts the others and exits 1', async () => {
    const r = await run(['mixed'], { output: 'out-mixed', json: true });
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results.map((x) => [x.file, x.valid, x.reason])).toEqual(MIXED_OUTCOMES);
    expect(results[1]).toMatchObject({ output: null, error: 'no header row found', verification: null });
    expect(r.stderr).toContain('sheetspec: mixed/2-refuse.xlsx: NO_TABLE: no header row found\n');
    expect(r.stderr).toContain('sheetspec: mixed/3-throw.xlsx: INTERNAL_ERROR: converter bug\n');
    await expect(readFile(path.join(dir, 'out-mixed/4-good.spec.json'), 'utf8')).resolves.toContain('"id"');
    await expect(readFile(path.join(dir, 'out-mixed/2-refuse.spec.json'), 'utf8')).rejects.toThrow();
    expect(r.stderr).toMatch(/^mixed\/2-refuse\.xlsx +NO_TABLE +- +0 +- /m);
  });

  it('answers RESOURCE_LIMIT for a hung or crashed worker, and the rest still convert', async () => {
    const r = await run(['limits'], { json: true, jobs: 2, timeout: 2, quiet: true });
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results.map((x) => x.reason ?? 'ok')).toEqual(['RESOURCE_LIMIT', 'RESOURCE_LIMIT', 'ok']);
    expect(results[0]!.error).toMatch(/timed out/);
    expect(r.stderr).toContain('sheetspec: limits/1-hang.xlsx: RESOURCE_LIMIT:');
  });

  it('exits 0 with refusals and warnings, 1 under --strict, naming each on stderr', async () => {
    const plain = await run(['warn'], { quiet: true });
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('');
    const strict = await run(['warn'], { quiet: true, strict: true });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('sheetspec: warn/w-warn.xlsx: VOLATILE_FUNCTION: column E');
    expect(strict.stderr).toContain('sheetspec: warn/w-warn.xlsx: SEED_OMITTED: a warning');
  });

  it('shows refusals by reason in the summary', async () => {
    const r = await run(['warn']);
    // The count in the row, the reasons on the line under it (so the table fits 100 columns).
    expect(r.stdout).toMatch(/^warn\/w-warn\.xlsx +ok +1 +1 +4\/4 +\S+\n {4}refused: VOLATILE_FUNCTION 1$/m);
  });

  it('reads one workbook from stdin and writes the spec to stdout', async () => {
    const r = await run(['-'], { modelId: 'piped', sheet: 'Data' }, new Uint8Array([1, 2, 3, 4, 5]));
    expect(r.code).toBe(0);
    const spec = JSON.parse(r.stdout);
    expect(spec).toMatchObject({ id: 'piped', schema: { bytes: 5, sheet: 'Data' } });
  });

  it('exits 2 on usage errors', async () => {
    const cases: Array<[string[], BatchCliOptions]> = [
      [[], {}],
      [['nope'], {}],
      [['good'], { json: true, ndjson: true }],
      [['good'], { jobs: '0' }],
      [['-', 'good'], {}],
      [['-'], { json: true }],
      [['good'], { modelId: 'one' }],
    ];
    for (const [args, opts] of cases) {
      const r = await run(args, opts);
      expect(r.code, JSON.stringify([args, opts])).toBe(2);
      expect(r.stderr).toMatch(/^sheetspec: /);
    }
  });
});

describe('sheetspec convert (batch) in child processes, as when the jobs fill every core', () => {
  const inProcesses: BatchCliOptions = { workerKind: 'process' };

  it("is the pool's choice once the jobs fill the cores, and only then", () => {
    expect([
      workerKind(1, 1),
      workerKind(1, 2),
      workerKind(2, 2),
      workerKind(3, 2),
      workerKind(2, 4),
    ]).toEqual(['thread', 'thread', 'process', 'process', 'thread']);
  });

  it('reports in input order, a broken file among good ones, and converts the others', async () => {
    const r = await run(['mixed'], { ...inProcesses, json: true, quiet: true });
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results.map((x) => [x.file, x.valid, x.reason])).toEqual(MIXED_OUTCOMES);
  });

  it('answers RESOURCE_LIMIT for a hung or exited worker process, and the rest still convert', async () => {
    const r = await run(['limits'], { ...inProcesses, json: true, jobs: 2, timeout: 2, quiet: true });
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results.map((x) => x.reason ?? 'ok')).toEqual(['RESOURCE_LIMIT', 'RESOURCE_LIMIT', 'ok']);
    expect(results[0]!.error).toMatch(/timed out/);
  });

  it('passes the bytes read from stdin to the worker process whole', async () => {
    const bytes = new Uint8Array([0, 255, 1, 2, 3, 128]);
    const r = await run(['-'], { ...inProcesses, modelId: 'piped' }, bytes);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'piped', schema: { bytes: 6 } });
  });
});
