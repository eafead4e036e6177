/**
 * Writing a file the user asked for (a spec, a batch output): one coded failure, `WRITE_FAILED`, whose
 * message is `<path>: <reason>` in words (the errno code after them), for every command that writes, so a
 * missing folder, a read-only one or a path through a file is one line on stderr and exit 1, never a stack.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '../pipeline/light.js';

const REASONS: Record<string, string> = {
  ENOENT: 'the folder does not exist',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'the name is too long',
};

/** The reason a write failed, in words: `permission denied (EACCES)`. */
export function writeFailureReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code !== undefined && REASONS[code] !== undefined) return `${REASONS[code]} (${code})`;
  return code ?? (e instanceof Error ? e.message : String(e));
}

/**
 * Writes `text` to `file` (creating its folder first when `createFolder`); throws
 * `CodedError('WRITE_FAILED', '<shown>: <reason>')`, `shown` being the path as the user should see it.
 */
export async function writeOutputFile(
  file: string,
  text: string,
  options: { createFolder?: boolean; shown?: string } = {},
): Promise<void> {
  try {
    if (options.createFolder) await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  } catch (e) {
    throw new CodedError('WRITE_FAILED', `${options.shown ?? file}: ${writeFailureReason(e)}`, {
      path: file,
    });
  }
}
