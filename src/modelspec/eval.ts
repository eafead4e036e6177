/**
 * `evalExpression`: evaluates one JSONata expression as a spec would (library exports bound by name,
 * `$const`), returning the value or JSONata's exact error (code, message, position, token). Without a
 * library, a call to `$xlRound` fails as undefined (T1006), as it would in a spec without that export.
 */
import jsonata from 'jsonata';
import { type Budget, CodedError } from '../codes/index.js';
import { specBindings } from './bind.js';
import type { LibraryObject } from './types.js';

export interface EvalRequest {
  expr: string;
  input?: unknown;
  library?: LibraryObject | string;
  constants?: Record<string, unknown>;
}

export interface EvalError {
  code: string;
  message: string;
  position?: number;
  token?: string;
  /** Which budget ran out, for a sandbox limit (`TIMEOUT` → `time`, ...). */
  budget?: Budget;
}

export type EvalResult = { ok: true; value: unknown } | { ok: false; error: EvalError };

/** A thrown error as an eval answer's error (a sandbox limit keeps its code). */
export function toEvalError(e: unknown): EvalError {
  if (e instanceof CodedError) {
    const d = e.data ?? {};
    return {
      code: typeof d.jsonataCode === 'string' ? d.jsonataCode : e.code,
      message: e.message,
      position: typeof d.position === 'number' ? d.position : undefined,
      token: typeof d.token === 'string' ? d.token : undefined,
      ...(d.budget !== undefined ? { budget: d.budget } : {}),
    };
  }
  const err = e as { code?: unknown; message?: string; position?: unknown; token?: unknown };
  return {
    code: typeof err.code === 'string' ? err.code : 'EVALUATION_ERROR',
    message: err.message ?? String(e),
    position: typeof err.position === 'number' ? err.position : undefined,
    token: typeof err.token === 'string' ? err.token : undefined,
  };
}

/** In this thread, without limits: the sandbox task. */
export async function evalExpressionInProcess(req: EvalRequest): Promise<EvalResult> {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(req.expr);
  } catch (e) {
    return { ok: false, error: toEvalError(e) };
  }
  try {
    const bindings = await specBindings(req.library, req.constants ?? {});
    const value = await compiled.evaluate(req.input, bindings);
    // JSON has no undefined: "nothing" is reported as a missing value (the sandbox sends JSON text).
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: toEvalError(e) };
  }
}
