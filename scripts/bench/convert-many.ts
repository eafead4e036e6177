/**
 * `npx tsx scripts/bench/convert-many.ts [--rows 1000] [--files 50] [--oracle-thread] [--json]`
 *
 * What one process of a `--jobs 2` batch does, in one thread: the built library's `convert` (dist/) of the wide
 * bench workbook, file after file, the oracle in line (a batch of several jobs runs it so: src/cli/batch/run.ts).
 * Prints the total and the median and least time per file. Run it under `node --single-threaded` (as the batch's
 * processes are) with `--cpu-prof` to see where a batch file's CPU goes:
 * `node --single-threaded --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/convert-many.ts`, then
 * `npx tsx scripts/bench/profile-summary.ts /tmp/prof`. Needs `npm run build` first. `--json` prints instead one
 * line, `{"ms": [...]}`, each file's time in order (scripts/bench/batch-bound.ts reads it).
 */
import { parseArgs } from 'node:util';
import { wideConversion } from './built.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    files: { type: 'string', default: '50' },
    'oracle-thread': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const convert = await wideConversion(Number(args.rows), args['oracle-thread']);
const files = Math.max(1, Number(args.files));
const times: number[] = [];
const t0 = performance.now();
for (let i = 0; i < files; i++) {
  const t = performance.now();
  await convert(i);
  times.push(performance.now() - t);
}
const total = performance.now() - t0;
if (args.json) {
  console.log(JSON.stringify({ ms: times.map((t) => Math.round(t * 10) / 10) }));
  process.exit(0);
}
times.sort((a, b) => a - b);
console.log(
  `${files} × ${args.rows} rows (wide): ${Math.round(total)} ms, median ${times[times.length >> 1].toFixed(0)} ms a file, least ${times[0].toFixed(0)} ms`,
);
