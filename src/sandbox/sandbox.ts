/**
 * `runInSandbox({module, task}, payload, limits, signal)`: runs one task function of a task module the caller
 * names (a module URL whose `TASKS` export maps names to functions of a JSON payload, e.g.
 * src/authoring/tasks.ts) in a fresh child Node process (started by src/workers) with a wall-clock limit (the process is killed when it runs over, which
 * also stops a runaway regex in the middle of a match), a V8 heap limit (`--max-old-space-size`), a
 * result-size limit and an input-size limit. One process per call: nothing is shared between calls. An aborted
 * signal kills the process at once (`CANCELLED`).
 *
 * Why a child process and not a worker thread with `resourceLimits`: measured on Node 20, a worker that runs
 * out of heap inside a builtin (`$pad("x", 100000000)` then `JSON.parse` of the result) hits V8's fatal
 * out-of-memory handler, which aborts the whole process, parent included. A child process confines that abort.
 * The cost is a spawn per call (~60 ms compiled, more under tsx), acceptable per tool call.
 *
 * A task's own error comes back as a CodedError with the task's code (`err.code`) and data. The sandbox's
 * wall-clock limit keeps its public code `TIMEOUT`; a heap, stack or crash ends in `RESOURCE_LIMIT` with
 * `data.budget`.
 */
import { type Code, CodedError } from '../codes/index.js';
import { entryModule, runWorker } from '../workers/index.js';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits.js';

/**
 * What to run: a module, loaded by the child before its clock starts, and the name of a task in its `TASKS`
 * export. The sandbox knows no task of its own: what runs is the caller's.
 */
export interface SandboxJob {
  /** The task module's URL (`entryModule(import.meta.url, './tasks')`: source or dist/ alike). */
  module: URL;
  task: string;
}

/** What the child process starts with: the task module to load before it says `ready`. */
export interface WorkerStart {
  module: string;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'done'; ok: true; json: string }
  | {
      type: 'done';
      ok: false;
      error: { name: string; code?: Code; message: string; data?: Record<string, unknown> };
    };

export interface WorkerRequest {
  task: string;
  input: string;
  maxResultChars: number;
}

/** How long the child may take to load its modules (under tsx it compiles them first). */
const LOAD_TIMEOUT_MS = 20_000;

/** Runs `job.task` of `job.module` on `payload` under `limits`; `signal` cancels it. */
export async function runInSandbox<T = unknown>(
  job: SandboxJob,
  payload: unknown,
  limits: Partial<SandboxLimits> = {},
  signal?: AbortSignal,
): Promise<T> {
  const l: SandboxLimits = { ...DEFAULT_LIMITS, ...limits };
  const input = serialise(payload, l.maxInputChars);
  const request: WorkerRequest = { task: job.task, input, maxResultChars: l.maxResultChars };
  try {
    return await runWorker<T>({
      name: `The sandbox task ${job.task}`,
      entry: entryModule(import.meta.url, './worker'),
      kind: 'process',
      data: { module: job.module.href } satisfies WorkerStart,
      maxHeapMb: l.maxHeapMb,
      ready: true,
      loadTimeoutMs: LOAD_TIMEOUT_MS,
      timeoutMs: l.timeoutMs,
      request,
      signal,
      answer: (m) => {
        const reply = m as WorkerReply;
        if (reply.type !== 'done') return undefined;
        if (reply.ok) return { value: JSON.parse(reply.json) as T };
        const { code, message, data } = reply.error;
        throw new CodedError(code ?? 'TASK_FAILED', message, data);
      },
    });
  } catch (e) {
    throw sandboxError(e);
  }
}

function serialise(payload: unknown, maxInputChars: number): string {
  let input: string;
  try {
    input = JSON.stringify(payload) ?? 'null';
  } catch (e) {
    throw new CodedError('INPUT_INVALID', `input is not JSON-serialisable: ${(e as Error).message}`);
  }
  if (input.length > maxInputChars) {
    throw new CodedError(
      'INPUT_TOO_LARGE',
      `input of ${input.length} characters is over the limit of ${maxInputChars}`,
      { size: input.length, limit: maxInputChars },
    );
  }
  return input;
}

/** The worker's coded errors as the sandbox's; the time budget keeps the sandbox's own code, `TIMEOUT`. */
function sandboxError(e: unknown): unknown {
  if (!(e instanceof CodedError) || !(e.code === 'RESOURCE_LIMIT' && e.data?.budget === 'time')) return e;
  return new CodedError('TIMEOUT', e.message, e.data);
}
