/**
 * `npm run expected-cells -- <folder> [-o out.jsonl]`: the index of every formula cell of every `.xlsx`/`.xlsm`
 * under a folder, with the value the saving application cached, in the format of the shared corpus's
 * `expected-cells.jsonl`, so `npm run conformance -- <folder>` checks sheetspec against a user's own Excel files.
 *
 * It reads `<c>`, `<f>` and `<v>` straight from the sheet XML (fflate and a scanner of its own), independent of
 * the reader under test (src/workbook/reader.ts). A shared-formula child is listed with kind `shared` and an
 * empty formula: the conformance run shifts the master itself. Default output: `<folder>/expected-cells.jsonl`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

export interface IndexedCell {
  file: string;
  sheet: string;
  cell: string;
  kind: 'normal' | 'shared-master' | 'shared' | 'array';
  formula: string;
  ref?: string;
  cached: { t?: string; v?: string };
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character data to text: the five entities and numeric references. */
export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
      );
    return ENTITY[e] ?? m;
  });
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXml(m[1]!) : undefined;
};

/** Sheet names and their part paths, in workbook order. */
function sheetParts(files: Record<string, Uint8Array>): Array<{ name: string; path: string }> {
  const text = (p: string) => (files[p] ? strFromU8(files[p]!) : '');
  const rels = new Map<string, string>();
  for (const m of text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const out: Array<{ name: string; path: string }> = [];
  for (const m of text('xl/workbook.xml').matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attr(m[0], 'name');
    const id = /\sr:id="([^"]*)"/.exec(m[0])?.[1];
    const path = id ? rels.get(id) : undefined;
    if (name !== undefined && path && files[path]) out.push({ name, path });
  }
  return out;
}

/** Every formula cell of one sheet's XML. */
export function formulaCells(xml: string): Array<Omit<IndexedCell, 'file' | 'sheet'>> {
  const out: Array<Omit<IndexedCell, 'file' | 'sheet'>> = [];
  for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const body = m[2];
    if (!body || !/<f\b/.test(body)) continue;
    const open = `<c${m[1]}>`;
    const f = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/.exec(body)!;
    const fTag = `<f${f[1]}>`;
    const type = attr(fTag, 't');
    const ref = attr(fTag, 'ref');
    const text = decodeXml(f[2] ?? '');
    const kind =
      type === 'array'
        ? 'array'
        : type === 'shared'
          ? text !== '' && ref
            ? 'shared-master'
            : 'shared'
          : 'normal';
    const v = /<v\b[^>]*?(?:\/>|>([\s\S]*?)<\/v>)/.exec(body);
    const inline = /<is>([\s\S]*?)<\/is>/.exec(body);
    const t = attr(open, 't');
    const cached: IndexedCell['cached'] = {};
    cached.t = t ?? 'n';
    if (v) cached.v = decodeXml(v[1] ?? '');
    else if (inline)
      cached.v = [...inline[1]!.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((x) => decodeXml(x[1]!)).join('');
    out.push({
      cell: attr(open, 'r') ?? '',
      kind,
      formula: kind === 'shared' ? '' : text,
      ...(ref && kind !== 'shared' ? { ref } : {}),
      cached,
    });
  }
  return out;
}

/** The index of one workbook's bytes; `file` is the name recorded on each line. */
export function indexWorkbook(bytes: Uint8Array, file: string): IndexedCell[] {
  const files = unzipSync(bytes, { filter: (f) => f.name.endsWith('.xml') || f.name.endsWith('.rels') });
  return sheetParts(files).flatMap(({ name, path }) =>
    // XML end-of-line handling: a literal CR LF or CR in the document is read as LF (a `&#13;` stays).
    formulaCells(strFromU8(files[path]!).replace(/\r\n?/g, '\n')).map((c) => ({ file, sheet: name, ...c })),
  );
}

function* workbooks(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* workbooks(p);
    else if (/\.xls[xm]$/i.test(name)) yield p;
  }
}

async function main(argv: string[]): Promise<number> {
  const folder = argv.find((a) => !a.startsWith('-'));
  if (!folder) {
    console.error('usage: npm run expected-cells -- <folder> [-o out.jsonl]');
    return 2;
  }
  const root = resolve(folder);
  const o = argv.indexOf('-o');
  const out = o >= 0 ? resolve(argv[o + 1] ?? '') : join(root, 'expected-cells.jsonl');
  const lines: string[] = [];
  let files = 0;
  for (const path of workbooks(root)) {
    const rel = relative(root, path).split('\\').join('/');
    try {
      for (const c of indexWorkbook(new Uint8Array(readFileSync(path)), rel)) lines.push(JSON.stringify(c));
      files++;
    } catch (e) {
      console.error(`expected-cells: ${rel}: skipped (${(e as Error).message})`);
    }
  }
  writeFileSync(out, lines.length ? `${lines.join('\n')}\n` : '');
  console.log(`expected-cells: ${lines.length} formula cells from ${files} workbook(s) → ${out}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main(process.argv.slice(2)));
