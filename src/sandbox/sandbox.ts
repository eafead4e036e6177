/**
 * `runInSandbox(task, payload, limits)`: runs one named task function (tasks.ts) in a fresh child Node
 * process with a wall-clock limit (the process is killed when it runs over, which also stops a runaway regex
 * in the middle of a match), a V8 heap limit (`--max-old-space-size`), a result-size limit and an input-size
 * limit. One process per call: nothing is shared between calls.
 *
 * Why a child process and not a worker thread with `resourceLimits`: measured on Node 20, a worker that runs
 * out of heap inside a builtin (`$pad("x", 100000000)` then `JSON.parse` of the result) hits V8's fatal
 * out-of-memory handler, which aborts the whole process, parent included. A child process confines that abort.
 * The cost is a spawn per call (~60 ms compiled, more under tsx), acceptable per tool call.
 *
 * A task's own error comes back as a SandboxError with the task's code (`err.code`) and data.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Code, CodedError as SandboxError } from '../codes/index.js';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits.js';

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
/** Last characters of the child's stderr kept for the diagnosis of a crash. */
const STDERR_TAIL = 4000;

function spawn(limits: SandboxLimits): ChildProcess {
  const fromSource = import.meta.url.endsWith('.ts');
  // From TypeScript source (vitest, tsx) the child needs the tsx loader; compiled dist/ needs none.
  const entry = fileURLToPath(new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url));
  return fork(entry, [], {
    execArgv: [...(fromSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${limits.maxHeapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
}

/** Runs `task` (a name in the worker's task table) on `payload` under `limits`. */
export function runInSandbox<T = unknown>(
  task: string,
  payload: unknown,
  limits: Partial<SandboxLimits> = {},
): Promise<T> {
  const l: SandboxLimits = { ...DEFAULT_LIMITS, ...limits };
  let input: string;
  try {
    input = JSON.stringify(payload) ?? 'null';
  } catch (e) {
    return Promise.reject(
      new SandboxError('INPUT_INVALID', `input is not JSON-serialisable: ${(e as Error).message}`),
    );
  }
  if (input.length > l.maxInputChars) {
    return Promise.reject(
      new SandboxError(
        'INPUT_TOO_LARGE',
        `input of ${input.length} characters is over the limit of ${l.maxInputChars}`,
        {
          size: input.length,
          limit: l.maxInputChars,
        },
      ),
    );
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let stderr = '';
    const child = spawn(l);
    child.stderr?.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString('utf8')).slice(-STDERR_TAIL);
    });
    let timer: NodeJS.Timeout;
    const finish = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    timer = setTimeout(
      () =>
        finish(() => reject(new SandboxError('WORKER_FAILED', `${task}: the sandbox process did not start`))),
      LOAD_TIMEOUT_MS,
    );
    child.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') {
        // The task's clock starts when the child has loaded: loading is our cost, not the task's.
        clearTimeout(timer);
        timer = setTimeout(
          () =>
            finish(() =>
              reject(
                new SandboxError('TIMEOUT', `${task}: over the time limit of ${l.timeoutMs} ms`, {
                  limitMs: l.timeoutMs,
                }),
              ),
            ),
          l.timeoutMs,
        );
        const request: WorkerRequest = { task, input, maxResultChars: l.maxResultChars };
        child.send(request);
        return;
      }
      finish(() => {
        if (reply.ok) resolve(JSON.parse(reply.json) as T);
        else {
          const { code, message, data } = reply.error;
          reject(new SandboxError(code ?? 'TASK_FAILED', message, data));
        }
      });
    });
    child.on('error', (e) =>
      finish(() => reject(new SandboxError('WORKER_FAILED', `${task}: ${e.message}`))),
    );
    child.on('exit', (code, signal) => {
      finish(() => {
        if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr)) {
          reject(
            new SandboxError('RESOURCE_LIMIT', `${task}: over the memory limit of ${l.maxHeapMb} MB`, {
              budget: 'heap',
              limitMb: l.maxHeapMb,
            }),
          );
        } else if (/Maximum call stack/i.test(stderr)) {
          reject(new SandboxError('RESOURCE_LIMIT', `${task}: stack exhausted`, { budget: 'stack' }));
        } else {
          reject(
            new SandboxError(
              'WORKER_FAILED',
              `${task}: sandbox process ended (${signal ?? `code ${code}`}) without answering`,
              {
                stderr: stderr.slice(-500),
              },
            ),
          );
        }
      });
    });
  });
}
