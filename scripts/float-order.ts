/**
 * `npx tsx scripts/float-order.ts [corpus dir]`: which floating-point order reproduces Excel's saved doubles
 * for integer powers (`^`, POWER) and for MOD, over every such cell of the corpus saved by Excel.
 *
 * Each formula holding `^`, POWER or MOD whose operands are numbers, number cells of its own sheet (a formula
 * cell read as the value Excel saved for it) and `+ - * /`, unary minus and `%` is evaluated once per
 * candidate order, and each result compared with the saved double (`Number(v)`):
 * - powers: `Math.pow` (JSONata's `$power`), repeated squaring from the low bit (`x^13 = x·x^4·x^8`), and
 *   from the high bit (`((x²·x)²)²·x`), a negative exponent as 1/(x^|n|) or as (1/x)^|n|; a non-integer exponent always
 *   through `Math.pow`, so only a cell with an integer exponent can tell the orders apart;
 * - MOD: `n - d*floor(n/d)` on the binary quotient, and the exact remainder (IEEE fmod, JavaScript's `%`)
 *   moved into the divisor's sign by adding the divisor once.
 * Lists each cell that some candidate gets wrong, then the counts per candidate. Other cells (text, errors,
 * other functions, another sheet) are counted as skipped. Evidence for docs/semantics.md, not a test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Node } from '../src/workbook/formula/ast.js';
import { parseFormula } from '../src/workbook/formula/parser.js';
import { getCell, type SheetModel } from '../src/workbook/model.js';
import { producerOf } from '../src/workbook/producer.js';
import { readWorkbook } from '../src/workbook/reader.js';
import { type ExpectedCell, readExpectedCells, savedValue, parseA1 } from './corpus.js';

type Pow = (x: number, n: number) => number;
type Mod = (n: number, d: number) => number;

/** x^n by squaring from the low bit of |n|. */
function squaringLow(x: number, n: number): number {
  let k = Math.abs(n);
  let base = x;
  let r = 1;
  while (k > 0) {
    if (k % 2 === 1) r *= base;
    k = Math.floor(k / 2);
    if (k > 0) base *= base;
  }
  return n < 0 ? 1 / r : r;
}

/** x^n by squaring from the high bit of |n|. */
function squaringHigh(x: number, n: number): number {
  const bits = Math.abs(n).toString(2);
  let r = 1;
  for (const b of bits) {
    r *= r;
    if (b === '1') r *= x;
  }
  return n < 0 ? 1 / r : r;
}

const integral = (y: number) => Number.isInteger(y) && Math.abs(y) <= 2 ** 31;
const POWERS: Record<string, Pow> = {
  'Math.pow': Math.pow,
  'squaring, low bit first': (x, y) => (integral(y) ? squaringLow(x, y) : x ** y),
  'squaring, high bit first': (x, y) => (integral(y) ? squaringHigh(x, y) : x ** y),
  'squaring 1/x, low bit first': (x, y) =>
    integral(y) ? (y < 0 ? squaringLow(1 / x, -y) : squaringLow(x, y)) : x ** y,
};
const MODS: Record<string, Mod> = {
  'n - d*floor(n/d)': (n, d) => n - d * Math.floor(n / d),
  'fmod, into the sign of d': (n, d) => {
    const r = n % d;
    return r !== 0 && r < 0 !== d < 0 ? r + d : r;
  },
};

class Skip extends Error {}

/** The integer exponents met, to show which squaring orders the cells can tell apart. */
const exponents = new Set<number>();

