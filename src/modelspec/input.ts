/**
 * Reading JSON a user hands the tools (a spec file, cases, an input document), with the sandbox's input
 * rules: over the size limit → `INPUT_TOO_LARGE`; malformed → `INPUT_INVALID` naming the source and the
 * line and column; unreadable → `INPUT_UNREADABLE`. `-` reads standard input.
 */
import { readFile } from 'node:fs/promises';
import { CodedError } from '../codes/index.js';
import { DEFAULT_LIMITS, parseJsonInput } from '../sandbox/limits.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses JSON text from a named source, with coded errors. */
export function parseJsonText(
  text: string,
  source: string,
  maxChars = DEFAULT_LIMITS.maxInputChars,
): unknown {
  return parseJsonInput(text, source, maxChars);
}

/** Reads and parses a JSON file (or `-` for standard input). */
export async function readJsonInput(
  source: string,
  maxChars = DEFAULT_LIMITS.maxInputChars,
): Promise<unknown> {
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
