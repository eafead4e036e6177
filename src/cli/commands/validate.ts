/** `sheetspec validate <spec.json> [--json]`: validateSpec; exit 0 valid, 1 errors found. */
import type { Command } from 'commander';
import { readJsonInput } from '../../modelspec/index.js';
import { validateSpec } from '../../sandbox/index.js';
import { CommandExit } from '../batch/command.js';
import { failWith, limitsOption, printJson } from './spec-common.js';

export function registerValidateCommand(program: Command): void {
  program
    .command('validate')
    .description('check a ModelSpec: structure, expressions, library rules, paths, cycles, tests')
    .argument('<spec>', 'spec JSON file, or - for standard input')
    .option('--json', 'print the report as JSON')
    .option('--timeout <ms>', 'time limit for the check (default 2000)')
    .action(async (file: string, opts: { json?: boolean; timeout?: string }) => {
      let report: Awaited<ReturnType<typeof validateSpec>>;
      try {
        report = await validateSpec(await readJsonInput(file), { limits: limitsOption(opts.timeout) });
      } catch (e) {
        failWith(e, opts.json);
      }
      if (opts.json) printJson(report);
      else {
        for (const f of report.errors) {
          process.stdout.write(
            `error ${f.code} at ${f.pointer || '/'}${f.position !== undefined ? ` (position ${f.position})` : ''}: ${f.message}\n`,
          );
        }
        for (const f of report.warnings)
          process.stdout.write(`warning ${f.code} at ${f.pointer || '/'}: ${f.message}\n`);
        process.stdout.write(
          `${file}: ${report.valid ? 'valid' : 'invalid'} (${report.errors.length} errors, ${report.warnings.length} warnings)\n`,
        );
      }
      if (!report.valid) throw new CommandExit(1);
    });
}
