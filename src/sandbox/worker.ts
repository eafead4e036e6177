/**
 * The sandbox child process: loads the task module it was started with (its `TASKS` table), says `ready`,
 * receives one request, runs the named task and sends the result as JSON text (measured against the
 * result-size limit here, so a huge result never crosses the pipe), then exits.
 */
import { type Budget, type Code, codeMessage, isCode } from '../codes/index.js';
import { parentChannel, workerInput } from '../workers/index.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from './sandbox.js';

type Task = (payload: unknown) => unknown;

const parent = parentChannel();
const { module } = workerInput() as WorkerStart;
// Loaded before `ready`, so loading is not charged to the task's time budget.
const TASKS = ((await import(module)) as { TASKS?: Record<string, Task> }).TASKS ?? {};

function failure(e: unknown): WorkerReply {
  const err = e as { name?: string; code?: unknown; message?: string; data?: Record<string, unknown> };
  // A code outside the registry (a bug) is left to the parent's TASK_FAILED.
  let code: Code | undefined = isCode(err?.code) ? err.code : undefined;
  let budget: Budget | undefined;
  // V8's own overflow (deep recursion that the evaluator did not catch itself).
  if (e instanceof RangeError && /call stack/i.test(String(err.message))) {
    code = 'RESOURCE_LIMIT';
    budget = 'stack';
  }
  // JSON.stringify of a result too big for one string.
  if (e instanceof RangeError && /string length/i.test(String(err.message))) code = 'RESULT_TOO_LARGE';
  let data: Record<string, unknown> | undefined;
  try {
    data = err?.data === undefined ? undefined : JSON.parse(JSON.stringify(err.data));
  } catch {
    data = undefined;
  }
  if (budget !== undefined) data = { ...data, budget };
  return {
    type: 'done',
    ok: false,
    error: { name: err?.name ?? 'Error', code, message: err?.message ?? String(e), data },
  };
}

async function handle(req: WorkerRequest): Promise<WorkerReply> {
  const fn = Object.hasOwn(TASKS, req.task) ? TASKS[req.task] : undefined;
  if (typeof fn !== 'function')
    return failure({ code: 'UNKNOWN_TASK', message: codeMessage('UNKNOWN_TASK', { task: req.task }) });
  try {
    const result = await fn(JSON.parse(req.input));
    const json = JSON.stringify(result === undefined ? null : result);
    if (json.length > req.maxResultChars) {
      return failure({
        code: 'RESULT_TOO_LARGE',
        message: codeMessage('RESULT_TOO_LARGE', { size: json.length, limit: req.maxResultChars }),
        data: { size: json.length, limit: req.maxResultChars },
      });
    }
    return { type: 'done', ok: true, json };
  } catch (e) {
    return failure(e);
  }
}

let answered = false;
parent.onMessage(async (req) => {
  if (answered) return;
  answered = true;
  await parent.send(await handle(req as WorkerRequest));
  process.exit(0);
});
await parent.send({ type: 'ready' } satisfies WorkerReply);
