/**
 * `npm run oracle:template-hashes [-- <corpus dir>]`: checks, on real formulas, what the oracle's parser patch
 * (src/oracle/engine/hf-parse.ts) relies on: a formula moved to another cell hashes, in HyperFormula's parser,
 * as it does at its own cell, along every direction in which one move was checked to hash alike.
 *
 * Each formula of the corpus (formulas/parse-corpus.txt and every formula of expected-cells.jsonl), as written
 * and as the oracle rewrites it (rewrite.ts), is hashed at a base cell and moved from there as the oracle moves a
 * template's text (`prepareStrictShift`; a move that changes a reference's form is left to the lexer, as the oracle
 * leaves it) by rows (1, 2, 9, 10, 98, 99, 900, 9,000, 60,000, -1, -9, -40) and by
 * columns (1, 2, 24, 25, 26, 675, 676, 700, 701, -1, -7), then both. The gate of hf-parse.ts: the first move along
 * rows (columns) hashed as at the base turns that direction on. Prints how many moves the gate allowed and
 * how many of them hashed differently (the violations; exit 1 if any), and how many directions the gate kept
 * off. Then every corpus workbook is evaluated by the oracle with the patch's shortcuts and without them
 * (`withoutShortcuts`: every cell lexed, every tree copied, each parser analysed, HyperFormula's own topological
 * sort and text guesses):
 * the cells whose values differ (exit 1 if any).
 * Not a test: the corpus lives outside the repository; the numbers are printed, never asserted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HyperFormula } from '../src/oracle/hf.js';
import { excelConfig } from '../src/oracle/engine/engine.js';
import { prepareStrictShift, type ShiftForm } from '../src/workbook/formula/index.js';
import { rewriteFormula } from '../src/oracle/rewrite/rewrite.js';
import { ALL_CORRECTIONS } from '../src/oracle/excel/registry.js';
import { ensureCorrectionsRegistered } from '../src/oracle/excel/plugin.js';
import { evaluateWorkbook } from '../src/oracle/engine/hyperformula.js';
import { withoutShortcuts } from '../src/oracle/engine/hf-parse.js';
import { readWorkbook } from '../src/workbook/reader.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = resolve(process.argv[2] ?? resolve(root, '../shared/corpus'));
const textFile = resolve(corpus, 'formulas/parse-corpus.txt');
const cellsFile = resolve(corpus, 'expected-cells.jsonl');
if (!existsSync(textFile) || !existsSync(cellsFile)) {
  console.error(`oracle-template-hashes: corpus not found under ${corpus}`);
  console.error(
    'Expected ../shared/corpus (formulas/parse-corpus.txt, expected-cells.jsonl), or pass its path.',
  );
  process.exit(1);
}

const unquote = (l: string) =>
  l.length >= 2 && l.startsWith('"') && l.endsWith('"') ? l.slice(1, -1).replace(/""/g, '"') : l;
const formulas = new Set<string>();
for (const l of readFileSync(textFile, 'utf8').split(/\r?\n/)) if (l.trim() !== '') formulas.add(unquote(l));
const cellsLines = readFileSync(cellsFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { file: string; formula?: string });
for (const { formula: f } of cellsLines) if (typeof f === 'string' && f !== '') formulas.add(f);

ensureCorrectionsRegistered();
const corrections = new Set(ALL_CORRECTIONS);
const hf = HyperFormula.buildFromSheets({ Sheet1: [], Sheet2: [], Sheet3: [], Data: [] }, excelConfig(1, 1));
interface Parser {
  tokenizeFormula(text: string): { errors: unknown[]; tokens: unknown[] };
  computeHashFromTokens(tokens: unknown[], address: { sheet: number; row: number; col: number }): string;
}
const parser = (hf as unknown as { _parser: Parser })._parser;
const hash = (text: string, row: number, col: number): string | undefined => {
  const lexed = parser.tokenizeFormula(`=${text}`);
  return lexed.errors.length > 0
    ? undefined
    : parser.computeHashFromTokens(lexed.tokens, { sheet: 0, row, col });
};

const ROWS = [1, 2, 9, 10, 98, 99, 900, 9_000, 60_000, -1, -9, -40];
const COLS = [1, 2, 24, 25, 26, 675, 676, 700, 701, -1, -7];
const BASE_ROW = 99;
const BASE_COL = 25;

let texts = 0;
let allowed = 0;
let violations = 0;
let off = 0;
let changedForm = 0;
const offExamples: string[] = [];
const examples: string[] = [];

function check(text: string): void {
  const h0 = hash(text, BASE_ROW, BASE_COL);
  if (h0 === undefined) return;
  const shift = prepareStrictShift(text, BASE_ROW, BASE_COL);
  texts++;
  const form: ShiftForm = { same: true };
  const moves = (dr: number, dc: number) => {
    const moved = shift(BASE_ROW + dr, BASE_COL + dc, form);
    if (moved !== undefined && !form.same) changedForm++;
    return moved === undefined || !form.same ? undefined : hash(moved, BASE_ROW + dr, BASE_COL + dc);
  };
  // The gate: a direction is on once its first move (in the order listed) hashed as the base.
  const direction = (list: number[], at: (d: number) => [number, number]) => {
    let on: boolean | undefined;
    for (const d of list) {
      const h = moves(...at(d));
      if (h === undefined) continue;
      if (on === undefined) {
        on = h === h0;
        if (!on) {
          off++;
          if (offExamples.length < 6) offExamples.push(`${text} moved ${at(d).join(',')}`);
        }
        continue;
      }
      if (!on) continue;
      allowed++;
      if (h !== h0) {
        violations++;
        if (examples.length < 10) examples.push(`${text} moved ${at(d).join(',')}`);
      }
    }
    return on === true;
  };
  const rows = direction(ROWS, (d) => [d, 0]);
  const cols = direction(COLS, (d) => [0, d]);
  if (!rows || !cols) return;
  for (const dr of [1, 9, 60_000, -9])
    for (const dc of [1, 26, 701, -7]) {
      const h = moves(dr, dc);
      if (h === undefined) continue;
      allowed++;
      if (h !== h0) {
        violations++;
        if (examples.length < 10) examples.push(`${text} moved ${dr},${dc}`);
      }
    }
}

const t0 = performance.now();
let rewritten = 0;
for (const f of formulas) {
  check(f);
  let r: string | undefined;
  try {
    r = rewriteFormula(f, { corrections });
  } catch {
    r = undefined;
  }
  if (r !== undefined && r !== f) {
    rewritten++;
    check(r);
  }
}
hf.destroy();
const hashSeconds = (performance.now() - t0) / 1000;

/** `f` with Math.random a fixed sequence. */
function withRandom<T>(f: () => T): T {
  const random = Math.random;
  let x = 0;
  Math.random = () => {
    x = (x + 0.6180339887498949) % 1;
    return x;
  };
  try {
    return f();
  } finally {
    Math.random = random;
  }
}

