/**
 * A worker's code loaded with V8's code cache. Node 20 has no switch for one (`module.enableCompileCache`
 * arrived in Node 22), so the heavy workers of dist/bundle/ (the conversion's, the oracle's) are each one
 * CommonJS file, their packages inside, run here through `vm.Script` with the bytecode V8 saved from a
 * conversion at build time (scripts/bundle.ts). A thread then neither parses nor compiles the functions that
 * conversion ran: HyperFormula, JSONata, our own code. What it saves is in docs/performance.md.
 *
 * The cache is `<body>.cache` beside the body: a header line holding the SHA-256 of the body's bytes, then
 * V8's data. It is used only when the hash matches (V8's own check looks at the source's length, not its
 * text) and V8 accepts it (the same V8 version and flags); otherwise the body is compiled as it would be
 * without one, so a missing, stale or rejected cache costs speed, never correctness.
 *
 * `SHEETSPEC_CODE_CACHE` (an environment variable) changes this:
 * - `off`: no cache is read.
 * - `write`: no cache is read; at the first `codeCacheCheckpoint()` (a worker calls it once its first job is
 *   done, before answering) the body's cache is written, unless one is already there. The build does this. A
 *   cache that cannot be written is said on stderr, and the job's answer is unchanged.
 * - `report`: as by default, and one line on stderr per body loaded, saying whether its cache was used.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/**
 * The worker entries, below dist/, that scripts/bundle.ts builds as code-cached bodies: the ones whose start
 * is a conversion's cold cost (loading HyperFormula, JSONata and the pipeline).
 */
export const CODE_CACHED_ENTRIES = ['pipeline/convert-worker.js', 'oracle/oracle-worker.js'] as const;

/** What became of a body's cache: used, none there, written for another body, refused by V8, or not read. */
export type CodeCacheStatus = 'used' | 'absent' | 'stale' | 'rejected' | 'off';

const HEADER = 'sheetspec-code-cache 1 sha256:';
/** Where a loaded body leaves its writer: the body bundles its own copy of this module, so not a module variable. */
const WRITER = Symbol.for('sheetspec.codeCache.write');

type Mode = 'read' | 'off' | 'write' | 'report';

function mode(): Mode {
  const v = process.env.SHEETSPEC_CODE_CACHE;
  return v === 'off' || v === 'write' || v === 'report' ? v : 'read';
}

/** The cache file of the body at `bodyFile`. */
export function cacheFileOf(bodyFile: string): string {
  return `${bodyFile}.cache`;
}

/**
 * Runs the CommonJS file `body` in this thread as Node would run it, with its code cache when there is a
 * valid one; returns what became of the cache.
 */
export function runCached(body: URL | string): CodeCacheStatus {
  const file = typeof body === 'string' ? body : fileURLToPath(body);
  const bytes = readFileSync(file);
  const m = mode();
  const hash = createHash('sha256').update(bytes).digest('hex');
  const found = m === 'off' || m === 'write' ? undefined : readCache(cacheFileOf(file), hash);
  const script = new vm.Script(Module.wrap(bytes.toString('utf8')), {
    filename: file,
    cachedData: found?.data,
  });
  const status: CodeCacheStatus =
    m === 'off' || m === 'write'
      ? 'off'
      : found === undefined
        ? 'absent'
        : found.data === undefined
          ? 'stale'
          : script.cachedDataRejected
            ? 'rejected'
            : 'used';
  // Written at once to fd 2: a worker's process.stderr is asynchronous, and a worker ended right after its job
  // could lose the line.
  if (m === 'report') writeSync(2, `sheetspec: code cache ${path.basename(file)}: ${status}\n`);
  if (m === 'write') {
    let written = false;
    (globalThis as Record<symbol, unknown>)[WRITER] = () => {
      if (written) return;
      written = true;
      // Why caught: the job this follows has succeeded, and a cache is only ever speed. The build sees the
      // missing file and fails there.
      try {
        writeCache(cacheFileOf(file), hash, script.createCachedData());
      } catch (e) {
        writeSync(2, `sheetspec: code cache ${path.basename(file)}: not written: ${(e as Error).message}\n`);
      }
    };
  }
  const module = { exports: {}, filename: file, id: file, loaded: false };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  return status;
}

/**
 * Writes the running body's code cache, once, when `SHEETSPEC_CODE_CACHE=write` loaded it; else nothing. A
 * worker calls it when its first job is done, so the cache holds the functions that job compiled.
 */
export function codeCacheCheckpoint(): void {
  const write = (globalThis as Record<symbol, unknown>)[WRITER];
  if (typeof write === 'function') write();
}

/** The cache at `cacheFile`: undefined when there is none; `data` undefined when it is for other bytes. */
function readCache(cacheFile: string, hash: string): { data?: Buffer } | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const end = raw.indexOf(0x0a);
  if (end < 0 || raw.toString('latin1', 0, end) !== HEADER + hash) return {};
  return { data: raw.subarray(end + 1) };
}

/** Written beside, then renamed over: a reader sees the old file or the whole new one, never half of one. */
function writeCache(cacheFile: string, hash: string, data: Buffer): void {
  if (existsSync(cacheFile)) return; // already there: another thread or process of this build wrote it
  const tmp = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, Buffer.concat([Buffer.from(`${HEADER}${hash}\n`, 'latin1'), data]));
  renameSync(tmp, cacheFile);
}
