/**
 * src/workers/code-cache.ts: a body runs as CommonJS with its code cache when the cache is for these bytes and
 * V8 takes it, and runs as well without one (missing, for other bytes, refused by V8, or turned off); the
 * cache is written only when asked, once, and never over one already there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheFileOf, codeCacheCheckpoint, runCached } from '../../src/workers/code-cache.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sheetspec-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.SHEETSPEC_CODE_CACHE;
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('sheetspec.codeCache.write')];
});

const seen = globalThis as { codeCacheSeen?: unknown[] };

/** A body that records its CommonJS arguments and a value, so a test sees that it ran, and which version. */
function body(name: string, value: string): string {
  const file = path.join(dir, `${name}.cjs`);
  writeFileSync(
    file,
    `const path = require('node:path');
function twice(x) { return x + x; }
module.exports.value = ${JSON.stringify(value)};
globalThis.codeCacheSeen.push([twice(${JSON.stringify(value)}), path.basename(__filename), path.basename(__dirname), typeof exports]);
`,
  );
  return file;
}

function run(file: string) {
  seen.codeCacheSeen = [];
  const status = runCached(file);
  return { status, ran: seen.codeCacheSeen };
}

/**
 * Writes each body's cache as the build does (loaded with `write`, then the first job's checkpoint), in another
 * process: V8 keeps what this one compiled, and would not read a cache for a source it has compiled already.
 */
function writeCachesFor(files: string[]): void {
  const loader = pathToFileURL(path.resolve(import.meta.dirname, '../../src/workers/code-cache.ts')).href;
  const script = `globalThis.codeCacheSeen = [];
const { runCached, codeCacheCheckpoint } = await import(${JSON.stringify(loader)});
for (const file of ${JSON.stringify(files)}) {
  delete globalThis[Symbol.for('sheetspec.codeCache.write')];
  if (runCached(file) !== 'off') throw new Error('not loaded to write');
  codeCacheCheckpoint();
}`;
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, SHEETSPEC_CODE_CACHE: 'write' },
  });
}

const files = {
  same: body('same', 'cd'),
  changed: body('changed', 'ef'),
  damaged: body('damaged', 'ij'),
  off: body('off', 'kl'),
  once: body('once', 'mn'),
};
beforeAll(() => writeCachesFor(Object.values(files)));

describe('runCached', () => {
  it('runs a body as CommonJS (require, __filename, __dirname, exports) with no cache there', () => {
    const file = body('plain', 'ab');
    expect(run(file)).toEqual({
      status: 'absent',
      ran: [['abab', 'plain.cjs', path.basename(dir), 'object']],
    });
  });

  it('uses the cache written for the same bytes', () => {
    const file = files.same;
    expect(readFileSync(cacheFileOf(file), 'latin1')).toMatch(
      /^sheetspec-code-cache 1 sha256:[0-9a-f]{64}\n/,
    );
    expect(run(file)).toEqual({ status: 'used', ran: [['cdcd', 'same.cjs', path.basename(dir), 'object']] });
  });

  it('ignores a cache written for other bytes of the same length, and runs the new code', () => {
    const file = files.changed;
    body('changed', 'gh');
    expect(run(file)).toEqual({
      status: 'stale',
      ran: [['ghgh', 'changed.cjs', path.basename(dir), 'object']],
    });
  });

  it('runs the body when V8 refuses the cache (its data damaged)', () => {
    const file = files.damaged;
    const raw = readFileSync(cacheFileOf(file));
    const header = raw.indexOf(0x0a) + 1;
    writeFileSync(
      cacheFileOf(file),
      Buffer.concat([raw.subarray(0, header), Buffer.alloc(raw.length - header, 7)]),
    );
    expect(run(file)).toEqual({
      status: 'rejected',
      ran: [['ijij', 'damaged.cjs', path.basename(dir), 'object']],
    });
  });

  it('reads no cache when turned off', () => {
    const file = files.off;
    process.env.SHEETSPEC_CODE_CACHE = 'off';
    expect(run(file).status).toBe('off');
  });

  it('writes once, and never over a cache already there', () => {
    const file = files.once;
    const first = readFileSync(cacheFileOf(file));
    process.env.SHEETSPEC_CODE_CACHE = 'write';
    run(file);
    codeCacheCheckpoint();
    codeCacheCheckpoint();
    expect(readFileSync(cacheFileOf(file)).equals(first)).toBe(true);
  });

  it('a cache that cannot be written fails nothing: the checkpoint returns, and says why on stderr', () => {
    const sub = path.join(dir, 'gone');
    mkdirSync(sub);
    const file = path.join(sub, 'gone.cjs');
    writeFileSync(file, 'globalThis.codeCacheSeen.push("ran");\n');
    const loader = pathToFileURL(path.resolve(import.meta.dirname, '../../src/workers/code-cache.ts')).href;
    const script = `globalThis.codeCacheSeen = [];
const { rmSync } = await import('node:fs');
const { runCached, codeCacheCheckpoint } = await import(${JSON.stringify(loader)});
runCached(${JSON.stringify(file)});
rmSync(${JSON.stringify(sub)}, { recursive: true });
codeCacheCheckpoint();
console.log(globalThis.codeCacheSeen.join(), 'returned');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, SHEETSPEC_CODE_CACHE: 'write' },
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('ran returned');
    expect(run.stderr).toMatch(/^sheetspec: code cache gone\.cjs: not written: /m);
  });

  it('writes nothing at a checkpoint unless the body was loaded to write', () => {
    const file = body('nowrite', 'op');
    run(file);
    codeCacheCheckpoint();
    expect(() => readFileSync(cacheFileOf(file))).toThrow();
  });
});
