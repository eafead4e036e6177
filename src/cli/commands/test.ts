/**
 * `sheetspec test <spec.json> [--cases cases.json] [--allow-empty] [--json]`: testSpec; exit 1 on any
 * failure or case not established (an expected path holding the not-established value), and on a spec with no tests to run unless `--allow-empty` (a run of nothing proves nothing).
 * A JSON file that is not a spec is `INPUT_INVALID`.
 */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { type ModelSpec, readJsonInput, type SpecTest, type TestCaseResult } from '../../modelspec/index.js';
import { testSpec } from '../../authoring/light.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { out, problem } from '../output.js';
import { failWith, limitsOption, printJson, readSpec, timeoutFlag, usage } from './spec-common.js';

// A whole test suite runs many models: a larger default than one expression's 2 s.
const DEFAULT_TIMEOUT_MS = 10_000;

interface TestOptions {
  cases?: string;
  json?: boolean;
  timeout?: string;
  allowEmpty?: boolean;
}

async function readCases(file: string): Promise<SpecTest[]> {
  const raw = (await readJsonInput(file)) as unknown;
  const list = Array.isArray(raw) ? raw : (raw as { tests?: unknown })?.tests;
  if (!Array.isArray(list)) usage(`--cases ${file}: expected an array of cases or {"tests": [...]}`);
  return list as SpecTest[];
}

/** A case's word: pass, FAIL, or NOT ESTABLISHED when only not-established values kept it from passing. */
function caseWord(r: TestCaseResult): string {
  if (r.ok) return 'pass';
  return r.failures.every((f) => f.code === 'NOT_ESTABLISHED') ? 'NOT ESTABLISHED' : 'FAIL';
}

export function registerTestCommand(program: Command): void {
  const command = commandHead(program, 'test')
    .option('--cases <file>', 'JSON array of {given, expect, description?} cases (or {"tests": [...]})')
    .option('--allow-empty', 'exit 0 when there is no test to run')
    .option('--json', 'print the report as JSON')
    .option(...timeoutFlag(DEFAULT_TIMEOUT_MS))
    .action(async (file: string, opts: TestOptions) => {
      let report: Awaited<ReturnType<typeof testSpec>>;
      try {
        const spec = await readSpec(file);
        const cases = opts.cases !== undefined ? await readCases(opts.cases) : undefined;
        report = await testSpec(spec, cases, { limits: limitsOption(opts.timeout, DEFAULT_TIMEOUT_MS) });
      } catch (e) {
        failWith(e, opts.json);
      }
      if (opts.json) printJson(report);
      else {
        report.results.forEach((r, i) => {
          out(`${caseWord(r)} ${i + 1}${r.description ? ` ${r.description}` : ''}\n`);
          for (const f of r.failures) {
            out(
              f.code === 'NOT_ESTABLISHED'
                ? `  ${f.path}: expected ${JSON.stringify(f.expected)}, not established: ${f.message}\n`
                : `  ${f.path}: expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}\n`,
            );
          }
        });
        const unknown = report.notEstablished > 0 ? `, ${report.notEstablished} not established` : '';
        out(`${report.passed} passed, ${report.failed} failed${unknown}\n`);
      }
      if (report.results.length === 0 && !opts.allowEmpty) {
        const where = opts.cases !== undefined ? `--cases ${opts.cases} holds` : `${file} has`;
        problem('NO_TESTS', `${where} no test cases (add "tests" to the spec, or pass --allow-empty)`);
        throw new CommandExit(1);
      }
      // Why a not-established case fails the run too: its expectation was not shown to hold.
      if (report.failed > 0 || report.notEstablished > 0) throw new CommandExit(1);
    });
  withExamples(command, [
    ['sheetspec test fixtures/specs/valid/orders.spec.json', "run the spec's embedded tests"],
    [
      `sheetspec test my.spec.json --cases cases.json`,
      'run ad-hoc [{"given": {"$.a": 1}, "expect": {"$.b": 2}}] cases instead',
    ],
  ]);
}
