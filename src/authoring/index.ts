/**
 * Authoring: what the tools an agent or a person finishes a spec with do. One formula translated and
 * evaluated (`translateFormula`, `sheetspec formula`), a table column's general derivation (column mode),
 * libraries merged; and the ModelSpec tools (validate, test, dry run, eval) as the front ends call them, in
 * the sandbox (a task of tasks.ts) unless `inProcess` (light.ts, without the compiler). It reads the compiler
 * only through src/compiler/index.ts.
 */
export { type ColumnTranslation, translateColumnFormula } from './column-formula.js';
export { type Evaluated, type TranslateResult, translateFormula } from './formula-command.js';
export { helperLibrary, libraryParts, type MergedLibrary, mergeLibrary } from './library-merge.js';
export {
  AUTHORING_LIMITS,
  type AuthoringTask,
  type ColumnModeInput,
  dryRun,
  evalExpression,
  helperLibraryInSandbox,
  TASK_MODULE,
  type ToolOptions,
  testSpec,
  translateColumnFormulaInSandbox,
  translateFormulaInSandbox,
  validateSpec,
} from './light.js';
