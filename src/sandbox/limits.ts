/**
 * Limits for running untrusted work (expressions an agent wrote, workbooks from anywhere). Every limit ends in
 * a `CodedError` (src/codes) whose `data.budget` names the budget: `TIMEOUT` (time), `RESOURCE_LIMIT` (heap
 * or stack), `RESULT_TOO_LARGE` (result), `INPUT_TOO_LARGE` (input); also `INPUT_INVALID` (malformed JSON,
 * with where) and `WORKER_FAILED`.
 */
import { CodedError } from '../codes/index.js';

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

export const DEFAULT_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  timeoutMs: 2000,
  maxHeapMb: 256,
  maxResultChars: 10_000_000,
  maxInputChars: 50_000_000,
});

/** Line and column (1-based) of a character offset. */
function lineCol(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

/**
 * The offset of the first syntax error in JSON text (Node 20's JSON.parse messages often omit it): a small
 * recursive-descent scanner over the JSON grammar, only run on text JSON.parse rejected. Nesting deeper than
 * 5,000 is reported at the point it gets that deep.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (depth: number): void => {
    if (depth > 5000) fail();
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '"') string();
    else {
      const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!m) fail();
      i += m![0].length;
    }
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  try {
    value(0);
    ws();
    return i < text.length ? i : undefined;
  } catch (at) {
    return typeof at === 'number' ? at : undefined;
  }
}

/**
 * Parses JSON input from a user: `INPUT_TOO_LARGE` over the limit, `INPUT_INVALID` naming the source and
 * where (line, column) when malformed.
 */
export function parseJsonInput(
  text: string,
  source: string,
  maxChars = DEFAULT_LIMITS.maxInputChars,
): unknown {
  if (text.length > maxChars) {
    throw new CodedError(
      'INPUT_TOO_LARGE',
      `${source}: ${text.length} characters, over the limit of ${maxChars}`,
      {
        source,
        size: text.length,
        limit: maxChars,
      },
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    const offset = m ? Number(m[1]) : jsonErrorOffset(text);
    const where = offset !== undefined ? lineCol(text, offset) : undefined;
    const at = where
      ? ` at line ${where.line}, column ${where.column}`
      : text.trim() === ''
        ? ' (empty input)'
        : '';
    throw new CodedError('INPUT_INVALID', `${source}: malformed JSON${at}: ${msg}`, { source, ...where });
  }
}
