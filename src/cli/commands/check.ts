/**
 * `sheetspec check [dir] [--update]`: compile every fixture workbook and compare it with its golden files.
 * Exit 0 when all match, 1 on any difference or verification failure, 2 on a usage error.
 */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { type CliIO, CommandExit, processIO } from '../batch/command.js';
import { checkFixtures, renderCheckReport } from '../batch/check.js';
import { UsageError } from '../batch/discover.js';
import { withExamples } from '../help.js';

export function registerCheckCommand(program: Command, io: CliIO = processIO()): void {
  const command = commandHead(program, 'check')
    .option('--update', 'rewrite the golden files to match, and list which changed')
    .option('--jobs <n>', 'workbooks compiled in parallel (default: number of cores)')
    .action(async (dir: string, opts: { update?: boolean; jobs?: string }) => {
      const jobs = opts.jobs === undefined ? undefined : Number(opts.jobs);
      if (jobs !== undefined && !(Number.isInteger(jobs) && jobs > 0)) {
        io.stderr.write(`sheetspec: --jobs must be a positive integer, got ${opts.jobs}\n`);
        throw new CommandExit(2);
      }
      let report: Awaited<ReturnType<typeof checkFixtures>>;
      try {
        report = await checkFixtures(dir, { update: opts.update === true, jobs, cwd: io.cwd });
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        io.stderr.write(`sheetspec: ${e.message}\n`);
        throw new CommandExit(2);
      }
      io.stdout.write(renderCheckReport(report));
      if (!report.ok) throw new CommandExit(1);
    });
  withExamples(command, [
    ['sheetspec check', 'compare every workbook under fixtures/ with its golden files'],
    ['sheetspec check fixtures --update', 'rewrite the golden files after a reviewed change'],
  ]);
}
