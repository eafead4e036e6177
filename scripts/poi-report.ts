/**
 * `npm run poi-report`: runs the compiler over the real workbooks in ../shared/corpus/excel/poi and prints,
 * per file, which columns compiled or were refused and why (or the file-level code), then a tally.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convert } from '../src/pipeline/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '../../shared/corpus/excel/poi');
if (!existsSync(dir)) {
  console.error(`poi-report: ${dir} is absent (the shared corpus is not checked out); nothing to report`);
  process.exit(2);
}
const files = readdirSync(dir)
  .filter((f) => /\.(xlsx|xlsm)$/i.test(f))
  .sort();
const fileCodes = new Map<string, number>();
const columnCodes = new Map<string, number>();
let compiled = 0;
let valid = 0;
let cells = 0;
let matched = 0;
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
for (const f of files) {
  const result = await convert(new Uint8Array(readFileSync(path.join(dir, f))), { filename: f });
  if (!result.valid) {
    bump(fileCodes, result.reason);
    console.log(`${f}: ${result.reason}: ${result.error.slice(0, 160)}`);
    for (const r of result.rejectedColumns ?? []) {
      bump(columnCodes, r.reason);
      console.log(`    refused ${r.column} "${r.header.slice(0, 40)}": ${r.reason}`);
    }
    continue;
  }
  valid++;
  const derived = (result.spec.derivations ?? []).filter((d) => d.path.startsWith('$.items[*].'));
  compiled += derived.length;
  cells += result.verification?.cellsChecked ?? 0;
  matched += result.verification?.matched ?? 0;
  console.log(
    `${f}: valid, ${derived.length} column(s) compiled (${derived.map((d) => d.path.slice(11)).join(', ')}), ${result.rejectedColumns.length} refused, ${result.verification?.matched ?? 0}/${result.verification?.cellsChecked ?? 0} values verified`,
  );
  for (const r of result.rejectedColumns) {
    bump(columnCodes, r.reason);
    console.log(`    refused ${r.column} "${r.header.slice(0, 40)}": ${r.reason}: ${r.detail.slice(0, 140)}`);
  }
}
const tally = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
console.log(`\n${files.length} workbooks: ${valid} valid, ${files.length - valid} not (${tally(fileCodes)})`);
console.log(`${compiled} formula columns compiled; ${matched}/${cells} values verified`);
console.log(`column refusals: ${tally(columnCodes)}`);