/** The formula's value with one power order and one MOD order; Skip when it is not plain arithmetic. */
function evaluate(node: Node, sheet: SheetModel, pow: Pow, mod: Mod, seen: { intPow: boolean }): number {
  const ev = (n: Node) => evaluate(n, sheet, pow, mod, seen);
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'cell': {
      if (node.sheet !== undefined) throw new Skip();
      const v = getCell(sheet, node.row, node.col)?.value;
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
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          if (b === 0) throw new Skip();
          return a / b;
        case '^':
          if (integral(b)) {
            seen.intPow = true;
            exponents.add(b);
          }
          return pow(a, b);
        default:
          throw new Skip();
      }
    }
    case 'call': {
      const args = node.args.map(ev);
      if (node.name === 'POWER' && args.length === 2) {
        if (integral(args[1]!)) {
          seen.intPow = true;
          exponents.add(args[1]!);
        }
        return pow(args[0]!, args[1]!);
      }
      if (node.name === 'MOD' && args.length === 2 && args[1] !== 0) return mod(args[0]!, args[1]!);
      throw new Skip();
    }
    default:
      throw new Skip();
  }
}

const corpus = resolve(process.argv[2] ?? '../shared/corpus');
if (!existsSync(join(corpus, 'expected-cells.jsonl'))) {
  console.error(`float-order: corpus not found at ${corpus}`);
  process.exit(1);
}
const wanted = (f: string) => /\^|POWER\(|MOD\(/i.test(f);
const byFile = new Map<string, ExpectedCell[]>();
for (const e of readExpectedCells(corpus).filter((c) => wanted(c.formula))) {
  byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
}

const tally = {
  power: { tried: 0, skipped: 0, exact: Object.fromEntries(Object.keys(POWERS).map((k) => [k, 0])) },
  mod: { tried: 0, skipped: 0, exact: Object.fromEntries(Object.keys(MODS).map((k) => [k, 0])) },
};
const lines: string[] = [];
for (const [file, cells] of byFile) {
  const wb = await readWorkbook(new Uint8Array(readFileSync(join(corpus, file))));
  if (producerOf(wb).kind !== 'excel') continue;
  for (const e of cells) {
    const saved = savedValue(e.cached);
    const sheet = wb.sheets.find((s) => s.name === e.sheet);
    const { row, col } = parseA1(e.cell);
    const formula = (sheet && getCell(sheet, row, col)?.formula) ?? e.formula;
    const ast = parseFormula(formula).ast;
    const isMod = /MOD\(/i.test(formula);
    const t = isMod ? tally.mod : tally.power;
    if (typeof saved !== 'number' || !sheet || !ast) {
      t.skipped++;
      continue;
    }
    const seen = { intPow: false };
    const results: Record<string, number> = {};
    try {
      for (const [pn, pow] of Object.entries(isMod ? { 'Math.pow': Math.pow } : POWERS)) {
        for (const [mn, mod] of Object.entries(
          isMod ? MODS : { 'n - d*floor(n/d)': MODS['n - d*floor(n/d)']! },
        )) {
          results[isMod ? mn : pn] = evaluate(ast, sheet, pow, mod, seen);
        }
      }
    } catch (err) {
      if (!(err instanceof Skip)) throw err;
      t.skipped++;
      continue;
    }
    if (!isMod && !seen.intPow) {
      t.skipped++;
      continue;
    }
    t.tried++;
    for (const [k, v] of Object.entries(results)) if (Object.is(v, saved) || v === saved) t.exact[k]!++;
    if (Object.values(results).some((v) => v !== saved)) {
      const got = Object.entries(results)
        .map(([k, v]) => `${k} ${v}${v === saved ? ' =' : ''}`)
        .join('; ');
      lines.push(`  ${file} ${e.sheet}!${e.cell} =${formula} saved ${saved}: ${got}`);
    }
  }
}

console.log('Cells where a candidate differs from the saved double:');
for (const l of lines) console.log(l);
for (const [what, t] of Object.entries(tally)) {
  const note = what === 'power' ? ' (cells with an integer exponent)' : '';
  console.log(`\n${what}${note}: tried ${t.tried}, skipped ${t.skipped}`);
  if (what === 'power') console.log(`  exponents seen: ${[...exponents].sort((a, b) => a - b).join(' ')}`);
  for (const [k, n] of Object.entries(t.exact)) console.log(`  ${k.padEnd(28)} exact ${n} of ${t.tried}`);
}
