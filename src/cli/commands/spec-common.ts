/**
 * Shared by the authoring commands (validate, eval, test, dry-run, guidance): printing results and coded
 * errors, reading a spec, and the exit codes (0 success, 1 a failed check or a coded error, 2 a usage error).
 */
import { CodedError } from '../../pipeline/light.js';
import { type ModelSpec, readJsonInput } from '../../modelspec/index.js';
import { CommandExit } from '../batch/command.js';
import { UsageError } from '../batch/discover.js';
import { formatDuration, parseDuration } from '../duration.js';
import { outJson, problem } from '../output.js';

export { outJson as printJson } from '../output.js';

/** Prints a coded error (`sheetspec: CODE: message`, or JSON with `--json`) and ends with exit code 1. */
export function failWith(e: unknown, json: boolean | undefined): never {
  const err = e as { code?: unknown; message?: string; data?: unknown };
  if (typeof err?.code !== 'string' || err instanceof CommandExit) throw e;
  if (json)
    outJson({
      ok: false,
      error: { code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}) },
    });
  else problem(err.code, err.message ?? '');
  throw new CommandExit(1);
}

/** A usage error: message on stderr, exit code 2. */
export function usage(message: string): never {
  process.stderr.write(`sheetspec: ${message}\n`);
  throw new CommandExit(2);
}

/** The `--timeout` option of an authoring command, with its default shown. */
export function timeoutFlag(defaultMs: number): [string, string] {
  return [
    '--timeout <duration>',
    `time limit: 500ms, 10s, 2m; a bare number is seconds (default ${formatDuration(defaultMs)})`,
  ];
}

/** `--timeout <duration>` as sandbox limits, `defaultMs` when absent. */
export function limitsOption(timeout: string | undefined, defaultMs: number): { timeoutMs: number } {
  if (timeout === undefined) return { timeoutMs: defaultMs };
  try {
    return { timeoutMs: parseDuration(timeout) };
  } catch (e) {
    if (e instanceof UsageError) usage(e.message);
    throw e;
  }
}

/**
 * Reads a spec file and checks it is one (an object with a string `id` and `version` and an object
 * `schema`, the three members every ModelSpec has), so `test` or `dry-run` on some other JSON file is
 * `INPUT_INVALID` rather than a run of nothing. `validate` says what else is wrong.
 */
export async function readSpec(file: string): Promise<ModelSpec> {
  const value = await readJsonInput(file);
  const o = value as Record<string, unknown> | null;
  const missing =
    typeof o !== 'object' || o === null || Array.isArray(o)
      ? ['an object']
      : [
          typeof o.id === 'string' ? undefined : 'a string "id"',
          typeof o.version === 'string' ? undefined : 'a string "version"',
          typeof o.schema === 'object' && o.schema !== null && !Array.isArray(o.schema)
            ? undefined
            : 'an object "schema"',
        ].filter((x) => x !== undefined);
  if (missing.length > 0) {
    throw new CodedError('INPUT_INVALID', `${file} is not a ModelSpec: it needs ${missing.join(', ')}`);
  }
  return value as ModelSpec;
}
