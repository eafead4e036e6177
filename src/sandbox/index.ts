/**
 * The sandbox: one task of a task module its caller names, in a fresh child process under time, heap, result
 * and input limits. It knows no product: what a task does is the caller's (src/authoring/tasks.ts).
 */
export { DEFAULT_LIMITS, type SandboxLimits } from './limits.js';
export { runInSandbox, type SandboxJob } from './sandbox.js';
