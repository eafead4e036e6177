/**
 * `npx tsx scripts/bench/oracle-small.ts [--times 50] [--rounds 3]`
 *
 * The oracle's fixed cost per engine: a three-sheet workbook of a few cells evaluated `--times` times with the
 * parser's shortcuts (src/oracle/engine/hf-parse.ts, where a later engine takes the analysed grammar) and as
 * many times without (`withoutShortcuts`: each engine analyses its own), alternated for `--rounds` rounds.
 * Prints each round's mean per evaluation.
 */
import { parseArgs } from 'node:util';
import { withoutShortcuts } from '../../src/oracle/engine/hf-parse.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

const { values: args } = parseArgs({
  options: { times: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } },
});
const times = Math.max(1, Number(args.times));
const wb: WorkbookModel = {
  sheets: [gridSheet('A', [[1, '=B!A1*2+X!A1']]), gridSheet('B', [[5]]), gridSheet('X', [[7, '=A!B1&"x"']])],
  definedNames: [],
  tables: [],
};
const mean = (f: () => void): number => {
  const t = performance.now();
  for (let i = 0; i < times; i++) f();
  return (performance.now() - t) / times;
};
const once = () => void evaluateWorkbook(wb).get('A', 0, 1);
once(); // the patches in place, the first engine analysed
for (let r = 0; r < Math.max(1, Number(args.rounds)); r++) {
  const shared = mean(once);
  const own = mean(() => withoutShortcuts(once));
  console.log(
    `round ${r + 1}: ${shared.toFixed(2)} ms an evaluation with the shortcuts, ${own.toFixed(2)} ms without`,
  );
}
