/**
 * Shared by the authoring commands (validate, eval, test, dry-run, guidance): printing results and coded
 * errors, and the exit codes (0 success, 1 a failed check or a coded error, 2 a usage error).
 */
import { CommandExit } from '../batch/command.js';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Prints a coded error (`sheetspec: CODE: message`, or JSON with `--json`) and ends with exit code 1. */
export function failWith(e: unknown, json: boolean | undefined): never {
  const err = e as { code?: unknown; message?: string; data?: unknown };
  if (typeof err?.code !== 'string' || err instanceof CommandExit) throw e;
  if (json)
    printJson({
      ok: false,
      error: { code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}) },
    });
  else process.stderr.write(`sheetspec: ${err.code}: ${err.message}\n`);
  throw new CommandExit(1);
}

/** A usage error: message on stderr, exit code 2. */
export function usage(message: string): never {
  process.stderr.write(`sheetspec: ${message}\n`);
  throw new CommandExit(2);
}

/** `--timeout <ms>` as sandbox limits. */
export function limitsOption(timeout: string | undefined): { timeoutMs?: number } {
  if (timeout === undefined) return {};
  const n = Number(timeout);
  if (!Number.isFinite(n) || n <= 0)
    usage(`--timeout must be a positive number of milliseconds, got "${timeout}"`);
  return { timeoutMs: n };
}