// The values: every corpus workbook evaluated with the shortcuts and without (as unpatched HyperFormula parses).
const t1 = performance.now();
const files = [...new Set(cellsLines.map((c) => c.file))].sort();
let workbooks = 0;
let cells = 0;
let differing = 0;
const failed: string[] = [];
for (const file of files) {
  let wb: Awaited<ReturnType<typeof readWorkbook>>;
  try {
    wb = await readWorkbook(new Uint8Array(readFileSync(resolve(corpus, file))));
  } catch {
    continue;
  }
  let on: ReturnType<typeof evaluateWorkbook>;
  let off: ReturnType<typeof evaluateWorkbook>;
  try {
    // RAND() draws anew on every evaluation: both draw the same sequence.
    on = withRandom(() => evaluateWorkbook(wb));
    off = withRandom(() => withoutShortcuts(() => evaluateWorkbook(wb)));
  } catch (e) {
    failed.push(`${file}: ${(e as Error).message}`);
    continue;
  }
  workbooks++;
  for (const sh of wb.sheets)
    for (const [r, row] of sh.rows)
      for (const c of row.keys()) {
        cells++;
        if (JSON.stringify(on.get(sh.name, r, c)) !== JSON.stringify(off.get(sh.name, r, c))) {
          differing++;
          if (examples.length < 20) examples.push(`${file} ${sh.name} ${r},${c}: value differs`);
        }
      }
}
console.log(`corpus:      ${corpus}`);
console.log(`formulas:    ${formulas.size} distinct (${rewritten} more as the oracle rewrites them)`);
console.log(`hashed:      ${texts} texts HyperFormula lexes`);
console.log(`moves left to the lexer (a reference changed form: #REF!, another shape): ${changedForm}`);
console.log(`directions kept off by the gate (the first move hashed differently): ${off}`);
for (const e of offExamples) console.log(`  ${e}`);
console.log(`moves the gate allowed: ${allowed}; hashed differently: ${violations}`);
for (const e of examples) console.log(`  ${e}`);
console.log(`time:        ${hashSeconds.toFixed(1)} s`);
console.log(
  `values:      ${workbooks} workbooks, ${cells} cells evaluated with the shortcuts and without: ${differing} differ (${((performance.now() - t1) / 1000).toFixed(1)} s)`,
);
for (const f of failed) console.log(`  not evaluated: ${f}`);
process.exit(violations === 0 && differing === 0 ? 0 : 1);
