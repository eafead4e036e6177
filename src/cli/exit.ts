/** `CommandExit`: how a command ends the run with an exit code (loaded by main.ts before any command). */
import type { Code } from '../pipeline/light.js';

/**
 * Thrown by a command action to end the run with a non-zero exit code without printing anything more (the
 * action has already said why). `run()` in src/cli/main.ts turns it into the return value.
 */
export class CommandExit extends Error {
  readonly code: Code = 'EXIT';
  override name = 'CommandExit';
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}
