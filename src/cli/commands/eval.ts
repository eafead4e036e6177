/**
 * `sheetspec eval '<expr>' [--input file|-] [--library file] [--constants file] [--json]`: evaluates one
 * expression in the sandbox, printing the value or the exact error (code, message, position). The library
 * file is a spec (its `library` and `constants` are used), a `{define}` object or the define text itself.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { type LibraryObject, readJsonInput } from '../../modelspec/index.js';
import { evalExpression } from '../../authoring/light.js';
import { CommandExit } from '../batch/command.js';
import { withExamples } from '../help.js';
import { out, problem } from '../output.js';
import { failWith, limitsOption, printJson, timeoutFlag, usage } from './spec-common.js';

const DEFAULT_TIMEOUT_MS = 2000;

async function readLibrary(
  file: string,
): Promise<{ library?: LibraryObject | string; constants?: Record<string, unknown> }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    usage(`--library ${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!text.trimStart().startsWith('{') || !text.includes('"')) return { library: text };
  const parsed = (await readJsonInput(file)) as Record<string, unknown>;
  if (typeof parsed.define === 'string') return { library: parsed as unknown as LibraryObject };
  if ('library' in parsed) {
    return {
      library: parsed.library as LibraryObject | string,
      constants: parsed.constants as Record<string, unknown> | undefined,
    };
  }
  return { library: text };
}

export function registerEvalCommand(program: Command): void {
  const command = commandHead(program, 'eval')
    .option('--input <file>', 'JSON document to evaluate against (- for standard input)')
    .option('--library <file>', 'a spec, a {define} object or define text whose exports are bound')
    .option('--constants <file>', 'JSON object bound as $const')
    .option('--json', 'print {ok, value} or {ok, error} as JSON')
    .option(...timeoutFlag(DEFAULT_TIMEOUT_MS))
    .action(
      async (
        expr: string,
        opts: { input?: string; library?: string; constants?: string; json?: boolean; timeout?: string },
      ) => {
        const limits = limitsOption(opts.timeout, DEFAULT_TIMEOUT_MS);
        let result: Awaited<ReturnType<typeof evalExpression>>;
        try {
          const input = opts.input !== undefined ? await readJsonInput(opts.input) : undefined;
          const lib = opts.library !== undefined ? await readLibrary(opts.library) : {};
          const constants =
            opts.constants !== undefined ? await readJsonInput(opts.constants) : lib.constants;
          if (
            constants !== undefined &&
            (typeof constants !== 'object' || constants === null || Array.isArray(constants))
          ) {
            usage('--constants must hold a JSON object');
          }
          result = await evalExpression(
            {
              expr,
              input,
              library: lib.library,
              constants: constants as Record<string, unknown> | undefined,
            },
            { limits },
          );
        } catch (e) {
          failWith(e, opts.json);
        }
        if (opts.json) printJson(result);
        else if (result.ok)
          out(`${result.value === undefined ? '(nothing)' : JSON.stringify(result.value, null, 2)}\n`);
        else {
          const { code, message, position, token } = result.error;
          const where =
            position !== undefined
              ? ` at position ${position}${token !== undefined ? ` ("${token}")` : ''}`
              : '';
          problem(`${code}${where}`, message);
        }
        if (!result.ok) throw new CommandExit(1);
      },
    );
  withExamples(command, [
    ["sheetspec eval '$sum([1..10])'", 'evaluate an expression: 55'],
    [
      'echo \'{"items":[{"qty":2},{"qty":3}]}\' | sheetspec eval \'$sum(items.qty)\' --input -',
      'against a document on standard input',
    ],
    [
      "sheetspec eval '$xlRound(2.345, 2)' --library fixtures/specs/valid/orders.spec.json",
      "with a spec's library bound",
    ],
  ]);
}
