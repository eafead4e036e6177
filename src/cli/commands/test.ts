/** `sheetspec test <spec.json> [--cases cases.json] [--json]`: testSpec; exit 1 on any failure. */
import type { Command } from 'commander';
import { type ModelSpec, readJsonInput, type SpecTest } from '../../modelspec/index.js';
import { testSpec } from '../../sandbox/index.js';
import { CommandExit } from '../batch/command.js';
import { failWith, limitsOption, printJson, usage } from './spec-common.js';

export function registerTestCommand(program: Command): void {
  program
    .command('test')
    .description("run a spec's embedded tests, or ad-hoc {given, expect} cases")
    .argument('<spec>', 'spec JSON file, or - for standard input')
    .option('--cases <file>', 'JSON array of {given, expect, description?} cases (or {"tests": [...]})')
    .option('--json', 'print the report as JSON')
    .option('--timeout <ms>', 'time limit for the whole run (default 10000)')
    .action(async (file: string, opts: { cases?: string; json?: boolean; timeout?: string }) => {
      let report: Awaited<ReturnType<typeof testSpec>>;
      try {
        const spec = (await readJsonInput(file)) as ModelSpec;
        let cases: SpecTest[] | undefined;
        if (opts.cases !== undefined) {
          const raw = (await readJsonInput(opts.cases)) as unknown;
          const list = Array.isArray(raw) ? raw : (raw as { tests?: unknown })?.tests;
          if (!Array.isArray(list))
            usage(`--cases ${opts.cases}: expected an array of cases or {"tests": [...]}`);
          cases = list as SpecTest[];
        }
        // A whole test suite runs many models: a larger default than one expression's 2 s.
        report = await testSpec(spec, cases, {
          limits: { timeoutMs: 10_000, ...limitsOption(opts.timeout) },
        });
      } catch (e) {
        failWith(e, opts.json);
      }
      if (opts.json) printJson(report);
      else {
        report.results.forEach((r, i) => {
          process.stdout.write(
            `${r.ok ? 'pass' : 'FAIL'} ${i + 1}${r.description ? ` ${r.description}` : ''}\n`,
          );
          for (const f of r.failures) {
            process.stdout.write(
              `  ${f.path}: expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}\n`,
            );
          }
        });
        process.stdout.write(`${report.passed} passed, ${report.failed} failed\n`);
      }
      if (report.failed > 0) throw new CommandExit(1);
    });
}
