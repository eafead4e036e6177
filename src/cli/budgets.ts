/**
 * The command line's budgets. A person at a terminal asked for this conversion, so it runs as long as it
 * needs: no wall-clock limit unless `--timeout` sets one, and a heap per worker that is a share of the
 * machine's memory. The MCP server keeps its own budgets (`DEFAULT_CONVERT_BUDGET`): they protect a server
 * from its callers, not a person from their own workbook.
 */
import { totalmem } from 'node:os';

/** No wall-clock limit: the worker's clock is never started. */
export const NO_TIME_LIMIT = Number.POSITIVE_INFINITY;

/** The smallest and largest default heap of one worker, MiB. */
const HEAP_FLOOR_MB = 1024;
const HEAP_CEILING_MB = 4096;

/**
 * The default heap of each of `workers` workers, MiB: half the machine's memory shared among them, kept
 * between 1,024 and 4,096 MiB (a 100k-row conversion peaks near 1.5 GB in all).
 */
export function machineHeapMb(workers = 1, totalBytes = totalmem()): number {
  const share = Math.floor(totalBytes / 2 ** 20 / 2 / Math.max(1, workers));
  return Math.max(HEAP_FLOOR_MB, Math.min(HEAP_CEILING_MB, share));
}

/** The flag that raises each budget a conversion can run into. */
const RAISED_BY: Readonly<Record<string, string>> = {
  time: 'raise it with --timeout (e.g. --timeout 30m)',
  heap: 'raise it with --max-memory (MiB, e.g. --max-memory 8192)',
};

/** The advice for a RESOURCE_LIMIT message: which flag raises the limit it names; '' when none does. */
export function limitHint(message: string | undefined, budget?: string): string {
  const named =
    budget ??
    /\(budget: (\w+)\)/.exec(message ?? '')?.[1] ??
    (/timed out/.test(message ?? '') ? 'time' : undefined);
  return named !== undefined && RAISED_BY[named] ? RAISED_BY[named] : '';
}
