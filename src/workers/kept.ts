/**
 * `KeptWorker`: one worker started ahead of its jobs and kept between them, so a job finds its modules loaded
 * and its code compiled by the jobs before it. Jobs run one at a time, each under its own wall-clock budget
 * and the worker's heap limit, with `runWorker`'s failures (src/workers/run.ts): over the time budget, a
 * cancelled signal, out of heap or stack, a crash. Every failure kills the worker (its state is not trusted
 * after it); so does `kill()`. The owner starts a new one (src/pipeline/warm.ts).
 *
 * The worker's side: say `{type: 'ready'}` once loaded, then answer each posted request.
 */
import { cancelled, endError, overTime } from './run.js';
import { type StartOptions, startWorker, type WorkerEnd, type WorkerHandle } from './start.js';

export interface KeptOptions extends StartOptions {
  /** What the jobs are called in messages, e.g. `The conversion`. */
  name: string;
  /** How long loading may take, ms (default 30,000). */
  loadTimeoutMs?: number;
}

export interface KeptJob<T> {
  request: unknown;
  /** Buffers moved (not copied) with the request. */
  transfer?: ArrayBuffer[];
  /** The job's wall-clock budget, ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Reads one message: `{value}` answers the job; `undefined` waits for more; a throw fails it. */
  answer(message: unknown): { value: T } | undefined;
}

const DEFAULT_LOAD_TIMEOUT_MS = 30_000;

interface Running {
  answer(message: unknown): void;
  fail(e: unknown): void;
}

export class KeptWorker {
  /** Resolves true once the worker has loaded, false when it failed to load or was killed first. */
  readonly ready: Promise<boolean>;
  readonly ended: Promise<WorkerEnd>;
  /** Jobs answered so far. */
  jobs = 0;
  private readonly handle: WorkerHandle;
  private loaded = false;
  private dead = false;
  private running?: Running;

  constructor(private readonly options: KeptOptions) {
    this.handle = startWorker({ ...options, signal: undefined });
    this.ended = this.handle.ended;
    let onReady: (ok: boolean) => void = () => {};
    this.ready = new Promise((resolve) => {
      onReady = resolve;
    });
    const loadTimer = setTimeout(() => void this.kill(), options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS);
    this.handle.onMessage((m) => {
      if (!this.loaded) {
        if ((m as { type?: unknown } | null)?.type !== 'ready') return;
        this.loaded = true;
        clearTimeout(loadTimer);
        onReady(true);
        return;
      }
      this.running?.answer(m);
    });
    void this.ended.then((end) => {
      this.dead = true;
      clearTimeout(loadTimer);
      onReady(false);
      this.running?.fail(endError(options.name, end, options.maxHeapMb));
    });
  }

  /** Started and alive, not loaded yet. */
  get loading(): boolean {
    return !this.loaded && !this.dead;
  }

  /** Loaded, alive and not running a job. */
  get idle(): boolean {
    return this.loaded && !this.dead && this.running === undefined;
  }

  /** Runs one job; the worker must be `idle`. A failure kills the worker (see the header). */
  run<T>(job: KeptJob<T>): Promise<T> {
    if (!this.idle) return Promise.reject(new Error(`${this.options.name}: the kept worker is not idle`));
    const { name } = this.options;
    // Settles once the worker has ended, as every failure here does.
    if (job.signal?.aborted) return this.kill().then(() => Promise.reject(cancelled(name)));
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (outcome: () => void, failed: boolean) => {
        if (this.running !== running) return;
        this.running = undefined;
        clearTimeout(timer);
        job.signal?.removeEventListener('abort', onAbort);
        if (!failed) {
          this.jobs++;
          outcome();
        } else void this.kill().then(outcome);
      };
      const running: Running = {
        answer: (m) => {
          // Why the try: this runs in an event handler, where a throw would be uncaught.
          try {
            const answered = job.answer(m);
            if (answered) settle(() => resolve(answered.value), false);
          } catch (e) {
            settle(() => reject(e), true);
          }
        },
        fail: (e) => settle(() => reject(e), true),
      };
      const onAbort = () => running.fail(cancelled(name));
      this.running = running;
      job.signal?.addEventListener('abort', onAbort, { once: true });
      const ms = job.timeoutMs;
      if (ms !== undefined) {
        timer = setTimeout(() => running.fail(overTime(name, ms)), ms);
      }
      this.handle.post(job.request, job.transfer);
    });
  }

  /** Ends the worker now; resolves once it has ended. */
  async kill(): Promise<void> {
    this.dead = true;
    await this.handle.kill();
  }
}
