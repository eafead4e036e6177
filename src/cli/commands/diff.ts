/**
 * `sheetspec diff <old> <new> [--json]`: the semantic diff of two conversions of one workbook
 * (src/cli/spec-diff.ts). Each file is a spec or a `convert --json` result (which also carries the refused
 * columns and warnings). Exit 0 when equal, 1 when different, 2 on a usage error or a file that is neither.
 * The specs run in the sandbox, under `--timeout` each run.
 */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { type ModelSpec, readJsonInput } from '../../modelspec/index.js';
import { dryRun } from '../../authoring/light.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { out, outJson } from '../output.js';
import { type DiffSide, diffConversions, type RunSpec, renderSpecDiff, sideFromJson } from '../spec-diff.js';
import { limitsOption, timeoutFlag, usage } from './spec-common.js';

const DEFAULT_TIMEOUT_MS = 10_000;

async function readSide(file: string): Promise<DiffSide> {
  let value: unknown;
  try {
    value = await readJsonInput(file);
  } catch (e) {
    const { code, message } = e as { code?: string; message?: string };
    usage(`${code ?? 'INPUT_UNREADABLE'}: ${message}`);
  }
  const side = sideFromJson(value);
  if (!side) usage(`INPUT_INVALID: ${file} is neither a ModelSpec nor a \`convert --json\` result`);
  return side;
}

function sandboxRunner(timeoutMs: number): RunSpec {
  return async (spec: ModelSpec, given: Record<string, unknown>) => {
    try {
      const r = await dryRun(spec, { mutations: given }, { limits: { timeoutMs } });
      if (r.ok) return { ok: true, state: r.state };
      const first = r.violations[0];
      const where = first && ('constraintId' in first ? first.constraintId : first.path);
      return { ok: false, message: `${r.error}${first ? ` (${where}: ${first.message})` : ''}` };
    } catch (e) {
      const { code, message } = e as { code?: string; message?: string };
      return { ok: false, message: `${code ?? 'ERROR'}: ${message}` };
    }
  };
}

export function registerDiffCommand(program: Command): void {
  const command = commandHead(program, 'diff')
    .option('--json', 'print the diff as JSON')
    .option(...timeoutFlag(DEFAULT_TIMEOUT_MS))
    .action(async (oldFile: string, newFile: string, opts: { json?: boolean; timeout?: string }) => {
      const { timeoutMs } = limitsOption(opts.timeout, DEFAULT_TIMEOUT_MS);
      const [a, b] = [await readSide(oldFile), await readSide(newFile)];
      const d = await diffConversions(a, b, sandboxRunner(timeoutMs));
      if (opts.json) outJson(d);
      else out(renderSpecDiff(d));
      if (!d.equal) throw new CommandExit(1);
    });
  withExamples(command, [
    ['sheetspec diff old/orders.spec.json orders.spec.json', 'what a new sheetspec changed in a spec'],
    [
      'sheetspec convert orders.xlsx --json > new.json; sheetspec diff old.json new.json',
      'the same with refused columns and warnings compared too',
    ],
    ['sheetspec diff a.spec.json b.spec.json --json', 'the diff as JSON; exit 1 when they differ'],
  ]);
}
