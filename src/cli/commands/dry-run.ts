/**
 * `sheetspec dry-run <spec.json> [--set '$.path=<json>' ...] [--state file] [--json]`: one isolated run with
 * sample mutations; prints the change summary (or the whole result with `--json`). Exit 1 on a violation.
 */
import type { Command } from 'commander';
import { type ModelSpec, parseJsonText, readJsonInput } from '../../modelspec/index.js';
import { dryRun } from '../../sandbox/index.js';
import { CommandExit } from '../batch/command.js';
import { failWith, limitsOption, printJson, usage } from './spec-common.js';

/** `$.a.b=<json>` → [path, value]; a value that is not JSON is taken as a string. */
export function parseSet(arg: string): [string, unknown] {
  const eq = arg.indexOf('=');
  if (eq <= 0 || !arg.startsWith('$')) usage(`--set expects '$.path=<json>', got "${arg}"`);
  const text = arg.slice(eq + 1);
  try {
    return [arg.slice(0, eq), parseJsonText(text, `--set ${arg.slice(0, eq)}`)];
  } catch {
    return [arg.slice(0, eq), text];
  }
}

export function registerDryRunCommand(program: Command): void {
  program
    .command('dry-run')
    .description('run a spec once with sample mutations and show what changed')
    .argument('<spec>', 'spec JSON file, or - for standard input')
    .option(
      '--set <assignment>',
      "a mutation '$.path=<json>' (repeatable)",
      (v: string, acc: string[]) => [...acc, v],
      [],
    )
    .option('--state <file>', 'start from this document instead of the seed')
    .option('--json', 'print the whole result as JSON')
    .option('--timeout <ms>', 'time limit (default 10000)')
    .action(
      async (file: string, opts: { set: string[]; state?: string; json?: boolean; timeout?: string }) => {
        const mutations = Object.fromEntries(opts.set.map(parseSet));
        let result: Awaited<ReturnType<typeof dryRun>>;
        try {
          const spec = (await readJsonInput(file)) as ModelSpec;
          const state =
            opts.state !== undefined
              ? ((await readJsonInput(opts.state)) as Record<string, unknown>)
              : undefined;
          result = await dryRun(
            spec,
            { mutations, ...(state ? { state } : {}) },
            { limits: { timeoutMs: 10_000, ...limitsOption(opts.timeout) } },
          );
        } catch (e) {
          failWith(e, opts.json);
        }
        if (opts.json) printJson(result);
        else if (!result.ok) {
          process.stdout.write(`${result.error}:\n`);
          for (const v of result.violations) process.stdout.write(`  ${JSON.stringify(v)}\n`);
        } else {
          const show = (v: unknown) => (v === undefined ? '(missing)' : JSON.stringify(v));
          for (const c of result.changes)
            process.stdout.write(`${c.path}: ${show(c.before)} → ${show(c.after)}\n`);
          if (result.changesOmitted > 0) process.stdout.write(`... ${result.changesOmitted} more changes\n`);
          process.stdout.write(`derived updated: ${result.derivedUpdated.join(', ') || '(none)'}\n`);
          for (const f of result.flaggedConstraints)
            process.stdout.write(`flagged ${f.constraintId}${f.path ? ` at ${f.path}` : ''}: ${f.message}\n`);
        }
        if (!result.ok) throw new CommandExit(1);
      },
    );
}
