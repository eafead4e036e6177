/**
 * The conversion options a person or an agent sets, declared once: for each, its value (a zod schema, built
 * with the zod the caller passes, so that this module loads no zod of its own and the command line's main
 * thread stays light), its default, and how each front end exposes it: the command line's flag and help
 * (`cli`), the MCP tool's argument description (`mcp`). The pipeline's `ConversionSettings` type, the
 * `convert` command's flags (src/cli/commands/convert.ts and the batch runner) and the `convert_spreadsheet`
 * input schema (src/mcp/tools/convert-spreadsheet.ts) are derived from this table; test/cli/options.test.ts
 * checks that they are.
 */
import type { z as Zod } from 'zod';

type Z = typeof Zod;

/** One option: its value, and how each front end that exposes it shows it. */
export interface ConversionOption {
  /** The value the pipeline reads (also the MCP argument's schema, with its `mcp.description`). */
  schema: (z: Z) => Zod.ZodType;
  /** The default, in words (the pipeline applies it). */
  default: string;
  /** The command line: its flag (commander syntax) and help line. Absent: not a flag. */
  cli?: { flags: string; help: string };
  /** The MCP tool: the argument's description. Absent: not an argument. */
  mcp?: { description: string };
}

/** The one home of the conversion options. */
export const CONVERSION_OPTIONS = {
  modelId: {
    schema: (z: Z) => z.string().max(200),
    default: 'derived from the file name',
    cli: { flags: '--model-id <id>', help: 'spec id ([namespace/]name; default from the file name)' },
    mcp: {
      description: 'Spec id ([namespace/]name of letters, digits, "-", "_"); default derived from filename.',
    },
  },
  sheet: {
    schema: (z: Z) => z.string().max(255),
    default: 'the first visible sheet with a formula table',
    cli: {
      flags: '--sheet <name>',
      help: 'worksheet to read (default: the first visible one with a formula table, else the sheet with the most formula columns)',
    },
    mcp: { description: 'Worksheet to read; default the first visible sheet.' },
  },
  parameters: {
    schema: (z: Z) => z.enum(['constants', 'inputs']),
    default: 'constants',
    cli: {
      flags: '--parameters <how>',
      help: 'parameter cells as "constants" ($const.taxRate, the default) or "inputs" (top-level input fields with the workbook value as default)',
    },
    mcp: {
      description:
        'How parameter cells (Tax rate | 0.2, a defined name, a Settings sheet) reach the formulas: "constants" ' +
        '(default, $const.taxRate) or "inputs" (a top-level input field taxRate with the workbook value as its ' +
        'default, so dry_run can change it and every row recomputes).',
    },
  },
  table: {
    schema: (z: Z) => z.string().min(1).max(300),
    default: "the sheet's first Excel Table, else its layout",
    cli: {
      flags: '--table <name|range>',
      help: "Excel Table (by name) or A1 range (B2:F40, Sheet2!B2:F40) to compile (default: the sheet's first Excel Table, else its layout)",
    },
    mcp: {
      description:
        "Table to compile: an Excel Table's name (case-insensitive) or an A1 range such as B2:F40 or Sheet2!B2:F40 (first row = headers); default the sheet's first Excel Table, else the sheet's layout.",
    },
  },
  seedBudget: {
    schema: (z: Z) => z.number().int().min(0).max(55_000),
    default: '55,000 (the MCP tool: 20,000, so the result fits in one answer)',
    mcp: {
      description:
        'Character budget for the seed default value and the embedded tests (default 20000 here, so the result ' +
        'fits in one answer). Lower it if the result is too large.',
    },
  },
  report: {
    schema: (z: Z) => z.boolean(),
    default: 'no report',
    cli: {
      flags: '--report <path>',
      help: 'write the verification report (self-contained HTML); batch: a folder with one per file and index.html',
    },
    mcp: {
      description:
        'Also return the verification report: a self-contained HTML page (the table as a grid, each formula cell ' +
        'coloured by how it verified, refused cells with their code), as an embedded text/html resource.',
    },
  },
} as const satisfies Record<string, ConversionOption>;

export type ConversionOptionName = keyof typeof CONVERSION_OPTIONS;

/** The conversion settings, as the pipeline reads them: every option, optional. */
export type ConversionSettings = {
  -readonly [K in ConversionOptionName]?: Zod.infer<ReturnType<(typeof CONVERSION_OPTIONS)[K]['schema']>>;
};

/** The names of the options a front end exposes, in the table's order. */
export function optionNames(front: 'cli' | 'mcp'): ConversionOptionName[] {
  return (Object.keys(CONVERSION_OPTIONS) as ConversionOptionName[]).filter(
    (name) => (CONVERSION_OPTIONS[name] as ConversionOption)[front] !== undefined,
  );
}

/** The MCP tool's arguments for the options it exposes: each optional, with its description. */
export function mcpOptionShape(z: Z): { [K in McpOptionName]: Zod.ZodOptional<OptionSchema<K>> } {
  const shape: Record<string, Zod.ZodType> = {};
  for (const name of optionNames('mcp')) {
    const option = CONVERSION_OPTIONS[name] as ConversionOption;
    shape[name] = option.schema(z).optional().describe(option.mcp!.description);
  }
  return shape as { [K in McpOptionName]: Zod.ZodOptional<OptionSchema<K>> };
}

type OptionSchema<K extends ConversionOptionName> = ReturnType<(typeof CONVERSION_OPTIONS)[K]['schema']>;
type McpOptionName = {
  [K in ConversionOptionName]: (typeof CONVERSION_OPTIONS)[K] extends { mcp: object } ? K : never;
}[ConversionOptionName];
