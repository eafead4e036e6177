/** Batch conversion and fixture checking for the CLI. */
export type { CheckOptions, CheckReport, FixtureCheck, GoldenComparison } from './check.js';
export { checkFixtures, expectedGoldens, renderCheckReport } from './check.js';
export type { BatchCliOptions, CliIO } from './command.js';
export { CommandExit, processIO, runConvertBatch } from './command.js';
export type { BatchInput } from './discover.js';
export { discoverInputs, outputPaths, specFileName, UsageError } from './discover.js';
export type { PoolOptions, PoolOutcome, PoolTask } from './pool.js';
export { ConversionPool } from './pool.js';
export type { BatchFailureCode, FileResult } from './result.js';
export { batchExitCode } from './result.js';
export type { BatchRunOptions } from './run.js';
export { runBatch, runOne, specText } from './run.js';
export { renderSummary } from './summary.js';
