/**
 * A pool of conversion workers. Up to `jobs` worker threads, started on demand and reused for file after file
 * (a worker pays the cost of loading the compiler and HyperFormula once). Each task runs under a wall-clock
 * timeout and each worker under a heap limit (`resourceLimits`); a worker that times out, runs out of memory
 * or crashes is terminated and replaced, and its task answers `RESOURCE_LIMIT`. No task's fate touches
 * another's.
 *
 * Running from TypeScript source (vitest, tsx) the worker is a `.ts` file, which Node cannot load by itself.
 * The usual `execArgv: ['--import', 'tsx']` does not work on Node 20: tsx 4 installs its hooks only on the
 * main thread there (it checks `isMainThread` unless Node has `isInternalThread`), so the worker fails with
 * ERR_UNKNOWN_FILE_EXTENSION. Instead a two-line bootstrap calls tsx's `register()` inside the worker and
 * then imports the worker module. From compiled dist/ the `.js` worker is started directly.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ConversionResult, ConvertOptions } from '../../compiler/types.js';
import type { TaskMessage, WorkerBoot, WorkerMessage } from './protocol.js';

export interface PoolOptions {
  /** Most workers at once (≥ 1). */
  jobs: number;
  /** Wall-clock limit per file, in milliseconds. */
  timeoutMs: number;
  /** Heap limit per worker (`maxOldGenerationSizeMb`). */
  maxHeapMb: number;
  /** Module exporting `convert(bytes, options)`; default the sheetspec library. Tests pass a double. */
  converterUrl?: string;
}

export interface PoolTask {
  path?: string;
  bytes?: Uint8Array;
  options: ConvertOptions;
  /** Called when a worker takes the task. */
  onStart?: () => void;
}

/** What became of one task: the converter's answer, or why there is none. */
export type PoolOutcome =
  | { kind: 'result'; result: ConversionResult; ms: number }
  | { kind: 'error'; code: 'READ_FAILED' | 'INTERNAL_ERROR' | 'RESOURCE_LIMIT'; message: string; ms: number };

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const EXT = FROM_SOURCE ? '.ts' : '.js';

/** The module the workers load `convert` from by default: the compiler's index. */
export const DEFAULT_CONVERTER_URL = new URL(`../../compiler/index${EXT}`, import.meta.url).href;
const WORKER_URL = new URL(`./worker${EXT}`, import.meta.url);

interface Pending {
  id: number;
  task: PoolTask;
  resolve: (o: PoolOutcome) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  current?: { pending: Pending; started: number; timer: NodeJS.Timeout };
}

export class ConversionPool {
  private readonly queue: Pending[] = [];
  private readonly slots = new Set<Slot>();
  private nextId = 0;
  private closed = false;
  /** Set when a worker dies before it is ready: the worker module itself is broken, so stop spawning. */
  private bootError?: string;

  constructor(private readonly options: PoolOptions) {
    if (!(options.jobs >= 1)) throw new RangeError('jobs must be at least 1');
  }

  /** Converts one workbook on some worker. Never rejects: every failure is an outcome. */
  run(task: PoolTask): Promise<PoolOutcome> {
    if (this.closed) return Promise.reject(new Error('pool is closed'));
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, task, resolve });
      this.pump();
    });
  }

  /** Terminates every worker. Tasks still queued answer `INTERNAL_ERROR`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.resolve(errorOutcome('INTERNAL_ERROR', 'pool closed', 0));
    await Promise.all([...this.slots].map((s) => this.retire(s)));
  }

  private pump(): void {
    if (this.bootError !== undefined) {
      for (const p of this.queue.splice(0)) p.resolve(errorOutcome('INTERNAL_ERROR', this.bootError, 0));
      return;
    }
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.ready && !slot.current) this.dispatch(slot, this.queue.shift()!);
    }
    // Start a new worker only for work that no starting worker will pick up.
    const starting = [...this.slots].filter((s) => !s.ready).length;
    let wanted = Math.min(this.queue.length - starting, this.options.jobs - this.slots.size);
    while (wanted-- > 0) this.spawn();
  }

  private spawn(): void {
    const boot: WorkerBoot = { converterUrl: this.options.converterUrl ?? DEFAULT_CONVERTER_URL };
    const resourceLimits = { maxOldGenerationSizeMb: this.options.maxHeapMb };
    const worker = FROM_SOURCE
      ? new Worker(tsxBootstrap(WORKER_URL.href), { eval: true, workerData: boot, resourceLimits })
      : new Worker(WORKER_URL, { workerData: boot, resourceLimits });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    worker.on('error', (e) => this.onDeath(slot, describeDeath(e)));
    worker.on('exit', (code) => this.onDeath(slot, `worker exited with code ${code}`));
  }

  private dispatch(slot: Slot, pending: Pending): void {
    const timer = setTimeout(() => {
      this.fail(slot, 'RESOURCE_LIMIT', `timed out after ${formatSeconds(this.options.timeoutMs)}`);
    }, this.options.timeoutMs);
    slot.current = { pending, started: performance.now(), timer };
    const { path, bytes, options } = pending.task;
    const message: TaskMessage = { id: pending.id, path, bytes, options };
    slot.worker.postMessage(message);
    pending.task.onStart?.();
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    if (m.type === 'ready') {
      slot.ready = true;
      this.pump();
      return;
    }
    const current = slot.current;
    if (!current || current.pending.id !== m.id) return;
    clearTimeout(current.timer);
    slot.current = undefined;
    current.pending.resolve(
      m.type === 'done'
        ? { kind: 'result', result: m.result, ms: m.ms }
        : errorOutcome(m.code, m.message, m.ms),
    );
    this.pump();
  }

  /** A worker's error or exit; the first of the two wins, the second finds the slot gone. */
  private onDeath(slot: Slot, why: string): void {
    if (!this.slots.has(slot)) return;
    if (!slot.ready && !slot.current && !this.closed) {
      this.slots.delete(slot);
      this.bootError = `conversion worker failed to start: ${why}`;
      this.pump();
      return;
    }
    this.fail(slot, 'RESOURCE_LIMIT', why);
  }

  /** Ends the slot's task with `code`, removes the worker and lets the pool replace it. */
  private fail(slot: Slot, code: 'RESOURCE_LIMIT', message: string): void {
    if (!this.slots.has(slot)) return;
    const current = slot.current;
    slot.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.pending.resolve(errorOutcome(code, message, performance.now() - current.started));
    }
    void this.retire(slot);
    if (!this.closed) this.pump();
  }

  private async retire(slot: Slot): Promise<void> {
    this.slots.delete(slot);
    if (slot.current) clearTimeout(slot.current.timer);
    slot.worker.removeAllListeners('message');
    // Keep a no-op error listener: a late 'error' from a terminating worker must not become an uncaught one.
    slot.worker.removeAllListeners('error').on('error', () => {});
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate();
  }
}

function errorOutcome(
  code: 'READ_FAILED' | 'INTERNAL_ERROR' | 'RESOURCE_LIMIT',
  message: string,
  ms: number,
): PoolOutcome {
  return { kind: 'error', code, message, ms };
}

function describeDeath(e: Error): string {
  const code = (e as { code?: string }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'ran out of memory (heap limit reached)';
  return `worker crashed: ${e.message}`;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10}s`;
}

/** Source for an eval worker that registers tsx's ESM hooks and then loads the `.ts` worker module. */
function tsxBootstrap(workerUrl: string): string {
  // tsx's ESM `register()`; its CommonJS twin mis-resolves its hooks file when called from an eval worker.
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); });`;
}
