/**
 * `WarmConverter`: conversions in a conversion worker kept loaded between them (src/workers/kept.ts), for a
 * long-running process such as the MCP server. The worker is started with the converter, so the first
 * conversion finds HyperFormula, JSONata and the compiler loaded, and each later one also finds their
 * code compiled by the conversions before it: a 1,000-row workbook converts in about half the time of a fresh
 * worker (docs/performance-history.md).
 *
 * What a fresh worker per call guaranteed still holds where it matters: each conversion runs under the same
 * time and heap budgets, a conversion that runs over one, crashes or is cancelled kills the worker and the next
 * conversion starts a new one, and after `maxJobs` conversions the worker is retired and replaced at once, so
 * what the conversions leave behind cannot grow without bound. A conversion that
 * finds the worker loading waits for it (it is further along than a fresh worker); one that finds it busy or
 * dead, or asks for other budgets than the worker's, runs in a fresh worker as `convert(..., {isolation:
 * 'worker'})` does, so concurrent calls never wait for each other.
 */
import { KeptWorker } from '../workers/index.js';
import { convert, withFailureReport } from './convert.js';
import {
  budgetFailure,
  CONVERSION,
  CONVERT_WORKER,
  convertAnswer,
  convertJob,
  convertLimits,
} from './isolated.js';
import {
  type ConversionResult,
  type ConvertOptions,
  DEFAULT_CONVERT_BUDGET,
  throwIfCancelled,
} from './types.js';

export interface WarmOptions {
  /** Conversions per worker before it is replaced (default 50). */
  maxJobs?: number;
  /** The kept worker's heap limit, MB (default `DEFAULT_CONVERT_BUDGET.maxHeapMb`). */
  maxHeapMb?: number;
}

const DEFAULT_MAX_JOBS = 50;

export class WarmConverter {
  private worker?: KeptWorker;
  private closed = false;
  private broken = false;
  private readonly maxJobs: number;
  private readonly maxHeapMb: number;

  constructor(options: WarmOptions = {}) {
    this.maxJobs = options.maxJobs ?? DEFAULT_MAX_JOBS;
    this.maxHeapMb = options.maxHeapMb ?? DEFAULT_CONVERT_BUDGET.maxHeapMb;
    this.start();
  }

  /** Resolves once the kept worker is loaded (true), or failed to load (false). */
  ready(): Promise<boolean> {
    return this.worker?.ready ?? Promise.resolve(false);
  }

  /** `convert(bytes, {...options, isolation: 'worker'})`, on the kept worker when it is free (see the header). */
  async convert(bytes: Uint8Array, options: ConvertOptions = {}): Promise<ConversionResult> {
    throwIfCancelled(options.signal);
    if (this.worker === undefined) this.start();
    // Still loading: it is further along than a fresh worker would be.
    if (this.worker?.loading) await this.worker.ready;
    const worker = this.worker;
    const heap = options.maxHeapMb ?? DEFAULT_CONVERT_BUDGET.maxHeapMb;
    if (this.closed || !worker?.idle || heap !== this.maxHeapMb) {
      return convert(bytes, { ...options, isolation: 'worker' });
    }
    const { job, transfer, timeoutMs } = convertJob(bytes, options);
    options.onReady?.(0);
    try {
      const result = await worker.run({
        request: job,
        transfer,
        timeoutMs,
        signal: options.signal,
        answer: convertAnswer(options.onStage),
      });
      return withFailureReport(result, options);
    } catch (e) {
      return withFailureReport(budgetFailure(e), options);
    } finally {
      if (worker.idle && worker.jobs >= this.maxJobs) {
        void worker.kill();
        this.start();
      } else if (!worker.idle && this.worker === worker) this.worker = undefined;
    }
  }

  /** Ends the kept worker; later conversions each run in a fresh worker. */
  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.kill();
  }

  /**
   * A new kept worker in place of the current one (retired, or none). Why not at once after a failure: a
   * client that makes conversions fail over and over would keep the server loading workers; the next
   * conversion starts one instead (and waits for it: the cost of a fresh worker).
   */
  private start(): void {
    if (this.closed || this.broken) return;
    const worker = new KeptWorker({
      name: CONVERSION,
      entry: CONVERT_WORKER,
      kind: 'thread',
      maxHeapMb: this.maxHeapMb,
      resourceLimits: convertLimits(this.maxHeapMb),
    });
    this.worker = worker;
    // A worker that never loads (a broken install) is not tried again: fresh workers report why.
    void worker.ready.then((loaded) => {
      if (!loaded && !this.closed) this.broken = true;
    });
    void worker.ended.then(() => {
      if (this.worker === worker) this.worker = undefined;
    });
  }
}
