/**
 * `npx tsx scripts/finance-order.ts [corpus dir]`: which order of the annuity equation reproduces Excel's saved
 * PV, FV, IPMT, PPMT and NPV cells (docs/semantics.md, "The 15-digit tier", How PV / IPMT / NPV were chosen).
 * Evidence, not a test.
 *
 * Every PV/FV cell saved by Excel whose arguments are numbers, booleans, blanks or number cells of its own
 * sheet (a formula cell read as the value Excel saved for it) and `+ - * /`, unary minus and `%` is evaluated
 * in double arithmetic with each candidate: q = (1 + rate)^nper by
 * - `log1p(rate)`: exp and expm1 of nper·log1p(rate) on the unrounded rate (PMT's form);
 * - `rounded base`: the base b = 1 + rate rounded first; an integer nper by pow (q - 1 by subtraction), else exp
 *   and expm1 of nper·log1p(b - 1);
 * each with (q - 1)/rate taken before the payment multiplies it or after. IPMT and PPMT (loan candidates below) on
 * the payment p of PMT's form: through FV (IPMT = FV(rate, per - 1, p, pv)·rate, for type 1 (FV(rate, per - 2, p,
 * pv, 1) - p)·rate; PPMT = p - IPMT: LibreOffice's order) with either power, and the forms without a difference of
 * large terms the library takes (loan.ts). NPV (any formula calling it, the NPV by each candidate in NPVS) where
 * it is not a difference of nearly equal terms (under 1/32 of the flows' discounted magnitudes). Prints the cells some candidate gets apart at 15 digits, then per
 * function and candidate: exact, 15-digit, apart.
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

/** NPV over a rate and the counted values (a candidate order). */
type Npv = (rate: number, values: number[]) => number;

function value(node: Node, sheet: SheetModel, npv?: Npv): number {
  const ev = (n: Node) => value(n, sheet, npv);
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
    case 'call': {
      if (node.name !== 'NPV' || !npv) throw new Skip();
      const [rate, ...rest] = node.args;
      return npv(
        ev(rate!),
        rest.flatMap((a) => npvValues(a, sheet)),
      );
    }
    default:
      throw new Skip();
  }
}

/** An NPV value argument: a reference's numbers (blanks, booleans, text skipped; an error skips the cell). */
function npvValues(node: Node, sheet: SheetModel): number[] {
  if (node.kind !== 'range' && node.kind !== 'cell') return [value(node, sheet)];
  if (node.sheet !== undefined) throw new Skip();
  const [r0, c0, r1, c1] =
    node.kind === 'cell'
      ? [node.row, node.col, node.row, node.col]
      : [node.start.row, node.start.col, node.end.row, node.end.col];
  if (r0 === null || c0 === null || r1 === null || c1 === null) throw new Skip();
  const out: number[] = [];
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) {
      const v = getCell(sheet, r, c)?.value;
      if (typeof v === 'number') out.push(v);
      else if (v !== null && typeof v === 'object') throw new Skip();
    }
  return out;
}

/**
 * NPV candidates: Horner from the last flow, s = (s + value)/(1 + rate); each value over its own power (the
 * formula of Microsoft's NPV page as written), summed left to right; and one quotient, the flows folded forward
 * N = N·(1 + rate) + value over (1 + rate)^n by repeated multiplication (the library's).
 */
const NPVS: Record<string, Npv> = {
  'Horner from the last flow': (r, v) => v.reduceRight((a, x) => (a + x) / (1 + r), 0),
  'each power, left to right': (r, v) => v.reduce((a, x, i) => a + x / (1 + r) ** (i + 1), 0),
  'forward fold over product (chosen)': (r, v) => {
    let n = 0;
    let p = 1;
    for (const x of v) {
      n = n * (1 + r) + x;
      p *= 1 + r;
    }
    return n / p;
  },
};

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

/** PMT's form on a power: -(fv + pv·q)·rate / ((1 + rate·type)·(q - 1)). */
function payment(r: number, n: number, v: number, f: number, t: number, power: Power): number {
  if (r === 0) return -(v + f) / n;
  const [q, qm1] = power(r, n);
  return (-(f + v * q) * r) / ((1 + r * t) * qm1);
}

/** IPMT and PPMT candidates: [IPMT, PPMT] of [rate, per, nper, pv, fv, type]. */
type Loan = (a: number[]) => [number, number];
const throughFv =
  (power: Power): Loan =>
  ([r = 0, per = 0, n = 0, v = 0, f = 0, type = 0]) => {
    const t = type !== 0 ? 1 : 0;
    const p = payment(r, n, v, f, t, power);
    if (r === 0) return [0, p];
    const fv = (k: number, tt: number) => {
      const [q, qm1] = power(r, k);
      return -(v * q + p * (1 + r * tt) * (qm1 / r));
    };
    const i = per === 1 ? (t ? 0 : -v * r) : t ? (fv(per - 2, 1) - p) * r : fv(per - 1, 0) * r;
    return [i, p - i];
  };
