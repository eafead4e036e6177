/** `sheetspec validate <spec.json> [--json]`: validateSpec; exit 0 valid, 1 errors found. */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { readJsonInput } from '../../modelspec/index.js';
import { validateSpec } from '../../authoring/light.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { out } from '../output.js';
import { failWith, limitsOption, printJson, timeoutFlag } from './spec-common.js';

const DEFAULT_TIMEOUT_MS = 2000;

export function registerValidateCommand(program: Command): void {
  const command = commandHead(program, 'validate')
    .option('--json', 'print the report as JSON')
    .option(...timeoutFlag(DEFAULT_TIMEOUT_MS))
    .action(async (file: string, opts: { json?: boolean; timeout?: string }) => {
      let report: Awaited<ReturnType<typeof validateSpec>>;
      try {
        report = await validateSpec(await readJsonInput(file), {
          limits: limitsOption(opts.timeout, DEFAULT_TIMEOUT_MS),
        });
      } catch (e) {
        failWith(e, opts.json);
      }
      if (opts.json) printJson(report);
      else {
        for (const f of report.errors) {
          out(
            `error ${f.code} at ${f.pointer || '/'}${f.position !== undefined ? ` (position ${f.position})` : ''}: ${f.message}\n`,
          );
        }
        for (const f of report.warnings) out(`warning ${f.code} at ${f.pointer || '/'}: ${f.message}\n`);
        out(
          `${file}: ${report.valid ? 'valid' : 'invalid'} (${report.errors.length} errors, ${report.warnings.length} warnings)\n`,
        );
      }
      if (!report.valid) throw new CommandExit(1);
    });
  withExamples(command, [
    ['sheetspec validate examples/orders.spec.json', 'check a spec; exit 1 when it has errors'],
    ['sheetspec validate my.spec.json --json', 'the findings as JSON, each with a JSON pointer'],
  ]);
}
