/**
 * Everything the command line prints goes through here, so every command keeps the same conventions:
 *
 * - Results on stdout (`out`, `outJson`); refusals, diagnostics and progress on stderr (`err`, `problem`).
 *   A refusal reads `sheetspec: [<subject>: ]<CODE>: <details>`, one line.
 * - A reader that stops early (`sheetspec guidance | head -1`) closes the pipe, and the next write fails
 *   with EPIPE, which Node raises as an unhandled `error` event: a stack trace and exit 1 for what is a
 *   normal way to use a command. `guardPipes` ends the process quietly with exit 0 instead, as a Unix
 *   filter killed by SIGPIPE would end without a word (exit 0 rather than 141, so `set -o pipefail`
 *   scripts do not fail because `head` had enough).
 * - Nothing is coloured, so `NO_COLOR` and a non-TTY stdout need nothing more; the one thing that redraws
 *   (the batch progress bar, src/cli/batch/progress.ts) is off unless stderr is a TTY.
 *
 * The writers look `process.stdout` up at each call (not once at import), so a test can spy on it.
 */

/** A stream we write to: process.stdout/stderr, or a test's PassThrough. */
export interface Writable {
  write(text: string): unknown;
}

const GUARDED = Symbol.for('sheetspec.pipe-guard');

/** Ends the process quietly (exit 0) when stdout or stderr is a pipe the reader has closed. Idempotent. */
export function guardPipes(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    const marked = stream as NodeJS.WriteStream & { [GUARDED]?: true };
    if (marked[GUARDED]) continue;
    marked[GUARDED] = true;
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(0);
      throw e;
    });
  }
}

/** A result for stdout. */
export function out(text: string): void {
  process.stdout.write(text);
}

/** A result as two-space JSON on stdout. */
export function outJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A diagnostic for stderr. */
export function err(text: string): void {
  process.stderr.write(text);
}

/** `sheetspec: [<subject>: ]<CODE>: <details>` — the one-line form of every refusal and coded error. */
export function problemLine(code: string, details: string, subject?: string): string {
  return oneLine(`sheetspec: ${subject !== undefined ? `${subject}: ` : ''}${code}: ${details}`);
}

/**
 * A message on one line, whatever a cell holds (a header `abc\ndef`): line breaks written as `\n` / `\r`, as
 * in a JSON string, so a reader of stderr line by line never sees a line without a code.
 */
export function oneLine(text: string): string {
  return text.replace(/\r\n|[\n\r\u2028\u2029]/g, (m) => (m === '\r' ? '\\r' : '\\n'));
}

/** Prints {@link problemLine} on stderr (or on `to`). */
export function problem(
  code: string,
  details: string,
  subject?: string,
  to: Writable = process.stderr,
): void {
  to.write(`${problemLine(code, details, subject)}\n`);
}