const LOANS: Record<string, Loan> = {
  'through FV, log1p(rate)': throughFv(POWERS['log1p(rate)']!),
  'through FV, rounded base': throughFv(POWERS['rounded base']!),
  'no large differences (chosen)': ([r = 0, per = 0, n = 0, v = 0, f = 0, type = 0]) => {
    const t = type !== 0 ? 1 : 0;
    const p = payment(r, n, v, f, t, POWERS['log1p(rate)']!);
    if (r === 0) return [0, p];
    if (t === 1 && per === 1) return [0, p];
    const L = Math.log1p(r);
    const w = -(n - per + 1) * L;
    const i = -p * Math.expm1(w) + r * f * Math.exp(w - t * L);
    return [i, -r * (v + f) * (Math.exp((per - 1 - t) * L) / Math.expm1(n * L))];
  },
};

const corpus = resolve(process.argv[2] ?? '../shared/corpus');
if (!existsSync(join(corpus, 'expected-cells.jsonl'))) {
  console.error(`finance-order: corpus not found at ${corpus}`);
  process.exit(1);
}
const byFile = new Map<string, ExpectedCell[]>();
for (const e of readExpectedCells(corpus).filter((c) => /^(PV|FV|IPMT|PPMT)\(|\bNPV\(/i.test(c.formula))) {
  byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
}
const names = Object.keys(POWERS).flatMap((p) => [`${p}, (q-1)/rate first`, `${p}, /rate last`]);
const loanNames = Object.keys(LOANS);
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
    if (typeof saved !== 'number' || !sheet || !ast) continue;
    const fn = /\bNPV\(/i.test(e.formula) ? 'NPV' : ast.kind === 'call' ? ast.name : '';
    if (fn === '') continue;
    let outcomes: string[];
    const loan = fn === 'IPMT' || fn === 'PPMT';
    const labels = fn === 'NPV' ? Object.keys(NPVS) : loan ? loanNames : names;
    const judge = (v: number) =>
      v === saved ? 'exact' : round15(v) === round15(saved) ? 'at15' : `apart (${v})`;
    try {
      if (fn === 'NPV') {
        // Cells whose NPV is a difference of nearly equal terms (IRR.xlsx, NPV at the IRR) are set apart.
        const cancels = value(ast, sheet, (r, v) => {
          const m = v.reduceRight((a, x) => (a + Math.abs(x)) / Math.abs(1 + r), 0);
          const s = NPVS['Horner from the last flow']!(r, v);
          if (32 * Math.abs(s) < m) throw new Skip();
          return s;
        });
        outcomes = cancels === undefined ? [] : Object.values(NPVS).map((c) => judge(value(ast, sheet, c)));
      } else {
        if (ast.kind !== 'call') continue;
        const args = ast.args.map((n) => value(n, sheet));
        if (loan && (args[1]! < 1 || args[1]! >= args[2]! + 1)) continue;
        outcomes = loan
          ? Object.values(LOANS).map((c) => judge(c(args)[fn === 'IPMT' ? 0 : 1]))
          : Object.values(POWERS).flatMap((power) =>
              [true, false].map((first) => judge(candidate(fn, args, power, first))),
            );
      }
    } catch (err) {
      if (err instanceof Skip) continue;
      throw err;
    }
    outcomes.forEach((o, i) => {
      const key = `${fn}: ${labels[i]}`;
      const t = tally.get(key) ?? { exact: 0, at15: 0, apart: 0 };
      if (o === 'exact') t.exact++;
      else if (o === 'at15') t.at15++;
      else t.apart++;
      tally.set(key, t);
    });
    if (outcomes.some((o) => o.startsWith('apart')))
      lines.push(
        `  ${file} ${e.sheet}!${e.cell} =${e.formula} saved ${saved}: ${outcomes.map((o, i) => `${labels[i]} ${o}`).join('; ')}`,
      );
  }
}
console.log('Cells some candidate gets apart at 15 digits:');
for (const l of lines) console.log(l);
console.log('\nPer function and candidate (exact / 15-digit / apart):');
for (const [k, t] of [...tally].sort()) console.log(`  ${k.padEnd(44)} ${t.exact} / ${t.at15} / ${t.apart}`);
