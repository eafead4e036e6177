/**
 * `sheetspec functions [NAME] [--json]`: the supported Excel functions, from the function table (joined with
 * how the oracle checks each). Without a name, one line each; with one, that function in full; an unknown name
 * is `UNSUPPORTED_FUNCTION` (exit 1) with the nearest supported names.
 */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { type ListedEntry, listFunctions, lookupFunction } from '../../pipeline/index.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { out, outJson, problem } from '../output.js';

const arity = (e: ListedEntry): string =>
  e.arity === undefined
    ? ''
    : e.arity.max === e.arity.min
      ? `${e.arity.min}`
      : `${e.arity.min}–${e.arity.max === Infinity || e.arity.max > 250 ? '…' : e.arity.max}`;

const value = (v: unknown): string => JSON.stringify(v);

function oracleText(e: ListedEntry): string {
  const t = e.oracle;
  if (!t) return '';
  return t.kind === 'hyperformula'
    ? 'HyperFormula as is'
    : `${t.name} (correction: ${t.corrections.join(', ')}): ${t.note}`;
}

/** One function in full, as text. */
export function functionText(e: ListedEntry): string {
  const lines = [`${e.signature ?? e.name}`, `  ${e.summary ?? ''}`, ''];
  lines.push(`  arguments  ${arity(e)}`);
  lines.push(`  lowering   ${e.lowering}`);
  lines.push(`  semantics  ${e.notes}`);
  if (e.helpers?.length) lines.push(`  helpers    ${e.helpers.map((h) => `$${h}`).join(', ')}`);
  if (e.example) {
    const cells = Object.entries(e.example.cells ?? {}).map(([a, v]) => `${a}=${value(v)}`);
    lines.push(
      `  example    ${e.example.formula}${cells.length ? ` with ${cells.join(', ')}` : ''} → ${value(e.example.value)}`,
    );
  }
  lines.push(`  oracle     ${oracleText(e)}`);
  const ev = e.evidence;
  if (ev) {
    if (ev.microsoft?.length) lines.push(`  docs       ${ev.microsoft.join('; ')}`);
    if (ev.corpus?.length) lines.push(`  corpus     ${ev.corpus.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Every supported function, one line each: name, arity, summary (cut to the width). */
export function functionsTable(entries: ListedEntry[], width = 100): string {
  const fns = entries.filter((e) => e.kind === 'function');
  const nameW = Math.max(...fns.map((e) => e.name.length), 4);
  const rows = fns.map((e) => {
    const head = `${e.name.padEnd(nameW)}  ${arity(e).padEnd(5)}  `;
    const room = Math.max(10, width - head.length);
    const s = e.summary ?? '';
    return head + (s.length > room ? `${s.slice(0, room - 1)}…` : s);
  });
  return `${rows.join('\n')}\n${fns.length} functions; \`sheetspec functions NAME\` for one in full\n`;
}

export function registerFunctionsCommand(program: Command): void {
  const command = commandHead(program, 'functions')
    .option('--json', 'print the entries as JSON')
    .action((name: string | undefined, opts: { json?: boolean }) => {
      if (name === undefined) {
        const all = listFunctions().entries.filter((e) => e.kind === 'function');
        if (opts.json) outJson(all);
        else out(functionsTable(all, process.stdout.columns || 100));
        return;
      }
      const { entry, nearest } = lookupFunction(name);
      if (entry) {
        if (opts.json) outJson(entry);
        else out(functionText(entry));
        return;
      }
      const hint = nearest.length ? `; nearest: ${nearest.join(', ')}` : '';
      problem('UNSUPPORTED_FUNCTION', `${name} is not a supported function${hint}`);
      throw new CommandExit(1);
    });
  withExamples(command, [
    ['sheetspec functions', 'every supported function, one line each'],
    ['sheetspec functions ROUND', 'one function: its arity, Excel semantics, lowering, example and evidence'],
    ['sheetspec functions --json', 'the whole table as JSON'],
  ]);
}
