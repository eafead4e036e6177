/**
 * The conversion options are declared once (src/pipeline/options.ts): the `convert` command's flags, the
 * `convert_spreadsheet` input schema and the pipeline's settings type are derived from that table.
 */
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ConversionFlags, settingsFromFlags } from '../../src/cli/batch/command.js';
import { registerConvertCommand } from '../../src/cli/commands/convert.js';
import { convertSpreadsheetTool } from '../../src/mcp/tools/convert-spreadsheet.js';
import {
  CONVERSION_OPTIONS,
  type ConversionOption,
  type ConversionOptionName,
  type ConversionSettings,
  optionNames,
  type PipelineOptions,
} from '../../src/pipeline/index.js';

const table = CONVERSION_OPTIONS as Record<ConversionOptionName, ConversionOption>;

/** The `convert` command's own flags: what it does with the files, not how one converts. */
const COMMAND_FLAGS = [
  'output',
  'json',
  'ndjson',
  'jobs',
  'strict',
  'quiet',
  'timeout',
  'maxMemory',
  'shard',
];

function convertCommand(): Command {
  const program = new Command('sheetspec');
  registerConvertCommand(program);
  return program.commands.find((c) => c.name() === 'convert')!;
}

describe('conversion options: one table', () => {
  it("the command line's flags are the table's, with its flags and help, beside the command's own", () => {
    const options = convertCommand().options;
    const fromTable = options.filter((o) => !COMMAND_FLAGS.includes(o.attributeName()));
    expect(fromTable.map((o) => o.attributeName())).toEqual(optionNames('cli'));
    for (const o of fromTable) {
      const { cli } = table[o.attributeName() as ConversionOptionName];
      expect([o.flags, o.description]).toEqual([cli!.flags, cli!.help]);
    }
    expect(options.map((o) => o.attributeName())).toEqual(expect.arrayContaining(COMMAND_FLAGS));
  });

  it("the MCP tool's arguments are the file and the table's options, with its descriptions", () => {
    const shape = convertSpreadsheetTool.inputSchema.shape as Record<string, { description?: string }>;
    expect(Object.keys(shape)).toEqual(['data', 'filename', ...optionNames('mcp')]);
    for (const name of optionNames('mcp'))
      expect(shape[name]!.description).toBe(table[name].mcp!.description);
    expect(
      convertSpreadsheetTool.inputSchema.safeParse({ data: '', filename: 'a.xlsx', extra: 1 }).success,
    ).toBe(false);
    expect(
      convertSpreadsheetTool.inputSchema.safeParse({ data: '', filename: 'a.xlsx', parameters: 'cells' })
        .success,
    ).toBe(false);
  });

  it('the settings type has the keys of the table, and the pipeline reads them all', () => {
    expectTypeOf<keyof ConversionSettings>().toEqualTypeOf<ConversionOptionName>();
    expectTypeOf<Pick<PipelineOptions, ConversionOptionName>>().toEqualTypeOf<ConversionSettings>();
    expectTypeOf<ConversionSettings['parameters']>().toEqualTypeOf<'constants' | 'inputs' | undefined>();
    expect(Object.keys(CONVERSION_OPTIONS).sort()).toEqual(
      ['modelId', 'sheet', 'parameters', 'table', 'seedBudget', 'report'].sort(),
    );
  });

  it('flags become settings as the pipeline reads them: a report path builds the report, unset flags stay unset', () => {
    const flags: ConversionFlags = { sheet: 'Data', parameters: 'inputs', report: 'out/report.html' };
    expect(settingsFromFlags(flags)).toEqual({ sheet: 'Data', parameters: 'inputs', report: true });
    expect(settingsFromFlags({})).toEqual({});
  });
});
