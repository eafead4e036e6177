/** The sheetspec library: the functions the CLI and the MCP server call. */
export type { ModelSpec } from './spec/types.js';
export type { ConversionResult, ConvertOptions } from './compiler/types.js';
