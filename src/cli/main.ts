/**
 * The `sheetspec` command line. Each command parses its arguments, calls one library function and formats
 * the answer; exit codes: 0 success, 1 a refused/failed input, 2 a usage error.
 */
import { Command, CommanderError } from 'commander';
import { CommandExit } from './batch/command.js';
import { registerCheckCommand } from './commands/check.js';
import { registerConvertCommand } from './commands/convert.js';
import { registerDryRunCommand } from './commands/dry-run.js';
import { registerEvalCommand } from './commands/eval.js';
import { registerFormulaCommand } from './commands/formula.js';
import { registerGuidanceCommand } from './commands/guidance.js';
import { registerServeCommand } from './commands/serve.js';
import { registerTestCommand } from './commands/test.js';
import { registerValidateCommand } from './commands/validate.js';

export async function run(argv: string[]): Promise<number> {
  const program = new Command('sheetspec')
    .description('Compile Excel header-row tables into verified ModelSpec (JSONata) specs')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerConvertCommand(program);
  registerCheckCommand(program);
  registerFormulaCommand(program);
  registerServeCommand(program);
  registerValidateCommand(program);
  registerEvalCommand(program);
  registerTestCommand(program);
  registerDryRunCommand(program);
  registerGuidanceCommand(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommandExit) return e.exitCode;
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
}
