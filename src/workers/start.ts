/**
 * `startWorker`: the one way sheetspec starts a worker, as a worker thread or as a child Node process, from
 * compiled dist/ or from TypeScript source, under a heap limit, ended at once when a signal aborts.
 *
 * Why two kinds: a thread shares the process (cheap to start, bytes cross as transferred buffers), but a thread
 * that runs out of heap inside some builtins hits V8's fatal out-of-memory handler, which aborts the whole
 * process; a child process confines that (src/sandbox runs agents' expressions in one). Both answer to the same
 * handle: post a message, listen, kill, and `ended`, which says how the worker ended.
 *
 * From TypeScript source (vitest, tsx) the entry module is a `.ts` file. A child process gets
 * `--import` of tsx's loader (by URL). A thread does not: on Node 20 tsx 4 installs its hooks only on the main thread (it checks
 * `isMainThread`), so `execArgv: ['--import', 'tsx']` fails in a worker with ERR_UNKNOWN_FILE_EXTENSION; an
 * eval bootstrap registers tsx's ESM hooks inside the thread and then imports the entry. From dist/ the `.js`
 * entry is started as it is.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

export type WorkerKind = 'thread' | 'process';

export interface StartOptions {
  /** The entry module (see `entryModule`). */
  entry: URL;
  kind: WorkerKind;
  /**
   * The worker's input at start (`workerInput()` in it): a thread's `workerData`, a process's first argument
   * (as JSON). Thread only: buffers moved (not copied) with it.
   */
  data?: unknown;
  transfer?: ArrayBuffer[];
  /** V8 old-generation heap limit, MB. */
  maxHeapMb?: number;
  /** Thread only: further resource limits (young generation, stack). */
  resourceLimits?: ResourceLimits;
  /** Process only: further Node/V8 flags (`--single-threaded`). */
  execArgv?: string[];
  /**
   * Process only: how messages cross, `json` (default) or `advanced` (the structured clone, which keeps
   * typed arrays such as a workbook's bytes).
   */
  serialization?: 'json' | 'advanced';
  /** Kills the worker when aborted. */
  signal?: AbortSignal;
}

/** How a worker ended: its exit, the error it raised first (thread), the tail of its stderr (process). */
export interface WorkerEnd {
  kind: WorkerKind;
  exitCode: number | null;
  signal?: string;
  error?: Error & { code?: string };
  stderr?: string;
  /** Ended by `kill()` (or the signal), not by itself. */
  killed: boolean;
}

