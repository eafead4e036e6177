/**
 * The `sheetspec` command line. Each command parses its arguments, calls one library function and formats
 * the answer; exit codes: 0 success, 1 a refused/failed input, 2 a usage error. Output conventions (results
 * on stdout, diagnostics on stderr, quiet on a closed pipe): src/cli/output.ts.
 */
import { Command, CommanderError } from 'commander';
import { CommandExit } from './batch/command.js';
import { registerCheckCommand } from './commands/check.js';
import { registerConvertCommand } from './commands/convert.js';
import { registerDiffCommand } from './commands/diff.js';
import { registerDryRunCommand } from './commands/dry-run.js';
import { registerEvalCommand } from './commands/eval.js';
import { registerFormulaCommand } from './commands/formula.js';
import { registerFunctionsCommand } from './commands/functions.js';
import { registerGuidanceCommand } from './commands/guidance.js';
import { registerServeCommand } from './commands/serve.js';
import { registerTestCommand } from './commands/test.js';
import { registerValidateCommand } from './commands/validate.js';
import { withExamples } from './help.js';
import { guardPipes } from './output.js';
import { versionText } from './version.js';

export async function run(argv: string[]): Promise<number> {
  guardPipes();
  const program = new Command('sheetspec')
    .description('Compile Excel header-row tables into verified ModelSpec (JSONata) specs')
    .version(versionText(), '-V, --version', 'print the version of sheetspec, HyperFormula and JSONata')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  withExamples(program, [
    ['sheetspec convert examples/orders.xlsx', 'convert one workbook; writes examples/orders.spec.json'],
    ['sheetspec test examples/orders.spec.json', "run the spec's embedded tests"],
    ['sheetspec convert --help', "one command's options"],
  ]);
  registerConvertCommand(program);
  registerCheckCommand(program);
  registerDiffCommand(program);
  registerFormulaCommand(program);
  registerFunctionsCommand(program);
  registerServeCommand(program);
  registerValidateCommand(program);
  registerEvalCommand(program);
  registerTestCommand(program);
  registerDryRunCommand(program);
  registerGuidanceCommand(program);
  serveExamples(program);
  try {
    // `-v` alone is what many tools answer their version to; commander takes one short flag (`-V`).
    await program.parseAsync(argv.length === 1 && argv[0] === '-v' ? ['-V'] : argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommandExit) return e.exitCode;
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
}

/** serve.ts registers the MCP server command; its examples are added here with everyone's. */
function serveExamples(program: Command): void {
  const serve = program.commands.find((c) => c.name() === 'serve');
  if (!serve) return;
  withExamples(serve, [
    ['sheetspec serve', 'the MCP server on stdio, for a client that starts it'],
    [
      'sheetspec serve --http --port 8808 --token-file ~/.sheetspec-token',
      'Streamable HTTP on http://127.0.0.1:8808/mcp with a bearer token',
    ],
  ]);
}
