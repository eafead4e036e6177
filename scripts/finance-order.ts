/**
 * `npx tsx scripts/finance-order.ts [corpus dir]`: which order of the annuity equation reproduces Excel's saved
 * PV and FV cells (docs/semantics.md, "The 15-digit tier", How PV was chosen). Evidence, not a test.
 *
 * Every PV/FV cell saved by Excel whose arguments are numbers, booleans, blanks or number cells of its own
 * sheet (a formula cell read as the value Excel saved for it) and `+ - * /`, unary minus and `%` is evaluated
 * in double arithmetic with each candidate: q = (1 + rate)^nper by
 * - `log1p(rate)`: exp and expm1 of nper·log1p(rate) on the unrounded rate (PMT's form);
 * - `rounded base`: the base b = 1 + rate rounded first; an integer nper by pow (q - 1 by subtraction), else exp
 *   and expm1 of nper·log1p(b - 1);
 * each with (q - 1)/rate taken before the payment multiplies it or after. Prints the cells some candidate gets
 * apart at 15 digits, then per function and candidate: exact, 15-digit, apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Node } from '../src/workbook/formula/ast.js';
import { parseFormula } from '../src/workbook/formula/parser.js';
import { getCell, type SheetModel } from '../src/workbook/model.js';
import { producerOf } from '../src/workbook/producer.js';
import { round15 } from '../src/workbook/precision.js';
import { readWorkbook } from '../src/workbook/reader.js';
import { type ExpectedCell, readExpectedCells, savedValue, parseA1 } from './corpus.js';

class Skip extends Error {}

function value(node: Node, sheet: SheetModel): number {
  const ev = (n: Node) => value(n, sheet);
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'boolean':
      return node.value ? 1 : 0;
    case 'cell': {
      if (node.sheet !== undefined) throw new Skip();
      const v = getCell(sheet, node.row, node.col)?.value;
      if (v === undefined || v === null) return 0;
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (typeof v !== 'number') throw new Skip();
      return v;
    }
    case 'unary':
      if (node.op === '@') throw new Skip();
      return node.op === '-' ? -ev(node.operand) : ev(node.operand);
    case 'percent':
      return ev(node.operand) / 100;
    case 'binary': {
      const a = ev(node.left);
      const b = ev(node.right);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      if (node.op === '/') return a / b;
      throw new Skip();
    }
    default:
      throw new Skip();
  }
}

type Power = (rate: number, nper: number) => [q: number, qm1: number];
const POWERS: Record<string, Power> = {
  'log1p(rate)': (r, n) => [Math.exp(n * Math.log1p(r)), Math.expm1(n * Math.log1p(r))],
  'rounded base': (r, n) => {
    const b = 1 + r;
    if (Number.isInteger(n)) {
      const q = b ** n;
      return [q, q - 1];
    }
    const y = n * (b >= 0.5 ? Math.log1p(b - 1) : Math.log(Math.abs(b)));
    return [Math.exp(y), Math.expm1(y)];
  },
};

/** The annuity term pmt·(1 + rate·type)·(q - 1)/rate, the division first or last. */
const annuity = (p: number, r: number, t: number, qm1: number, divideFirst: boolean) =>
  divideFirst ? p * (1 + r * t) * (qm1 / r) : (p * (1 + r * t) * qm1) / r;

function candidate(fn: string, a: number[], power: Power, divideFirst: boolean): number {
  const [r = 0, n = 0, p = 0, f = 0, type = 0] = a;
  const t = type !== 0 ? 1 : 0;
  if (r === 0) return -(f + p * n);
  if (r <= -1 && !Number.isInteger(n)) throw new Skip();
  const [q, qm1] = power(r, n);
  const term = annuity(p, r, t, qm1, divideFirst);
  return fn === 'PV' ? -(f + term) / q : -(f * q + term);
}

const corpus = resolve(process.argv[2] ?? '../shared/corpus');
if (!existsSync(join(corpus, 'expected-cells.jsonl'))) {
  console.error(`finance-order: corpus not found at ${corpus}`);
  process.exit(1);
}
const byFile = new Map<string, ExpectedCell[]>();
for (const e of readExpectedCells(corpus).filter((c) => /^(PV|FV)\(/i.test(c.formula))) {
  byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
}
const names = Object.keys(POWERS).flatMap((p) => [`${p}, (q-1)/rate first`, `${p}, /rate last`]);
const tally = new Map<string, { exact: number; at15: number; apart: number }>();
const lines: string[] = [];
for (const [file, cells] of byFile) {
  const wb = await readWorkbook(new Uint8Array(readFileSync(join(corpus, file))));
  if (producerOf(wb).kind !== 'excel') continue;
  for (const e of cells) {
    const saved = savedValue(e.cached);
    const sheet = wb.sheets.find((s) => s.name === e.sheet);
    const { row, col } = parseA1(e.cell);
    const ast = parseFormula((sheet && getCell(sheet, row, col)?.formula) ?? e.formula).ast as
      | Node
      | undefined;
    if (typeof saved !== 'number' || !sheet || ast?.kind !== 'call') continue;
    const fn = ast.name;
    let outcomes: string[];
    try {
      const args = ast.args.map((n) => value(n, sheet));
      outcomes = Object.values(POWERS).flatMap((power) =>
        [true, false].map((first) => {
          const v = candidate(fn, args, power, first);
          return v === saved ? 'exact' : round15(v) === round15(saved) ? 'at15' : `apart (${v})`;
        }),
      );
    } catch (err) {
      if (err instanceof Skip) continue;
      throw err;
    }
    outcomes.forEach((o, i) => {
      const key = `${fn}: ${names[i]}`;
      const t = tally.get(key) ?? { exact: 0, at15: 0, apart: 0 };
      if (o === 'exact') t.exact++;
      else if (o === 'at15') t.at15++;
      else t.apart++;
      tally.set(key, t);
    });
    if (outcomes.some((o) => o.startsWith('apart')))
      lines.push(
        `  ${file} ${e.sheet}!${e.cell} =${e.formula} saved ${saved}: ${outcomes.map((o, i) => `${names[i]} ${o}`).join('; ')}`,
      );
  }
}
console.log('Cells some candidate gets apart at 15 digits:');
for (const l of lines) console.log(l);
console.log('\nPer function and candidate (exact / 15-digit / apart):');
for (const [k, t] of [...tally].sort()) console.log(`  ${k.padEnd(44)} ${t.exact} / ${t.at15} / ${t.apart}`);
