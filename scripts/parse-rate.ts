/**
 * `npm run parse-rate [-- <corpus file>]`: parse every formula of the real-world corpus and report the rate.
 * The corpus (default ../shared/corpus/formulas/parse-corpus.txt) has one formula per line, in double quotes
 * with inner quotes doubled (CSV style), without the leading `=`. Exits 1 when the file is missing or fewer
 * than 99.5% of the formulas parse.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFormula } from '../src/workbook/formula/index.js';

const THRESHOLD = 99.5;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const file = resolve(process.argv[2] ?? resolve(root, '../shared/corpus/formulas/parse-corpus.txt'));

if (!existsSync(file)) {
  console.error(`parse-rate: corpus file not found: ${file}`);
  console.error('Expected ../shared/corpus/formulas/parse-corpus.txt next to the project, or pass a path.');
  process.exit(1);
}

/** `"a""b"` → `a"b`; a line without surrounding quotes is taken as is. */
function unquote(line: string): string {
  if (line.length >= 2 && line.startsWith('"') && line.endsWith('"'))
    return line.slice(1, -1).replace(/""/g, '"');
  return line;
}

const lines = readFileSync(file, 'utf8')
  .split(/\r?\n/)
  .filter((l) => l.trim() !== '');
const failures = new Map<string, { count: number; example: string; message: string }>();
let parsed = 0;
const t0 = performance.now();
for (const line of lines) {
  const formula = unquote(line);
  const r = parseFormula(formula);
  if (r.ast) {
    parsed++;
    continue;
  }
  const d = r.diagnostics[0];
  const f = failures.get(d.code);
  if (f) f.count++;
  else failures.set(d.code, { count: 1, example: formula, message: d.message });
}
const ms = performance.now() - t0;
const total = lines.length;
const rate = total === 0 ? 0 : (parsed / total) * 100;

console.log(`corpus:  ${file}`);
console.log(`total:   ${total}`);
console.log(`parsed:  ${parsed}`);
console.log(`failed:  ${total - parsed}`);
console.log(`rate:    ${rate.toFixed(3)}% (threshold ${THRESHOLD}%)`);
console.log(
  `time:    ${(ms / 1000).toFixed(2)} s (${((ms * 1000) / Math.max(total, 1)).toFixed(1)} µs per formula)`,
);
if (failures.size > 0) {
  console.log('top failure codes:');
  const top = [...failures.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 10);
  for (const [code, f] of top) {
    const ex = f.example.length > 100 ? `${f.example.slice(0, 100)}…` : f.example;
    console.log(`  ${code.padEnd(20)} ${String(f.count).padStart(6)}  e.g. ${ex}  (${f.message})`);
  }
}
if (total === 0 || rate < THRESHOLD) {
  console.error(`parse-rate: ${rate.toFixed(3)}% is below the ${THRESHOLD}% threshold`);
  process.exit(1);
}
