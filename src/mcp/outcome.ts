/**
 * Turning what a library function returns or throws into a tool outcome. Expected failures come back from the
 * library either as a result that says so (`valid: false`, failed tests) or as a thrown `CodedError` (a spec
 * error, a sandbox budget); both become `isError` results with a structured shape. An error without a code is
 * a bug and is left to the dispatcher, which reports it as `INTERNAL`.
 */
import type { ToolOutcome } from './tool.js';

/** A coded error as a tool answers it: `{code, error, ...}`. */
export interface CodedAnswer {
  code: string;
  error: string;
  [key: string]: unknown;
}

/** A coded error thrown by the library (a `CodedError`, or any error with a string `code`), as plain data. */
export function codedError(e: unknown): CodedAnswer | undefined {
  if (!(e instanceof Error)) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  const out: CodedAnswer = { code, error: e.message };
  for (const key of ['path', 'span', 'position', 'budget', 'data', 'details'] as const) {
    const v = (e as unknown as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Runs a library call; a coded error becomes a failed outcome, anything else propagates. */
export async function settle(
  call: () => Promise<unknown>,
  isOk: (value: Record<string, unknown>) => boolean,
  wrapKey = 'result',
): Promise<ToolOutcome> {
  let raw: unknown;
  try {
    raw = await call();
  } catch (e) {
    const coded = codedError(e);
    if (coded) return { ok: false, value: coded };
    throw e;
  }
  const value =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : { [wrapKey]: raw };
  return { ok: isOk(value), value };
}
