/**
 * `npm run conformance [-- <corpus dir>]`: the lowering against Excel itself.
 *
 * For every formula cell of `expected-cells.jsonl` whose functions are all supported and whose references
 * resolve to constant cells of its own sheet (read with readWorkbook, which shifts shared formulas itself),
 * the formula (a structured reference read as its A1 twin, src/workbook/formula/structured.ts) is lowered with those cells' values, evaluated, and compared with the value Excel saved
 * (`cached.t`/`cached.v`; numbers compared as doubles: `Number(v)`). Reports per function and in total:
 * tried, exact, match only at 15 significant digits, mismatches (listed), and skips by reason; and per producer
 * (`<Application>` of docProps/app.xml). TOTAL counts files saved by Microsoft Excel on any platform (Windows,
 * Macintosh, Online) with Excel's own marks (`producerOf`, src/workbook/producer.ts; a file naming Excel without
 * them is "Excel in name only"); files saved by another application or with no producer are
 * reported apart (their cached values are another engine's, or nobody vouched for them). Any folder with an
 * `expected-cells.jsonl` works: `npm run expected-cells -- <folder>` builds one for a user's own workbooks.
 *
 * A formula cell read by the tried cell is bound to the value Excel saved for it (scripts/conformance-cells.ts
 * `boundCells`), so the tried cell's lowering is tested on exactly the inputs Excel computed with; the cells
 * tried that way are counted on their own line ("reads saved formula cells"). A lowered value that is the
 * run-time "not established" value (an object with a `notEstablished` key) is a refusal, counted in its own
 * column and not in tried. The IronCalc part (excel/ironcalc) gets a line in total and one per category folder.
 *
 * A "Layouts" table (scripts/conformance-layouts.ts) counts the cells of each table layout the compiler takes (structured
 * reference, sheet-qualified reference, defined name, running/cross-row, typed-over): tried and their
 * outcomes, skipped and why; "of which cross-row, reads saved formula cells above" counts the running/cross-row
 * cells that read a formula cell in a row above.
 *
 * `CONFORMANCE_FILES=<regex>` limits the run to the files whose corpus path matches (the figures are then a slice).
 *
 * Exit 1 when the corpus is absent or on any mismatch not listed in conformance-exceptions.json
 * (`[{file, cell, reason}]`, each reason saying why it is Excel's quirk and not our bug).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFormula } from '../src/workbook/formula/parser.js';
import { prepareA1Twin, tableBoxes } from '../src/workbook/formula/structured.js';
import { translateFormula } from '../src/authoring/formula-command.js';
import { getCell, type WorkbookModel } from '../src/workbook/model.js';
import { producerOf } from '../src/workbook/producer.js';
import { readWorkbook } from '../src/workbook/reader.js';
import {
  type Layout,
  layoutTallies,
  SAVED_ABOVE,
  layoutsOf,
  layoutsReport,
  tallyLayouts,
} from './conformance-layouts.js';
import { boundCells, ironcalcCategory, type Outcome, outcomeOf, reading } from './conformance-cells.js';
import { type ExpectedCell, readExpectedCells, savedValue, parseA1 } from './corpus.js';

type Expected = ExpectedCell;
interface Exception {
  file: string;
  cell: string;
  reason: string;
}
/** Tried = exact + 15-digit + mismatch; a "not established" answer is a refusal, counted beside them. */
interface Tally {
  tried: number;
  exact: number;
  match15: number;
  mismatch: number;
  notEstablished: number;
}
const tally = (): Tally => ({ tried: 0, exact: 0, match15: 0, mismatch: 0, notEstablished: 0 });

const corpus = resolve(process.argv[2] ?? '../shared/corpus');
const listing = join(corpus, 'expected-cells.jsonl');
if (!existsSync(listing)) {
  console.error(`conformance: corpus not found: ${listing} (expected ../shared/corpus or a path argument)`);
  process.exit(1);
}
const exceptionsPath = resolve('conformance-exceptions.json');
const exceptions: Exception[] = existsSync(exceptionsPath)
  ? JSON.parse(readFileSync(exceptionsPath, 'utf8'))
  : [];

const expectedValue = savedValue;

