/**
 * A conversion's stages as the pipeline runs them: the options every stage sees, and the timer that reports
 * each stage's wall time and stops a cancelled conversion before the next stage starts. Apart from stages.ts
 * so that the stages it runs (oracle.ts, verify/) can take them without importing it back.
 */
import { performance } from 'node:perf_hooks';
import type { Stage } from '../codes/index.js';
import { type PipelineOptions, throwIfCancelled } from './types.js';

/** Options inside the pipeline: the settings, and the caller's signal. */
export interface StageOptions extends PipelineOptions {
  signal?: AbortSignal;
}

/** Runs one stage, reporting its wall time; a cancelled conversion stops before the stage starts. */
export type Timer = <T>(stage: Stage, work: () => T | Promise<T>) => Promise<T>;

export function timer(options: StageOptions): Timer {
  return async (stage, work) => {
    throwIfCancelled(options.signal);
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      options.onStage?.(stage, performance.now() - t0);
    }
  };
}
