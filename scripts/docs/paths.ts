/**
 * The repository paths the docs name: every `src/…`, `scripts/…` or `test/…` path in README.md and the
 * Markdown files under docs/ must exist (a file, a folder, or a glob matching one), so a doc cannot keep
 * citing a file after it moved. test/docs.test.ts runs the check and lists each missing path with its line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** README.md and every Markdown file under docs/, from the package root. */
export function docFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      const rel = `${dir}/${name}`;
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  return out;
}

/** A path to check: from a root, not inside a URL or a longer path, up to the first character paths do not hold. */
const PATH = /(?<![\w./:-])(?:src|scripts|test)\/[\w./*-]*/g;

export interface DocPath {
  doc: string;
  line: number;
  path: string;
}

/** Every path a doc names (trailing punctuation dropped). */
export function pathsIn(doc: string, text = readFileSync(join(ROOT, doc), 'utf8')): DocPath[] {
  return text
    .split('\n')
    .flatMap((content, i) =>
      [...content.matchAll(PATH)].map((m) => ({ doc, line: i + 1, path: m[0].replace(/[.,:;-]+$/, '') })),
    );
}

/** `*` any run of characters but `/`, `**` any run of folders. */
const globRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split('**')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
      .join('.*')}$`,
  );

function allFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    return statSync(join(ROOT, rel)).isDirectory() ? [rel, ...allFiles(rel)] : [rel];
  });
}

/** The path names a file or folder that exists; a glob, when something matches it. */
export function pathExists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(ROOT, path));
  const root = path.split('/')[0]!;
  const re = globRegExp(path.replace(/\/$/, ''));
  return allFiles(root).some((f) => re.test(f));
}

/** Every path the docs name that does not exist. */
export function missingDocPaths(docs = docFiles()): DocPath[] {
  return docs.flatMap((doc) => pathsIn(doc).filter((p) => !pathExists(p.path)));
}

export const formatDocPath = (p: DocPath) => `${p.doc}:${p.line}  ${p.path}`;