/** `CONFORMANCE_FILES=<regex>`: only the corpus files whose path matches (a slice while working on one family). */
const only = process.env.CONFORMANCE_FILES ? new RegExp(process.env.CONFORMANCE_FILES) : undefined;
const rows: Expected[] = readExpectedCells(corpus).filter((r) => !only || only.test(r.file));
if (only)
  console.log(
    `Only files matching /${only.source}/ (CONFORMANCE_FILES): ${new Set(rows.map((r) => r.file)).size}`,
  );
const byFile = new Map<string, Expected[]>();
for (const r of rows) {
  const list = byFile.get(r.file) ?? [];
  list.push(r);
  byFile.set(r.file, list);
}

const total = tally();
/** The IronCalc part (excel/ironcalc, Excel-saved files), in total and per category folder. */
const ironcalc = tally();
const perCategory = new Map<string, Tally>();
/** The cells tried only because a formula cell they read is bound to its saved value (Excel-saved files). */
const readsSaved = tally();
const perFn = new Map<string, Tally>();
const skipped = new Map<string, number>();
const mismatches: string[] = [];
const near: string[] = [];
const unexplained: string[] = [];
const otherApps: string[] = [];
const otherAppTally = tally();
/** Per producer (`<Application>` of docProps/app.xml), Excel's platforms and the others alike. */
const perProducer = new Map<string, Tally & { files: number }>();
const notEstablished: string[] = [];
const forCategory = (c: string): Tally => {
  const t = perCategory.get(c) ?? tally();
  perCategory.set(c, t);
  return t;
};
const skip = (why: string) => skipped.set(why, (skipped.get(why) ?? 0) + 1);
const perLayout = layoutTallies();

for (const [file, cells] of byFile) {
  let wb: WorkbookModel;
  try {
    wb = await readWorkbook(new Uint8Array(readFileSync(join(corpus, file))));
  } catch {
    for (const _ of cells) skip('workbook not readable');
    continue;
  }
  const tables = tableBoxes(wb.tables);
  const producer = producerOf(wb);
  const excel = producer.kind === 'excel';
  if (!excel) otherApps.push(`${file} (${producer.name})`);
  const producerName =
    producer.kind === 'libreoffice'
      ? 'LibreOffice'
      : producer.name.includes(' in name only')
        ? `${producer.name.split(' in name only')[0]!.replace(/^Microsoft /, '')} in name only`
        : producer.name;
  const byProducer = perProducer.get(producerName) ?? { ...tally(), files: 0 };
  perProducer.set(producerName, byProducer);
  byProducer.files++;
  for (const e of cells) {
    const sheet = wb.sheets.find((s) => s.name === e.sheet);
    if (!sheet) {
      skip('sheet not found');
      continue;
    }
    const { row, col } = parseA1(e.cell);
    const model = getCell(sheet, row, col);
    const written = model?.formula ?? e.formula;
    const writtenAst = parseFormula(written).ast;
    const layouts: ReadonlySet<Layout> = writtenAst
      ? layoutsOf(written, writtenAst, { sheet, row, col })
      : new Set();
    const skipCell = (why: string) => {
      skip(why);
      tallyLayouts(perLayout, layouts, { skipped: why });
    };
    if (e.kind === 'array' || model?.formulaKind === 'array') {
      skipCell('array formula');
      continue;
    }
    // Structured references are read as their A1 twins (what the compiler lowers; the table part's ranges).
    const twin = written.includes('[')
      ? prepareA1Twin(written, tables)({ sheet: sheet.name, row, col })
      : { text: written };
    const formula = 'text' in twin ? twin.text : written;
    const want = expectedValue(e.cached);
    if (want === undefined) {
      skipCell('no cached value');
      continue;
    }
    const parsed = formula === written ? { ast: writtenAst } : parseFormula(formula);
    if (!parsed.ast) {
      skipCell('does not parse');
      continue;
    }
    const at = reading(sheet, row, col);
    const { fns } = at;
    const got = boundCells(parsed.ast, wb, at);
    if (typeof got === 'string') {
      skipCell(got);
      continue;
    }
    const r = await translateFormula(formula, got, {
      names: wb.definedNames,
      sheet: sheet.name,
      row,
      date1904: wb.date1904 === true,
    });
    if ('error' in r) {
      skipCell(`refused: ${r.error.code}`);
      continue;
    }
    // Why: translateFormula says the not-established value apart (`notEstablished`, its reason), not as `value`.
    const lowered = r.notEstablished !== undefined ? { notEstablished: r.notEstablished } : r.value;
    const outcome: Outcome = outcomeOf(want, lowered);
    const category = ironcalcCategory(file);
    const tallies: Tally[] = excel
      ? [
          total,
          ...(at.readsSaved ? [readsSaved] : []),
          ...(category === undefined ? [] : [ironcalc, forCategory(category)]),
          ...[...(fns.size ? fns : ['(operators only)'])].map((f) => {
            const t = perFn.get(f) ?? tally();
            perFn.set(f, t);
            return t;
          }),
        ]
      : [otherAppTally];
    tallies.push(byProducer);
    for (const t of tallies) {
      if (outcome !== 'notEstablished') t.tried++;
      t[outcome]++;
    }
    const shown: ReadonlySet<Layout | typeof SAVED_ABOVE> =
      layouts.has('running/cross-row') && at.readsSavedAbove ? new Set([...layouts, SAVED_ABOVE]) : layouts;
    if (outcome === 'notEstablished') tallyLayouts(perLayout, shown, { skipped: 'not established' });
    else tallyLayouts(perLayout, shown, { tried: outcome });
    if (outcome === 'notEstablished')
      notEstablished.push(`${file} ${e.sheet}!${e.cell} =${formula} ${JSON.stringify(lowered)}`);
    if (outcome === 'match15')
      near.push(
        `${file} ${e.sheet}!${e.cell} =${formula} expected ${JSON.stringify(want)} got ${JSON.stringify(r.value)}`,
      );
    if (outcome === 'mismatch') {
      const line = `${file} ${e.sheet}!${e.cell} =${formula} expected ${JSON.stringify(want)} got ${JSON.stringify(r.value)}${excel ? '' : ` [${producer.name}]`}`;
      mismatches.push(line);
      if (excel && !exceptions.some((x) => x.file === file && x.cell === `${e.sheet}!${e.cell}`))
        unexplained.push(line);
    }
  }
}

