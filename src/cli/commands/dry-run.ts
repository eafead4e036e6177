/**
 * `sheetspec dry-run <spec.json> [--set '$.path=<json>' ...] [--state file] [--json]`: one isolated run with
 * sample mutations; prints what changed against the computed state before them (or the whole result with
 * `--json`). `--set '$const.name=<json>'` overrides a constant. Exit 1 on a violation (reported on stderr).
 */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { type ModelSpec, parseJsonText, readJsonInput } from '../../modelspec/index.js';
import { dryRun } from '../../authoring/light.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { err, out, problem } from '../output.js';
import { failWith, limitsOption, printJson, readSpec, timeoutFlag, usage } from './spec-common.js';

const DEFAULT_TIMEOUT_MS = 10_000;

/** `$.a.b=<json>` or `$const.x=<json>` → [path, value]; a value that is not JSON is taken as a string. */
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

interface DryRunOptions {
  set: string[];
  state?: string;
  json?: boolean;
  timeout?: string;
}

type Result = Awaited<ReturnType<typeof dryRun>>;

function printChanges(result: Result & { ok: true }): void {
  const show = (v: unknown) => (v === undefined ? '(missing)' : JSON.stringify(v));
  for (const c of result.changes) out(`${c.path}: ${show(c.before)} → ${show(c.after)}\n`);
  if (result.changes.length === 0) out('(no changes)\n');
  if (result.changesOmitted > 0) out(`... ${result.changesOmitted} more changes\n`);
  out(`derived updated: ${result.derivedUpdated.join(', ') || '(none)'}\n`);
  const unknown = result.notEstablished;
  if (unknown) {
    // Why apart: such a value is no Excel answer (its case's Excel answer is not established).
    out(`not established: ${unknown.count} value(s)\n`);
    for (const u of unknown.at) out(`  ${u.path}: ${u.reason}\n`);
    if (unknown.count > unknown.at.length) out(`  ... ${unknown.count - unknown.at.length} more\n`);
  }
  for (const f of result.flaggedConstraints)
    err(`sheetspec: flagged ${f.constraintId}${f.path ? ` at ${f.path}` : ''}: ${f.message}\n`);
}

export function registerDryRunCommand(program: Command): void {
  const command = commandHead(program, 'dry-run')
    .option(
      '--set <assignment>',
      "a mutation '$.path=<json>', or '$const.name=<json>' for a constant (repeatable)",
      (v: string, acc: string[]) => [...acc, v],
      [],
    )
    .option('--state <file>', 'start from this document instead of the seed')
    .option('--json', 'print the whole result as JSON')
    .option(...timeoutFlag(DEFAULT_TIMEOUT_MS))
    .action(async (file: string, opts: DryRunOptions) => {
      const mutations = Object.fromEntries(opts.set.map(parseSet));
      let result: Result;
      try {
        const spec = await readSpec(file);
        const state =
          opts.state !== undefined
            ? ((await readJsonInput(opts.state)) as Record<string, unknown>)
            : undefined;
        result = await dryRun(
          spec,
          { mutations, ...(state ? { state } : {}) },
          { limits: limitsOption(opts.timeout, DEFAULT_TIMEOUT_MS) },
        );
      } catch (e) {
        failWith(e, opts.json);
      }
      if (opts.json) printJson(result);
      else if (result.ok) printChanges(result);
      else {
        const code = result.error === 'Schema violation' ? 'SCHEMA_VIOLATION' : 'CONSTRAINT_VIOLATION';
        for (const v of result.violations) {
          const where = 'constraintId' in v ? `${v.constraintId}${v.path ? ` at ${v.path}` : ''}` : v.path;
          problem(code, `${where}: ${v.message}`);
        }
      }
      if (!result.ok) throw new CommandExit(1);
    });
  withExamples(command, [
    [
      `sheetspec dry-run fixtures/specs/valid/orders.spec.json --set '$.items[0].qty=20'`,
      'change one input and see what it changes',
    ],
    [
      `sheetspec dry-run fixtures/specs/valid/orders.spec.json --set '$const.discountRate=0.2'`,
      'the same for a constant',
    ],
  ]);
}
