/**
 * The pipeline's light entry, for the front ends' main threads (the CLI's `convert`, the MCP server): `convert`
 * with its options and results, the budgets and a failure's report, loading none of the engines (HyperFormula,
 * JSONata, the compiler) until a conversion runs in this thread. With `isolation: 'worker'` they are
 * loaded only in the worker. src/pipeline/index.ts is the whole pipeline (the catalogue too), for the library.
 * test/cli/startup.full.test.ts traces which modules the main thread of `sheetspec convert` loads.
 */
export { convert } from './convert.js';
export { CONVERSION } from './isolated.js';
export { WarmConverter, type WarmOptions } from './warm.js';
export {
  CONVERSION_OPTIONS,
  type ConversionOption,
  type ConversionOptionName,
  type ConversionSettings,
  mcpOptionShape,
  optionNames,
} from './options.js';
export { failureReport, REPORT_ROWS } from './report.js';
export type { FailureCode, RefusalCode, Warning } from '../codes/index.js';
export type { Verification } from './verify/types.js';
export {
  type ConversionFailure,
  type ConversionResult,
  type ConversionSuccess,
  type ConvertOptions,
  DEFAULT_CONVERT_BUDGET,
  type Isolation,
  limitFailure,
  type PipelineOptions,
  type RefusedColumn,
} from './types.js';
// What the front ends use from the areas below the pipeline, by name, so that they import only the pipeline,
// the authoring area and the ModelSpec runtime: the coded error and its codes, the verification report's
// pages, the cell value and saved-values types, and the worker primitives the command line's batch pool runs
// its conversion workers with. All of it loads no engine.
export { CODES, type Code, CodedError, type CodesOfKind } from '../codes/index.js';
export { type IndexEntry, type ReportModel, renderIndex, renderReport } from '../report/index.js';
export type { CellValue, SavedValuesStanding } from '../workbook/index.js';
export {
  endError,
  entryModule,
  parentChannel,
  startWorker,
  type WorkerHandle,
  type WorkerKind,
  workerInput,
} from '../workers/index.js';
