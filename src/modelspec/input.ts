/**
 * Reading JSON a user hands the tools (a spec file, cases, an input document), with the sandbox's input
 * rules: over the size limit → `INPUT_TOO_LARGE`; malformed → `INPUT_INVALID` naming the source and the
 * line and column; unreadable → `INPUT_UNREADABLE`. `-` reads standard input.
 */
import { readFile } from 'node:fs/promises';
import { CodedError } from '../codes/index.js';

/** Largest JSON input, in characters of its text (the sandbox's input limit too). */
export const DEFAULT_MAX_INPUT_CHARS = 50_000_000;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and parses a JSON file (or `-` for standard input). */
export async function readJsonInput(source: string, maxChars = DEFAULT_MAX_INPUT_CHARS): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await readStdin() : await readFile(source, 'utf8');
  } catch (e) {
    throw new CodedError(
      'INPUT_UNREADABLE',
      `${source}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  return parseJsonText(text, source === '-' ? 'standard input' : source, maxChars);
}

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
 * Parses JSON text from a named source: `INPUT_TOO_LARGE` over the limit, `INPUT_INVALID` naming the source and
 * where (line, column) when malformed.
 */
export function parseJsonText(text: string, source: string, maxChars = DEFAULT_MAX_INPUT_CHARS): unknown {
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