const fmt = (name: string, t: Tally) =>
  `${name.padEnd(28)} tried ${String(t.tried).padStart(5)}  exact ${String(t.exact).padStart(5)}  15-digit ${String(t.match15).padStart(4)}  mismatch ${String(t.mismatch).padStart(4)}  not established ${String(t.notEstablished).padStart(4)}`;
console.log(`Conformance against Excel's saved values (${corpus})\n`);
for (const [f, t] of [...perFn].sort((a, b) => a[0].localeCompare(b[0]))) console.log(fmt(f, t));
console.log(fmt('TOTAL', total));
console.log(fmt('IronCalc (excel/ironcalc)', ironcalc));
for (const [c, t] of [...perCategory].sort((a, b) => a[0].localeCompare(b[0]))) console.log(fmt(`  ${c}`, t));
console.log(fmt('reads saved formula cells', readsSaved));
console.log('\nBy producer (docProps/app.xml; TOTAL counts every Microsoft Excel platform):');
for (const [name, t] of [...perProducer].sort((a, b) => b[1].tried - a[1].tried || a[0].localeCompare(b[0])))
  console.log(`${fmt(`  ${name.slice(0, 26)}`, t)}  files ${t.files}`);
if (otherApps.length > 0) {
  console.log(`\nFiles not saved by Microsoft Excel (reported apart): ${otherApps.length}`);
  console.log(fmt('  their cells', otherAppTally));
}
console.log('');
for (const line of layoutsReport(perLayout)) console.log(line);
console.log('\nSkipped:');
for (const [why, n] of [...skipped].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(n).padStart(6)}  ${why}`);
if (near.length > 0) {
  console.log('\nMatches only at 15 significant digits:');
  for (const m of near) console.log(`  ${m}`);
}
if (notEstablished.length > 0) {
  console.log('\nNot established (refusals, not compared):');
  for (const m of notEstablished) console.log(`  ${m}`);
}
if (mismatches.length > 0) {
  console.log('\nMismatches:');
  for (const m of mismatches) console.log(`  ${m}`);
}
console.log(`\nUnexplained mismatches: ${unexplained.length} (exceptions listed: ${exceptions.length})`);
process.exit(unexplained.length > 0 ? 1 : 0);
