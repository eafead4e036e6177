/**
 * The sandbox: named tasks in a fresh child process under time, heap, result and input limits, and the
 * authoring tools run through it.
 */
export { DEFAULT_LIMITS, type SandboxLimits } from './limits.js';
export { runInSandbox } from './sandbox.js';
export type { SandboxTask } from './tasks.js';
export {
  dryRun,
  evalExpression,
  helperLibrary,
  type ToolOptions,
  testSpec,
  translateColumnFormula,
  translateFormula,
  validateSpec,
} from './tools.js';
