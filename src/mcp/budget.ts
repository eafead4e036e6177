/**
 * The process budget: how many tool calls may run at once in this server process and how much sandbox heap
 * they may hold together, over every transport and every per-request server (HTTP builds a server per POST;
 * they all share the one budget `startHttpServer` or `runStdioServer` made).
 *
 * A call asks for a lease of its sandbox's heap (`callHeapMb`: the conversion worker and its oracle thread,
 * or one sandbox process, or nothing for the in-process tools). It runs at once when it fits, else waits in a
 * FIFO queue for at most `queueMs`; a full queue, an expired wait or a cancelled call is a `BusyError`
 * (stdio answers a coded tool error `BUSY`, HTTP a 503 with Retry-After). Strict FIFO, so a large call is not
 * starved by small ones behind it. A call larger than the whole heap budget counts as the whole budget: it runs alone.
 *
 * The lease is released by whoever ran the work, once the work's promise has settled (not when the client
 * went away), so `running` counts the calls whose sandboxes may still be alive.
 */
import { DEFAULT_CONVERT_BUDGET } from '../pipeline/light.js';
import { AUTHORING_LIMITS } from '../authoring/light.js';

export interface BudgetLimits {
  /** Tool calls running at once (default 4). */
  maxConcurrent: number;
  /** Sandbox heap, MB, the running calls may hold together (default 4,096). */
  maxMemoryMb: number;
  /** Longest wait in the queue before a call is refused, ms (default 5,000). */
  queueMs: number;
  /** Calls waiting at most (default 4 × maxConcurrent). */
  maxQueued: number;
}

export const DEFAULT_BUDGET: Readonly<Omit<BudgetLimits, 'maxQueued'>> = Object.freeze({
  maxConcurrent: 4,
  maxMemoryMb: 4096,
  queueMs: 5000,
});

/**
 * Heap a tool's sandbox may grow to, MB. The conversion runs in a worker and its oracle in a thread of that
 * worker, each with the conversion's heap limit; the authoring tools and translate_formula run in one sandbox
 * process each; the others compute in the server's own thread from data already loaded.
 */
export function callHeapMb(tool: string): number {
  switch (tool) {
    case 'convert_spreadsheet':
      return 2 * DEFAULT_CONVERT_BUDGET.maxHeapMb;
    case 'validate_spec':
    case 'eval_expression':
    case 'test_spec':
    case 'dry_run':
    case 'translate_formula':
      return AUTHORING_LIMITS.maxHeapMb;
    default:
      return 0;
  }
}

/** Why a call was not admitted: `queue-full`, `timeout` (waited `queueMs`) or `cancelled`. */
export type BusyReason = 'queue-full' | 'timeout' | 'cancelled';

/** A call the budget could not admit. `code` is `BUSY` (stable API); retry after `retryAfterSeconds`. */
export class BusyError extends Error {
  readonly code = 'BUSY';
  constructor(
    readonly reason: BusyReason,
    readonly retryAfterSeconds: number,
    readonly data: { running: number; queued: number; heapMb: number },
  ) {
    super(
      reason === 'cancelled'
        ? 'The call was cancelled while waiting for the server.'
        : `Server busy: ${data.running} calls running and ${data.queued} waiting; retry in ${retryAfterSeconds} s.`,
    );
    this.name = 'BusyError';
  }
}

/** Held while a call runs; `release()` is idempotent. */
export interface Lease {
  readonly heapMb: number;
  release(): void;
}

/** What a tool dispatcher needs from a budget (a `ProcessBudget`, or one holding a lease already taken). */
export interface CallBudget {
  acquire(heapMb: number, signal?: AbortSignal): Promise<Lease>;
}

export interface BudgetStatus {
  running: number;
  queued: number;
  heapMb: number;
  maxConcurrent: number;
  maxMemoryMb: number;
}

interface Waiter {
  heapMb: number;
  admit(): void;
}

export class ProcessBudget implements CallBudget {
  readonly limits: BudgetLimits;
  private running = 0;
  private heapMb = 0;
  private readonly queue: Waiter[] = [];

  constructor(limits: Partial<BudgetLimits> = {}) {
    const maxConcurrent = Math.max(1, Math.floor(limits.maxConcurrent ?? DEFAULT_BUDGET.maxConcurrent));
    this.limits = {
      maxConcurrent,
      maxMemoryMb: Math.max(1, limits.maxMemoryMb ?? DEFAULT_BUDGET.maxMemoryMb),
      queueMs: Math.max(0, limits.queueMs ?? DEFAULT_BUDGET.queueMs),
      maxQueued: Math.max(0, Math.floor(limits.maxQueued ?? 4 * maxConcurrent)),
    };
  }

  status(): BudgetStatus {
    return {
      running: this.running,
      queued: this.queue.length,
      heapMb: this.heapMb,
      maxConcurrent: this.limits.maxConcurrent,
      maxMemoryMb: this.limits.maxMemoryMb,
    };
  }

  /** A lease of `heapMb` now, after a wait in the queue, or a `BusyError`. */
  acquire(heapMb: number, signal?: AbortSignal): Promise<Lease> {
    const heap = Math.max(0, Math.min(heapMb, this.limits.maxMemoryMb));
    if (signal?.aborted) return Promise.reject(this.busy('cancelled'));
    if (this.queue.length === 0 && this.fits(heap)) return Promise.resolve(this.take(heap));
    if (this.queue.length >= this.limits.maxQueued || this.limits.queueMs === 0) {
      return Promise.reject(this.busy('queue-full'));
    }
    return new Promise<Lease>((resolve, reject) => {
      const leave = (error: BusyError) => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
        this.pump(); // the head may have been the one blocking the others
      };
      const onAbort = () => leave(this.busy('cancelled'));
      const waiter: Waiter = {
        heapMb: heap,
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.take(heap));
        },
      };
      const timer = setTimeout(() => leave(this.busy('timeout')), this.limits.queueMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private fits(heap: number): boolean {
    return this.running < this.limits.maxConcurrent && this.heapMb + heap <= this.limits.maxMemoryMb;
  }

  private take(heap: number): Lease {
    this.running++;
    this.heapMb += heap;
    let released = false;
    return {
      heapMb: heap,
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        this.heapMb -= heap;
        this.pump();
      },
    };
  }

  private pump(): void {
    while (this.queue.length > 0 && this.fits(this.queue[0]!.heapMb)) this.queue.shift()!.admit();
  }

  private busy(reason: BusyReason): BusyError {
    const retry = Math.max(1, Math.ceil(this.limits.queueMs / 1000));
    return new BusyError(reason, retry, {
      running: this.running,
      queued: this.queue.length,
      heapMb: this.heapMb,
    });
  }
}

/**
 * A budget whose first `acquire` returns `lease`, taken earlier (the HTTP transport takes it before answering,
 * so that "busy" can still be a 503); later ones go to `budget`. `releaseUnclaimed()` frees the lease when no
 * call ever claimed it (the request failed before running a tool).
 */
export class HeldLease implements CallBudget {
  private held: Lease | undefined;
  constructor(
    private readonly budget: CallBudget,
    lease: Lease,
  ) {
    this.held = lease;
  }

  acquire(heapMb: number, signal?: AbortSignal): Promise<Lease> {
    const lease = this.held;
    this.held = undefined;
    return lease ? Promise.resolve(lease) : this.budget.acquire(heapMb, signal);
  }

  releaseUnclaimed(): void {
    this.held?.release();
    this.held = undefined;
  }
}
