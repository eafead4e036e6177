/**
 * The `sheetspec` command line. Each command parses its arguments, calls one library function and formats
 * the answer; exit codes: 0 success, 1 a refused/failed input, 2 a usage error. Output conventions (results
 * on stdout, diagnostics on stderr, quiet on a closed pipe): src/cli/output.ts.
 *
 * Load on demand: only the module of the command being run is imported (`COMMANDS`); every other command is
 * registered by its head alone (commands/heads.ts), which is all the top-level `--help` shows. So
 * `sheetspec --help` and `--version` load none of HyperFormula, JSONata or the MCP SDK.
 */
import { Command, CommanderError, Option } from 'commander';
import { CommandExit } from './exit.js';
import { type CommandName, COMMAND_NAMES, commandHead, isCommandName } from './commands/heads.js';
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
  const target = commandNamed(argv);
  for (const name of COMMAND_NAMES) {
    if (name === target) (await COMMANDS[name]())(program);
    else headOnly(program, name);
  }
  if (target === 'serve') serveExamples(program);
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

type Register = (program: Command) => void;

/** Each command's module, loaded only when that command runs. */
const COMMANDS: Record<CommandName, () => Promise<Register>> = {
  convert: async () => (await import('./commands/convert.js')).registerConvertCommand,
  check: async () => (await import('./commands/check.js')).registerCheckCommand,
  diff: async () => (await import('./commands/diff.js')).registerDiffCommand,
  formula: async () => (await import('./commands/formula.js')).registerFormulaCommand,
  functions: async () => (await import('./commands/functions.js')).registerFunctionsCommand,
  serve: async () => (await import('./commands/serve.js')).registerServeCommand,
  validate: async () => (await import('./commands/validate.js')).registerValidateCommand,
  eval: async () => (await import('./commands/eval.js')).registerEvalCommand,
  test: async () => (await import('./commands/test.js')).registerTestCommand,
  'dry-run': async () => (await import('./commands/dry-run.js')).registerDryRunCommand,
  guidance: async () => (await import('./commands/guidance.js')).registerGuidanceCommand,
};

/**
 * The command argv runs: its first word that is not an option (the program's own options take no value),
 * or the word after `help`. Undefined for the program's own `--help`/`--version` or an unknown command
 * (commander then lists the commands or suggests one, from the heads).
 */
function commandNamed(argv: string[]): CommandName | undefined {
  const words = argv.filter((a) => !a.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return isCommandName(name) ? name : undefined;
}

/**
 * A command not being run: its head, and a hidden option so that the list shows `[options]` as for the
 * loaded command (every command has options).
 */
function headOnly(program: Command, name: CommandName): void {
  commandHead(program, name).addOption(new Option('--options-of-the-loaded-command').hideHelp());
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
