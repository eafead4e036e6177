/**
 * Turns the command line's files, folders and globs into the list of workbooks to convert, and maps each to
 * the file its spec is written to.
 *
 * - A folder is searched recursively for `.xlsx`/`.xlsm` (any case); other files are ignored, and so are
 *   Excel's `~$name.xlsx` lock files, which Excel leaves beside every open workbook and which are not
 *   workbooks.
 * - A glob (anything tinyglobby calls dynamic) is expanded and filtered the same way.
 * - A file named outright is always taken, whatever its extension: the user asked for it, and the compiler
 *   answers a non-workbook with `UNSUPPORTED_FORMAT` rather than this step dropping it silently.
 *
 * Each argument's matches are sorted by path (code-unit order, so the order is the same on every machine);
 * arguments keep the order they were given in; a workbook reached twice (by two arguments, or a symlink) is
 * kept once, at its first place. Each input remembers its path relative to its argument's base folder (the
 * folder itself, a glob's static prefix, a file's own folder): `-o` mirrors that tree.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Code } from '../../pipeline/light.js';
import { displayPath } from '../paths.js';

export interface BatchInput {
  /** Absolute path of the workbook. */
  path: string;
  /** The path as shown in messages: relative to the working folder (src/cli/paths.ts). */
  display: string;
  /** Path relative to the argument's base folder, `/`-separated; `-o` mirrors it. */
  relative: string;
}

/** A problem with the command line itself (exit code 2). */
export class UsageError extends Error {
  readonly code: Code = 'USAGE';
  override name = 'UsageError';
}

const WORKBOOK = /\.xls[xm]$/i;

function isWorkbookName(name: string): boolean {
  return WORKBOOK.test(name) && !path.basename(name).startsWith('~$');
}

/**
 * The workbooks named by `args` (files, folders, globs), in order, each once.
 * Throws {@link UsageError} for a path that does not exist, a glob that matches no workbook, or when nothing
 * at all is found.
 */
export async function discoverInputs(
  args: readonly string[],
  cwd: string = process.cwd(),
): Promise<BatchInput[]> {
  const seen = new Set<string>();
  const out: BatchInput[] = [];
  for (const arg of args) {
    const found = await expand(arg, cwd);
    for (const [abs, relative] of found) {
      const key = await realpath(abs).catch(() => abs);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ path: abs, display: displayPath(abs, cwd), relative });
    }
  }
  if (out.length === 0) throw new UsageError(`no .xlsx or .xlsm files found in ${args.join(', ')}`);
  return out;
}

/**
 * [absolute path, path relative to the base] pairs for one argument, sorted. tinyglobby is loaded here, not with
 * the module: the one-file `convert` loads this module too, and globs nothing.
 */
async function expand(arg: string, cwd: string): Promise<Array<[string, string]>> {
  const pattern = arg.split(path.sep).join('/');
  const { glob, isDynamicPattern } = await import('tinyglobby');
  if (isDynamicPattern(pattern)) {
    const base = path.resolve(cwd, staticPrefix(pattern, isDynamicPattern));
    const matches = await glob([pattern], { cwd, absolute: true, onlyFiles: true, expandDirectories: false });
    const files = matches.filter(isWorkbookName).map((m) => path.resolve(m));
    if (files.length === 0) throw new UsageError(`no .xlsx or .xlsm file matches ${arg}`);
    return sortPairs(files.map((f) => [f, toSlash(path.relative(base, f))]));
  }
  const abs = path.resolve(cwd, arg);
  const info = await stat(abs).catch(() => undefined);
  if (!info) throw new UsageError(`no such file or folder: ${arg}`);
  if (info.isDirectory()) {
    const names = await readdir(abs, { recursive: true });
    const files = names.filter(isWorkbookName).map((n) => path.join(abs, n));
    const pairs: Array<[string, string]> = [];
    for (const f of files) {
      if ((await stat(f)).isFile()) pairs.push([f, toSlash(path.relative(abs, f))]);
    }
    return sortPairs(pairs);
  }
  return [[abs, path.basename(abs)]];
}

/** The leading segments of a glob that contain no pattern characters: `fixtures/**\/*.xlsx` → `fixtures`. */
function staticPrefix(pattern: string, isDynamicPattern: (p: string) => boolean): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (isDynamicPattern(part)) break;
    fixed.push(part);
  }
  if (fixed.length === 1 && fixed[0] === '') return '/';
  return fixed.join('/') || '.';
}

function sortPairs(pairs: Array<[string, string]>): Array<[string, string]> {
  return pairs.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
}

function toSlash(p: string): string {
  return p.split(path.sep).join('/');
}

/** `budget.xlsx` → `budget.spec.json`. */
export function specFileName(workbook: string): string {
  return path.basename(workbook).replace(/\.[^.]*$/, '') + '.spec.json';
}

/**
 * Where each input's spec goes: under `outDir` at the input's relative path, or beside the input.
 * Throws {@link UsageError} when two inputs would write the same file (`a.xlsx` and `a.xlsm`, or two
 * folders with the same file names under one `-o`), rather than letting one silently overwrite the other.
 */
export function outputPaths(inputs: readonly BatchInput[], outDir?: string, cwd = process.cwd()): string[] {
  const outs = inputs.map((input) => {
    if (outDir === undefined) return path.join(path.dirname(input.path), specFileName(input.path));
    const rel = input.relative.split('/');
    rel[rel.length - 1] = specFileName(rel[rel.length - 1]!);
    return path.resolve(cwd, outDir, ...rel);
  });
  const first = new Map<string, number>();
  outs.forEach((o, i) => {
    const j = first.get(o);
    if (j !== undefined) {
      throw new UsageError(`${inputs[j]!.display} and ${inputs[i]!.display} would both write ${o}`);
    }
    first.set(o, i);
  });
  return outs;
}
