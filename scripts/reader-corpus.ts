/**
 * Reads every workbook of ../shared/corpus with `readWorkbook` and checks each formula cell against
 * expected-cells.jsonl: cached value (numbers compared as doubles, `Number(v)`; booleans `1`/`0`; errors and
 * strings as text) and formula text (exactly, for normal cells, shared masters and array anchors; shared
 * children are shifted by us and only counted as agreeing or not with the file's listing, which comes from
 * a reader known to shift them wrongly). Then every file in hostile/ must end in a coded WorkbookError or a
 * model. Prints agreement counts, failures with their codes, and time per file.
 *
 *   npm run reader:corpus [-- --verbose]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCellRef } from '../src/workbook/xml-scan.js';
import { getCell, readWorkbook, WorkbookError, type WorkbookModel } from '../src/workbook/index.js';
import type { CellValue } from '../src/workbook/values.js';
import { type ExpectedCell, readExpectedCells, savedValue } from './corpus.js';

const root = resolve(fileURLToPath(import.meta.url), '../../../shared/corpus');
const verbose = process.argv.includes('--verbose');
if (!existsSync(root)) {
  console.error(`corpus folder not found: ${root} (expected ../shared/corpus beside the project)`);
  process.exit(2);
}

type Expected = ExpectedCell;

const expectedValue = savedValue;

const same = (a: CellValue | undefined, b: CellValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

const byFile = new Map<string, Expected[]>();
for (const e of readExpectedCells(root)) {
  const list = byFile.get(e.file) ?? [];
  list.push(e);
  byFile.set(e.file, list);
}

async function read(
  path: string,
): Promise<{ model?: WorkbookModel; code?: string; message?: string; ms: number }> {
  const t = performance.now();
  try {
    const model = await readWorkbook(readFileSync(path));
    return { model, ms: performance.now() - t };
  } catch (e) {
    const ms = performance.now() - t;
    if (e instanceof WorkbookError) return { code: e.code, message: e.message, ms };
    return { code: 'CRASH', message: String((e as Error)?.stack ?? e), ms };
  }
}

const totals = {
  files: 0,
  read: 0,
  cells: 0,
  missing: 0,
  cachedEq: 0,
  cachedChecked: 0,
  formulaEq: 0,
  formulaChecked: 0,
};
const shared = { children: 0, agreeWithListing: 0 };
const problems: string[] = [];
const failures: string[] = [];
const timings: Array<[string, number]> = [];
for (const dir of ['excel/poi', 'excel/xlcalculator']) {
  for (const name of readdirSync(join(root, dir)).sort()) {
    const rel = `${dir}/${name}`;
    totals.files++;
    const r = await read(join(root, rel));
    timings.push([rel, r.ms]);
    if (!r.model) {
      failures.push(`${rel}: ${r.code} (${r.ms.toFixed(0)} ms) ${r.message?.slice(0, 160)}`);
      continue;
    }
    totals.read++;
    for (const e of byFile.get(rel) ?? []) {
      totals.cells++;
      const sheet = r.model.sheets.find((s) => s.name === e.sheet);
      const pos = parseCellRef(e.cell);
      const cell = sheet && pos ? getCell(sheet, pos.row, pos.col) : undefined;
      if (!cell) {
        totals.missing++;
        problems.push(`${rel} ${e.sheet}!${e.cell}: missing`);
        continue;
      }
      const want = expectedValue(e.cached);
      totals.cachedChecked++;
      if (same(cell.cached, want)) totals.cachedEq++;
      else
        problems.push(
          `${rel} ${e.sheet}!${e.cell}: cached ${JSON.stringify(cell.cached)} vs ${JSON.stringify(want)}`,
        );
      if (e.kind === 'shared') {
        shared.children++;
        if (cell.formula === e.formula) shared.agreeWithListing++;
        else if (verbose)
          console.log(`shared ${rel} ${e.sheet}!${e.cell}: ours ${cell.formula} | listing ${e.formula}`);
      } else {
        totals.formulaChecked++;
        if (cell.formula === e.formula) totals.formulaEq++;
        else
          problems.push(
            `${rel} ${e.sheet}!${e.cell}: formula ${JSON.stringify(cell.formula)} vs ${JSON.stringify(e.formula)}`,
          );
      }
    }
  }
}

console.log(`files: ${totals.files}, read: ${totals.read}, refused: ${failures.length}`);
console.log(`formula cells listed: ${totals.cells}, missing from the model: ${totals.missing}`);
console.log(`cached values equal: ${totals.cachedEq}/${totals.cachedChecked}`);
console.log(
  `formula text equal (normal, shared masters, array): ${totals.formulaEq}/${totals.formulaChecked}`,
);
console.log(
  `shared children: ${shared.children}, same text as the listing: ${shared.agreeWithListing} (the rest differ where the listing's reader mis-shifted; --verbose lists them)`,
);
for (const p of problems.slice(0, verbose ? problems.length : 25)) console.log(`  ! ${p}`);
if (problems.length > 25 && !verbose) console.log(`  ... ${problems.length - 25} more (--verbose)`);
console.log('refused:');
for (const f of failures) console.log(`  ${f}`);
timings.sort((a, b) => b[1] - a[1]);
console.log(
  `slowest: ${timings
    .slice(0, 5)
    .map(([f, ms]) => `${f.split('/').pop()} ${ms.toFixed(0)} ms`)
    .join(', ')}`,
);
console.log(`total read time: ${(timings.reduce((s, [, ms]) => s + ms, 0) / 1000).toFixed(1)} s`);

console.log('hostile:');
let crashes = 0;
for (const name of readdirSync(join(root, 'hostile/poi')).sort()) {
  const r = await read(join(root, 'hostile/poi', name));
  if (r.code === 'CRASH') crashes++;
  console.log(
    `  ${name}: ${r.code ?? 'read'} ${r.ms.toFixed(0)} ms${r.message ? ` ${r.message.slice(0, 100)}` : ''}`,
  );
}
if (crashes > 0 || failures.some((f) => f.includes(': CRASH'))) process.exitCode = 1;
