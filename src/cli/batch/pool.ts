/**
 * A pool of conversion workers. Up to `jobs` worker threads (started by src/workers), started on demand and
 * reused for file after file (a worker pays the cost of loading the compiler and HyperFormula once); each
 * calls the pipeline's `convert` in its own thread. Each task runs under a wall-clock timeout and each worker
 * under a heap limit; a worker that times out, runs out of memory or crashes is terminated and replaced, and
 * its task answers `RESOURCE_LIMIT`. No task's fate touches another's.
 *
 * When the jobs fill every core, the workers are child processes running V8 single-threaded instead
 * (`workerKind`): a conversion in a thread keeps about 1.3 cores busy, its own and V8's helper threads
 * (parallel and concurrent garbage collection, background compilation), which a lone job gets for free from
 * an idle core; with every core taken by a job those helpers only compete with the other jobs. Measured on
 * this project's 2-core machine (50 copies of the 1k wide bench workbook, `/usr/bin/time`, idle, two runs
 * each): `--jobs 2` in threads 12.2 s (23.0 s of CPU), in single-threaded processes 10.1-10.2 s (19.8-20.0 s);
 * `--jobs 1` in a thread 14.1-14.7 s, the whole process single-threaded 17.7 s, so one job keeps its thread. A process's messages cross as structured
 * clones (a workbook's bytes from stdin included).
 */
import { availableParallelism } from 'node:os';
import {
  endError,
  entryModule,
  startWorker,
  type WorkerHandle,
  type WorkerKind,
} from '../../pipeline/light.js';
import type { ConversionResult, PipelineOptions } from '../../pipeline/index.js';
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
  /** Threads or processes; default `workerKind(jobs)`. */
  kind?: WorkerKind;
}

/** The workers' kind for `jobs` jobs on `cores` cores (see the header): processes once the jobs fill them. */
export function workerKind(jobs: number, cores = availableParallelism()): WorkerKind {
  return jobs >= 2 && jobs >= cores ? 'process' : 'thread';
}

export interface PoolTask {
  path?: string;
  bytes?: Uint8Array;
  options: PipelineOptions;
  /** Called when a worker takes the task. */
  onStart?: () => void;
}

/** What became of one task: the converter's answer, or why there is none. */
export type PoolOutcome =
  | { kind: 'result'; result: ConversionResult; ms: number }
  | { kind: 'error'; code: 'READ_FAILED' | 'INTERNAL_ERROR' | 'RESOURCE_LIMIT'; message: string; ms: number };

/** The module the workers load `convert` from by default: the pipeline's index. */
export const DEFAULT_CONVERTER_URL = entryModule(import.meta.url, '../../pipeline/index').href;

interface Pending {
  id: number;
  task: PoolTask;
  resolve: (o: PoolOutcome) => void;
}

interface Slot {
  worker: WorkerHandle;
  ready: boolean;
  current?: { pending: Pending; started: number; timer: NodeJS.Timeout | undefined };
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
    const kind = this.options.kind ?? workerKind(this.options.jobs);
    const worker = startWorker({
      entry: entryModule(import.meta.url, './worker'),
      kind,
      data: boot,
      maxHeapMb: this.options.maxHeapMb,
      ...(kind === 'process' ? { execArgv: ['--single-threaded'], serialization: 'advanced' as const } : {}),
    });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.onMessage((m) => this.onMessage(slot, m as WorkerMessage));
    void worker.ended.then((end) => {
      if (!end.killed) this.onDeath(slot, endError('The conversion', end, this.options.maxHeapMb).message);
    });
  }

  private dispatch(slot: Slot, pending: Pending): void {
    // An unbounded budget (Infinity: the command line's default) starts no clock.
    const timer = Number.isFinite(this.options.timeoutMs)
      ? setTimeout(() => {
          this.fail(slot, 'RESOURCE_LIMIT', `timed out after ${formatSeconds(this.options.timeoutMs)}`);
        }, this.options.timeoutMs)
      : undefined;
    slot.current = { pending, started: performance.now(), timer };
    const { path, bytes, options } = pending.task;
    const message: TaskMessage = { id: pending.id, path, bytes, options };
    slot.worker.post(message);
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

  /** A worker that ended by itself (an exit, a crash, out of memory). */
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
    await slot.worker.kill();
  }
}

function errorOutcome(
  code: 'READ_FAILED' | 'INTERNAL_ERROR' | 'RESOURCE_LIMIT',
  message: string,
  ms: number,
): PoolOutcome {
  return { kind: 'error', code, message, ms };
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10}s`;
}
