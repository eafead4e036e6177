/** The sandbox: run named tasks in a worker thread under time, heap, result and input limits. */
export { DEFAULT_LIMITS, parseJsonInput, type SandboxLimits } from './limits.js';
export { runInSandbox } from './sandbox.js';
