/** The examples block every command's `--help` ends with (two or three commands a person can paste). */
import type { Command } from 'commander';

/** Adds `Examples:` after the generated help: each `[command, what it does]` as a comment and the command. */
export function withExamples(command: Command, examples: ReadonlyArray<readonly [string, string]>): Command {
  const lines = examples.map(([cmd, what]) => `  # ${what}\n  $ ${cmd}`);
  return command.addHelpText('after', `\nExamples:\n${lines.join('\n')}\n`);
}
