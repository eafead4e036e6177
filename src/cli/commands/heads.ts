/**
 * Each command's head: its name, one-line description and arguments, the part the top-level `--help` lists.
 * They live here, apart from the commands' modules, so that `sheetspec --help` lists every command without
 * loading any of them (main.ts loads only the module of the command being run: the conversion's engines,
 * HyperFormula, JSONata and the MCP SDK, cost most of a second to load). Each command's module
 * starts its registration from its head (`commandHead(program, 'convert').option(...)`).
 */
import type { Command } from 'commander';

const HEADS = {
  convert: (c) =>
    c
      .description(
        'convert .xlsx/.xlsm workbooks (files, folders, globs, or - for stdin) into verified ModelSpecs',
      )
      .argument('<inputs...>', 'one workbook, or several files, folders and globs (batch), or - for stdin'),
  check: (c) =>
    c
      .description('compile every fixture workbook and diff it against the committed golden files')
      .argument('[dir]', 'fixtures folder', 'fixtures'),
  diff: (c) =>
    c
      .description(
        'what changed between two conversions of one workbook: fields, derivations, values, refusals',
      )
      .argument('<old>', 'the earlier spec, or `convert --json` result')
      .argument('<new>', 'the later one'),
  formula: (c) =>
    c
      .description('translate one Excel formula to JSONata and evaluate it')
      .argument('<formula>', "the formula, e.g. '=ROUND(A1,2)'"),
  functions: (c) =>
    c
      .description('the supported Excel functions (from the function table); one in full with a NAME')
      .argument('[name]', 'a function name, e.g. ROUND'),
  serve: (c) => c.description('run the MCP server (stdio by default; --http for Streamable HTTP)'),
  validate: (c) =>
    c
      .description('check a ModelSpec: structure, expressions, library rules, paths, cycles, tests')
      .argument('<spec>', 'spec JSON file, or - for standard input'),
  eval: (c) =>
    c
      .description('evaluate a JSONata expression as a spec would (library exports, $const), under limits')
      .argument('<expr>', 'the JSONata expression'),
  test: (c) =>
    c
      .description("run a spec's embedded tests, or ad-hoc {given, expect} cases")
      .argument('<spec>', 'spec JSON file, or - for standard input'),
  'dry-run': (c) =>
    c
      .description('run a spec once with sample mutations and show what they changed')
      .argument('<spec>', 'spec JSON file, or - for standard input'),
  guidance: (c) =>
    c
      .description('domain guidance for writing specs (all topics when none is named)')
      .argument('[topics...]', 'topic ids, e.g. progressive-brackets date-math'),
} satisfies Record<string, (c: Command) => Command>;

export type CommandName = keyof typeof HEADS;

/** The command names in the order `--help` lists them. */
export const COMMAND_NAMES = Object.keys(HEADS) as CommandName[];

export function isCommandName(name: string | undefined): name is CommandName {
  return name !== undefined && Object.hasOwn(HEADS, name);
}

/** Adds the command `name` to `program` with its description and arguments; the caller adds the rest. */
export function commandHead(program: Command, name: CommandName): Command {
  return HEADS[name](program.command(name));
}
