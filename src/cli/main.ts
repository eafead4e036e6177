/**
 * The `sheetspec` command line. Each command parses its arguments, calls one library function and formats
 * the answer; exit codes: 0 success, 1 a refused/failed input, 2 a usage error.
 */
import { Command, CommanderError } from 'commander';

export async function run(argv: string[]): Promise<number> {
  const program = new Command('sheetspec')
    .description('Compile Excel header-row tables into verified ModelSpec (JSONata) specs')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
}
