/**
 * Limits for running untrusted work (expressions an agent wrote, workbooks from anywhere), and the coded
 * error every limit ends in. Codes (stable API): `TIMEOUT` (wall clock), `RESOURCE_LIMIT` (heap, stack or a
 * crash: `data.budget`), `RESULT_TOO_LARGE`, `INPUT_TOO_LARGE`, `INPUT_INVALID`, `WORKER_FAILED`, `CANCELLED`.
 */

export interface SandboxLimits {
  /** Wall-clock limit for one task, ms. */
  timeoutMs: number;
  /** V8 old-generation heap limit of the worker, MB. */
  maxHeapMb: number;
  /** Largest result, in characters of its JSON text. */
  maxResultChars: number;
  /** Largest input (payload), in characters of its JSON text. */
  maxInputChars: number;
}

/** The sandbox's own defaults; a caller that reads larger inputs says so (src/authoring/tools.ts). */
export const DEFAULT_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  timeoutMs: 2000,
  maxHeapMb: 256,
  maxResultChars: 10_000_000,
  maxInputChars: 10_000_000,
});
