/**
 * How the command line shows a path: relative to the working folder (`in/a.xlsx`, `../data/b.xlsx`), so
 * the batch table and messages show what a person would type. A path whose way from the working folder
 * passes through the file system's root (`../../../tmp/x.xlsx` from `/home/me/work`) says nothing the
 * absolute path does not, and says it longer: such a path is shown absolute (`/tmp/x.xlsx`).
 */
import path from 'node:path';

export function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  if (rel === '') return '.';
  if (path.isAbsolute(rel)) return abs;
  const ups = rel.split(path.sep).filter((s) => s === '..').length;
  const depth = path
    .resolve(cwd)
    .split(path.sep)
    .filter((s) => s !== '').length;
  return ups >= depth ? abs : rel;
}
