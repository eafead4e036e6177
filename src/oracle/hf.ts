/**
 * HyperFormula's classes and enums, from one place. Every module of the oracle takes them from here, never from
 * `'hyperformula'` itself (test/oracle/hf-module.test.ts checks), so that one copy of the package is loaded and
 * `instanceof CellError` means the same everywhere.
 *
 * Why its CommonJS build, by `require`: loading the package's ES modules (224 files through Node's ES module
 * loader) took about 110 ms against 60 ms for the same code as CommonJS (a bare process, eight runs each), and
 * every thread that runs the oracle pays it. Types still come from the package's own declarations. In the
 * code-cached worker bodies of dist/bundle/ this `require` is bundled: the package is inside the body
 * (scripts/bundle.ts).
 */
import { createRequire } from 'node:module';
import type * as HF from 'hyperformula';

const hf = createRequire(import.meta.url)('hyperformula') as typeof HF;

export const {
  CellError,
  DetailedCellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  SimpleRangeValue,
} = hf;
export type CellError = HF.CellError;
export type DetailedCellError = HF.DetailedCellError;
export type EmptyValue = typeof HF.EmptyValue;
export type ErrorType = HF.ErrorType;
export type FunctionArgumentType = HF.FunctionArgumentType;
export type FunctionPlugin = HF.FunctionPlugin;
export type HyperFormula = HF.HyperFormula;
export type SimpleRangeValue = HF.SimpleRangeValue;
export type { ConfigParams, RawCellContent } from 'hyperformula';
