/**
 * `npm run oracle:corpus [-- <folder>] [--json out.json] [--only name-substring]`: evaluates every workbook of
 * ../shared/corpus/excel (or of a folder indexed by `npm run expected-cells`) with the oracle and compares every formula cell with the value Excel saved
 * (expected-cells.jsonl): exact, equal at 15 significant digits, or mismatch; per function; once with all
 * corrections and once without each, so the gain of each correction is shown. Files last saved by another
 * application, or naming Excel without its marks (producerOf, src/workbook/producer.ts), are counted apart: their cached values are another engine's.
 *
 * Cached values are read as Excel wrote them: `t="n"` numbers with `Number(v)` (Excel writes up to 17
 * significant digits, which round-trip to the double), `str` text, `b` booleans `1`/`0`, `e` errors.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CellValue } from '../src/workbook/values.js';
import { producerOf } from '../src/workbook/producer.js';
import { readWorkbook } from '../src/workbook/reader.js';
import { equalAt15, sameValue } from '../src/oracle/compare.js';
import { evaluateWorkbook, type OracleValues } from '../src/oracle/index.js';
import { ALL_CORRECTIONS, type CorrectionName } from '../src/oracle/excel/registry.js';
import { parseA1 } from './corpus.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// A folder argument (one with an expected-cells.jsonl, e.g. from `npm run expected-cells -- <folder>`), as
// `npm run conformance -- <folder>` takes; default the shared corpus.
const valued = new Set(['--json', '--only']);
const folder = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));
const corpus = folder ? resolve(folder) : resolve(root, '../shared/corpus');
if (!existsSync(join(corpus, 'expected-cells.jsonl'))) {
  console.error(`oracle:corpus: no expected-cells.jsonl in ${corpus}; nothing was checked`);
  process.exit(2);
}
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

interface Expected {
  file: string;
  sheet: string;
  cell: string;
  kind: string;
  formula: string;
  cached: { t?: string; v?: string };
}

function cachedValue(c: Expected['cached']): CellValue {
  const t = c.t ?? 'n';
  if (t === 'str' || t === 's' || t === 'inlineStr') return c.v ?? '';
  if (t === 'b') return c.v === '1' || c.v === 'true';
  if (t === 'e') return { error: (c.v ?? '#N/A') as never };
  if (c.v === undefined || c.v === '') return null;
  return Number(c.v);
}

function functionsOf(formula: string): string[] {
  const names = new Set<string>();
  for (const m of formula.replace(/"(?:[^"]|"")*"/g, '""').matchAll(/([A-Za-z_][A-Za-z0-9_.]*)\(/g)) {
    names.add(m[1].toUpperCase());
  }
  if (/&/.test(formula.replace(/"(?:[^"]|"")*"/g, '""'))) names.add('&');
  return names.size ? [...names] : ['(none)'];
}

type Status = 'exact' | '15' | 'mismatch';
function classify(expected: CellValue, got: CellValue): Status {
  if (sameValue(expected, got)) return 'exact';
  if (equalAt15(expected, got)) return '15';
  return 'mismatch';
}

const byFile = new Map<string, Expected[]>();
for (const line of readFileSync(join(corpus, 'expected-cells.jsonl'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const e = JSON.parse(line) as Expected;
  if (only && !e.file.includes(only)) continue;
  const list = byFile.get(e.file) ?? [];
  byFile.set(e.file, list);
  list.push(e);
}

const variants: Array<{ name: string; corrections: readonly CorrectionName[] }> = [
  { name: 'all corrections', corrections: ALL_CORRECTIONS },
  { name: 'no corrections', corrections: [] },
  ...ALL_CORRECTIONS.map((c) => ({
    name: `without ${c}`,
    corrections: ALL_CORRECTIONS.filter((x) => x !== c),
  })),
];

interface Tally {
  cells: number;
  exact: number;
  at15: number;
  mismatch: number;
}
const blank = (): Tally => ({ cells: 0, exact: 0, at15: 0, mismatch: 0 });
const add = (t: Tally, s: Status) => {
  t.cells++;
  if (s === 'exact') t.exact++;
  else if (s === '15') t.at15++;
  else t.mismatch++;
};

const totals = new Map(variants.map((v) => [v.name, { excel: blank(), other: blank() }]));
const perFunction = new Map<string, Tally>();
const mismatches: Array<Record<string, unknown>> = [];
const changed: Array<Record<string, unknown>> = [];
const unreadable: string[] = [];
const t0 = performance.now();

for (const [file, cells] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  const path = join(corpus, file);
  let wb: Awaited<ReturnType<typeof readWorkbook>>;
  try {
    wb = await readWorkbook(readFileSync(path));
  } catch (e) {
    unreadable.push(`${file}: ${(e as Error).message}`);
    continue;
  }
  const byExcel = producerOf(wb).kind === 'excel';
  const results = new Map<string, OracleValues>();
  for (const v of variants) {
    try {
      results.set(v.name, evaluateWorkbook(wb, { corrections: v.corrections }));
    } catch (e) {
      unreadable.push(`${file} (${v.name}): oracle threw ${(e as Error).message}`);
    }
  }
  for (const e of cells) {
    const { row, col } = parseA1(e.cell);
    const expected = cachedValue(e.cached);
    const status = new Map<string, Status>();
    for (const v of variants) {
      const o = results.get(v.name);
      const got = o ? o.get(e.sheet, row, col) : ({ error: '#ERROR!' } as unknown as CellValue);
      const s = classify(expected, got);
      status.set(v.name, s);
      const t = totals.get(v.name) as { excel: Tally; other: Tally };
      add(byExcel ? t.excel : t.other, s);
      if (v.name === 'all corrections') {
        if (byExcel) {
          for (const f of functionsOf(e.formula)) {
            const ft = perFunction.get(f) ?? blank();
            perFunction.set(f, ft);
            add(ft, s);
          }
        }
        if (s === 'mismatch') {
          mismatches.push({
            file,
            app: wb.application,
            sheet: e.sheet,
            cell: e.cell,
            formula: e.formula,
            excel: expected,
            hf: got,
          });
        }
      }
    }
    const all = status.get('all corrections');
    for (const v of variants.slice(1)) {
      if (status.get(v.name) !== all) {
        const o = results.get(v.name);
        changed.push({
          variant: v.name,
          file,
          sheet: e.sheet,
          cell: e.cell,
          formula: e.formula,
          excel: expected,
          corrected: results.get('all corrections')?.get(e.sheet, row, col),
          uncorrected: o?.get(e.sheet, row, col),
          with: all,
          without: status.get(v.name),
        });
      }
    }
  }
}

const fmt = (t: Tally) =>
  `${t.cells} cells: ${t.exact} exact, ${t.at15} equal at 15 digits, ${t.mismatch} mismatches` +
  (t.cells ? ` (${((100 * (t.exact + t.at15)) / t.cells).toFixed(2)}% agree)` : '');
console.log(
  `oracle vs Excel's saved values, ${byFile.size} workbooks, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
for (const [name, t] of totals) {
  console.log(`  ${name.padEnd(22)} saved by Excel: ${fmt(t.excel)}`);
  console.log(`  ${''.padEnd(22)} saved by others: ${fmt(t.other)}`);
}
console.log('\ngain of each correction (cells whose status changes when it is switched off):');
for (const v of variants.slice(1)) {
  const list = changed.filter((c) => c.variant === v.name);
  const gained = list.filter(
    (c) => c.with === 'exact' || (c.with === '15' && c.without === 'mismatch'),
  ).length;
  console.log(`  ${v.name.padEnd(22)} ${gained} cells better with it, ${list.length - gained} worse`);
  for (const c of list.slice(0, 8)) {
    console.log(
      `    ${String(c.file).replace('excel/', '')} ${c.sheet}!${c.cell} =${c.formula} Excel ${JSON.stringify(c.excel)}, corrected ${JSON.stringify(c.corrected)}, HF ${JSON.stringify(c.uncorrected)}`,
    );
  }
}
console.log('\nper function (saved by Excel, all corrections; a cell counts under each function it uses):');
const fnRows = [...perFunction].sort((a, b) => b[1].mismatch - a[1].mismatch || b[1].cells - a[1].cells);
for (const [f, t] of fnRows.slice(0, 40)) console.log(`  ${f.padEnd(16)} ${fmt(t)}`);
console.log(`\nmismatches (${mismatches.length}; first 60):`);
for (const m of mismatches.slice(0, 60)) {
  console.log(
    `  ${String(m.file).replace('excel/', '')} ${m.sheet}!${m.cell} =${String(m.formula).slice(0, 90)}  Excel ${JSON.stringify(m.excel)} HF ${JSON.stringify(m.hf)}`,
  );
}
if (unreadable.length) console.log(`\nnot evaluated (${unreadable.length}):\n  ${unreadable.join('\n  ')}`);
if (jsonOut) {
  writeFileSync(
    jsonOut,
    JSON.stringify(
      {
        totals: Object.fromEntries(totals),
        perFunction: Object.fromEntries(perFunction),
        mismatches,
        changed,
        unreadable,
      },
      null,
      1,
    ),
  );
}