export interface WorkerHandle {
  readonly kind: WorkerKind;
  /** Sends a message (a process gets it as JSON; `transfer` applies to threads). */
  post(message: unknown, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Ends the worker now (terminate, or SIGKILL); resolves once it has ended. */
  kill(): Promise<WorkerEnd>;
  /** Resolves when the worker has ended, for whatever reason. Never rejects. */
  readonly ended: Promise<WorkerEnd>;
}

/** Last characters of a child's stderr kept for the diagnosis of a crash. */
const STDERR_TAIL = 4000;

/**
 * Workers started here that have not ended yet. Why module state: it is the process's own (the children it has
 * running), which a server's health check and the tests read; nothing else is shared between calls.
 */
const live = new Set<WorkerHandle>();

/** How many workers and child processes started by `startWorker` are still running. */
export function liveWorkers(): number {
  return live.size;
}

/**
 * The entry module `name` beside the calling module, with the caller's own extension: `.ts` from source,
 * `.js` from dist/. Call as `entryModule(import.meta.url, './worker')`.
 */
export function entryModule(callerUrl: string, name: string): URL {
  const own = new URL(`${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
  if (!BUNDLED) return own;
  // In dist/bundle/ every module's `import.meta.url` is still its own file's in dist/ (scripts/bundle.ts), this
  // one's too, so the entry's path below dist/ names its bundle.
  const dist = new URL('../', import.meta.url);
  return new URL(`bundle/${bundleFileName(own.href.slice(dist.href.length))}`, dist);
}

/**
 * Whether this module runs from dist/bundle/: scripts/bundle.ts defines `SHEETSPEC_BUNDLED` there. A bundled
 * module starts bundled workers, an unbundled one (dist/, or the TypeScript source) the modules beside it.
 */
declare const SHEETSPEC_BUNDLED: boolean | undefined;
const BUNDLED = typeof SHEETSPEC_BUNDLED !== 'undefined' && SHEETSPEC_BUNDLED;

/** The file in dist/bundle/ of the module at `relative` below dist/: `pipeline/convert-worker.js` → `pipeline.convert-worker.js`. */
export function bundleFileName(relative: string): string {
  return relative.split('/').join('.');
}

function fromSource(entry: URL): boolean {
  return entry.pathname.endsWith('.ts');
}

/** Starts a worker. Throws only when it cannot be started at all. */
export function startWorker(options: StartOptions): WorkerHandle {
  const handle = options.kind === 'thread' ? startThread(options) : startProcess(options);
  live.add(handle);
  void handle.ended.then(() => live.delete(handle));
  const { signal } = options;
  if (signal) {
    const onAbort = () => void handle.kill();
    if (signal.aborted) onAbort();
    else {
      signal.addEventListener('abort', onAbort, { once: true });
      void handle.ended.then(() => signal.removeEventListener('abort', onAbort));
    }
  }
  return handle;
}

/**
 * Whether the process was started with `--input-type` (a `node --input-type=module -e "..."` script using the
 * library). A thread inherits the process's Node options, and Node refuses that one in a thread started from a
 * file ("--input-type can only be used with string input"), so such a thread is started from a string that
 * imports the file. Why not a thread's own option list: given explicitly, a V8 option in it (`--max-old-space-size`,
 * `--trace-gc`) is refused as well, where inherited it is not.
 */
function inputTypeGiven(): boolean {
  return process.execArgv.some((a) => a === '--input-type' || a.startsWith('--input-type='));
}

function startThread(options: StartOptions): WorkerHandle {
  const resourceLimits: ResourceLimits = {
    ...options.resourceLimits,
    ...(options.maxHeapMb !== undefined ? { maxOldGenerationSizeMb: options.maxHeapMb } : {}),
  };
  const init = { workerData: options.data, transferList: options.transfer, resourceLimits };
  const worker = fromSource(options.entry)
    ? new Worker(tsxBootstrap(options.entry.href), { ...init, eval: true })
    : inputTypeGiven()
      ? new Worker(`import(${JSON.stringify(options.entry.href)});`, { ...init, eval: true })
      : new Worker(options.entry, init);
  let error: (Error & { code?: string }) | undefined;
  let killed = false;
  // The first error is the cause; a late one from a terminating worker must not become an uncaught one.
  worker.on('error', (e) => {
    error ??= e;
  });
  const ended = new Promise<WorkerEnd>((resolve) =>
    worker.once('exit', (exitCode) => resolve({ kind: 'thread', exitCode, error, killed })),
  );
  return {
    kind: 'thread',
    post: (message, transfer) => worker.postMessage(message, transfer),
    onMessage: (listener) => void worker.on('message', listener),
    kill: () => {
      killed = true;
      void worker.terminate();
      return ended;
    },
    ended,
  };
}

function startProcess(options: StartOptions): WorkerHandle {
  const execArgv = [
    // By URL: a bare `tsx` would be resolved from the child's working folder, which may be anywhere.
    ...(fromSource(options.entry) ? ['--import', tsxLoader()] : []),
    ...(options.maxHeapMb !== undefined ? [`--max-old-space-size=${options.maxHeapMb}`] : []),
    ...(options.execArgv ?? []),
  ];
  const args = options.data !== undefined ? [JSON.stringify(options.data)] : [];
  const child: ChildProcess = fork(fileURLToPath(options.entry), args, {
    execArgv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: options.serialization ?? 'json',
  });
  let stderr = '';
  let error: Error | undefined;
  let killed = false;
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString('utf8')).slice(-STDERR_TAIL);
  });
  const ended = new Promise<WorkerEnd>((resolve) => {
    const end = (exitCode: number | null, signal: string | null) =>
      resolve({
        kind: 'process',
        exitCode,
        ...(signal ? { signal } : {}),
        ...(error ? { error } : {}),
        stderr,
        killed,
      });
    child.once('exit', end);
    // A process that never started has no 'exit' to wait for.
    child.on('error', (e) => {
      error ??= e;
      if (child.pid === undefined) end(null, null);
    });
  });
  return {
    kind: 'process',
    post: (message) => {
      if (child.connected) child.send(message as object);
    },
    onMessage: (listener) => void child.on('message', listener),
    kill: () => {
      killed = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return ended;
    },
    ended,
  };
}

/** tsx's `--import` loader, as a file URL. */
function tsxLoader(): string {
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return pathToFileURL(path.join(tsxDir, 'dist/loader.mjs')).href;
}

/** Source for an eval worker that registers tsx's ESM hooks and then loads the `.ts` entry module. */

function tsxBootstrap(entryUrl: string): string {
  // tsx's ESM `register()`; its CommonJS twin mis-resolves its hooks file when called from an eval worker.
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entryUrl)}); });`;
}
