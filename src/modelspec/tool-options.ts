/**
 * How the authoring tools run: by default in the sandbox (a worker with limits), since they evaluate
 * expressions an agent wrote; `inProcess` runs them directly (the sandbox worker itself does this).
 */
import { SandboxError, type SandboxLimits } from '../sandbox/limits.js';
import { runInSandbox } from '../sandbox/sandbox.js';
import { SpecError } from './bind.js';

export interface ToolOptions {
  /** Run in this thread, without limits. */
  inProcess?: boolean;
  limits?: Partial<SandboxLimits>;
}

/** Runs a sandbox task, turning its coded errors into SpecErrors (one error class for the callers). */
export async function sandboxed<T>(task: string, payload: unknown, options: ToolOptions): Promise<T> {
  try {
    return await runInSandbox<T>(task, payload, options.limits);
  } catch (e) {
    if (e instanceof SandboxError) throw new SpecError(e.code, e.message, e.data);
    throw e;
  }
}
