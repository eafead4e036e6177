/**
 * How the authoring tools run: by default in the sandbox (a worker with limits), since they evaluate
 * expressions an agent wrote; `inProcess` runs them directly (the sandbox worker itself does this).
 */
import type { SandboxLimits } from '../sandbox/limits.js';
import { runInSandbox } from '../sandbox/sandbox.js';

export interface ToolOptions {
  /** Run in this thread, without limits. */
  inProcess?: boolean;
  limits?: Partial<SandboxLimits>;
}

/** Runs a sandbox task; its limits and the task's own failures reject with a `CodedError`. */
export function sandboxed<T>(task: string, payload: unknown, options: ToolOptions): Promise<T> {
  return runInSandbox<T>(task, payload, options.limits);
}
