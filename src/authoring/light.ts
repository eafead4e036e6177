/**
 * The authoring tools without the compiler: validate, test, dry run and eval (in the sandbox unless
 * `inProcess`), the sandboxed translate calls and their limits. A front end that runs only these (`sheetspec
 * validate`, `test`, `eval`, `dry-run`) loads no lowering; src/authoring/index.ts adds the in-process
 * translate functions.
 */
export type { ColumnModeInput } from './column-formula.js';
export type { AuthoringTask } from './tasks.js';
export {
  AUTHORING_LIMITS,
  dryRun,
  evalExpression,
  helperLibraryInSandbox,
  TASK_MODULE,
  type ToolOptions,
  testSpec,
  translateColumnFormulaInSandbox,
  translateFormulaInSandbox,
  validateSpec,
} from './tools.js';
