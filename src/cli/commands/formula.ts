/**
 * `sheetspec formula '<formula>' [--cell A1=<value> ...] [--json]`: lowers one formula, binds the given cells
 * (numbers, "text", TRUE/FALSE; blank when absent), evaluates it and prints `{formula, jsonata, library,
 * value}` (`--json`) or a readable form. Exit 0 when translated, 1 when refused or unparsable, 2 on a bad
 * `--cell`.
 */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { translateFormula } from '../../authoring/index.js';
import type { CellValue } from '../../pipeline/light.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { out, outJson, problem } from '../output.js';

/** `A1=1.5`, `B2="text"`, `C3=TRUE` → [address, value]; undefined when malformed. */
export function parseCellOption(arg: string): [string, CellValue] | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)=(.*)$/s.exec(arg);
  if (!m) return undefined;
  const addr = `${m[1]!.toUpperCase()}${m[2]}`;
  const raw = m[3]!;
  if (/^".*"$/s.test(raw)) return [addr, raw.slice(1, -1).replace(/""/g, '"')];
  if (/^true$/i.test(raw)) return [addr, true];
  if (/^false$/i.test(raw)) return [addr, false];
  if (raw === '') return [addr, null];
  const n = Number(raw);
  if (raw.trim() !== '' && Number.isFinite(n)) return [addr, n];
  return [addr, raw];
}

export function registerFormulaCommand(program: Command): void {
  const command = commandHead(program, 'formula')
    .option(
      '--cell <A1=value>',
      'bind a cell (repeatable): a number, "text", TRUE or FALSE',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option('--json', 'print the result as JSON')
    .action(async (formula: string, opts: { cell: string[]; json?: boolean }) => {
      const cells: Record<string, CellValue> = {};
      for (const c of opts.cell) {
        const parsed = parseCellOption(c);
        if (!parsed) {
          process.stderr.write(`sheetspec: --cell expects A1=<value>, got ${c}\n`);
          throw new CommandExit(2);
        }
        cells[parsed[0]] = parsed[1];
      }
      const r = await translateFormula(formula, cells);
      if ('error' in r) {
        // The JSON answer is the requested result, refusal or not; the readable refusal is a diagnostic.
        if (opts.json) outJson(r);
        else problem(r.error.code, r.error.message, r.formula);
        throw new CommandExit(1);
      }
      if (opts.json) {
        const answer =
          r.notEstablished === undefined ? { value: r.value } : { notEstablished: r.notEstablished };
        outJson({ formula: r.formula, jsonata: r.jsonata, library: r.library ?? null, ...answer });
        return;
      }
      const lines = [`formula: ${r.formula}`, `jsonata: ${r.jsonata}`];
      if (r.library) lines.push(`library: ${r.library.description ?? ''}`);
      // Why not a value: Excel's answer for the case these cells meet is not established.
      lines.push(
        r.notEstablished === undefined
          ? `value:   ${JSON.stringify(r.value)}`
          : `value:   not established (${r.notEstablished})`,
      );
      out(`${lines.join('\n')}\n`);
    });
  withExamples(command, [
    [
      "sheetspec formula '=ROUND(A1*B1,2)' --cell A1=1.005 --cell B1=3",
      'translate, bind two cells, evaluate',
    ],
    [`sheetspec formula '=IF(A1>=10,"big","small")' --cell A1=12 --json`, 'the answer as JSON'],
  ]);
}
