/**
 * The authoring task module the sandbox runs (src/sandbox: `runInSandbox({module: TASK_MODULE, task}, …)`):
 * the only functions an authoring call runs in a child process. Each takes the JSON payload and returns a
 * JSON-serialisable result. Add a task here to sandbox another kind of authoring work; its name joins
 * `AuthoringTask`.
 */
import { dryRunInProcess } from '../modelspec/dry-run.js';
import { evalExpressionInProcess } from '../modelspec/eval.js';
import { testSpecInProcess } from '../modelspec/test-spec.js';
import type { ModelSpec, SpecTest } from '../modelspec/types.js';
import { validateSpecInProcess } from '../modelspec/validate.js';

// biome-ignore lint/suspicious/noExplicitAny: payloads are JSON checked by each task
type Task = (payload: any) => Promise<unknown>;

export const TASKS = Object.freeze({
  evalExpression: (p) => evalExpressionInProcess(p),
  testSpec: (p: { spec: ModelSpec; cases?: SpecTest[] }) => testSpecInProcess(p.spec, p.cases),
  dryRun: (p: { spec: ModelSpec; options?: object }) => dryRunInProcess(p.spec, p.options),
  validateSpec: (p: { spec: unknown }) => validateSpecInProcess(p.spec),
  // Loaded on first use so the other tasks do not pay for loading the compiler.
  translateFormula: async (p: { formula: string; cells?: Record<string, never> }) =>
    (await import('./formula-command.js')).translateFormula(p.formula, p.cells),
  translateColumnFormula: async (p: { formula: string; input: object }) =>
    (await import('./column-formula.js')).translateColumnFormula(p.formula, p.input as never),
  helperLibrary: async (p: { helpers: string[] }) =>
    (await import('./library-merge.js')).helperLibrary(p.helpers),
  /** For the sandbox's tests: echoes its payload. */
  echo: async (p) => p,
} satisfies Record<string, Task>);

/** The name of an authoring task the sandbox can run. */
export type AuthoringTask = keyof typeof TASKS;
