/**
 * The HyperFormula plugin of the corrected functions, generated from their entries (functions/, through
 * registry.ts) when this module loads: `implementedFunctions` is each entry's metadata under its `SSX.` name,
 * and each entry gets one method, which runs its implementation on the values HyperFormula coerced
 * (`impl`) or on the call itself (`call`). Registered once per process; HyperFormula's own built-ins are never
 * overridden, so other HyperFormula users in the same process see stock behaviour.
 */
import { FunctionPlugin, HyperFormula } from '../hf.js';
import type { Call, Corrected, HfInternal } from './entry.js';
import { CORRECTED_FUNCTIONS } from './registry.js';

/** The plugin method of an entry: `SSX.NETWORKDAYS.INTL` → `ssx_NETWORKDAYS_INTL`. */
export const methodOf = (name: string): string => `ssx_${name.slice(4).replace(/\W/g, '_')}`;

function metadataOf(e: Corrected) {
  const { name, impl, call, calls, wraps, operator, params, ...flags } = e;
  return { method: methodOf(name), parameters: params, ...flags };
}

/** The plugin holding every corrected function. */
export class ExcelCorrectionsPlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(
    CORRECTED_FUNCTIONS.map((e) => [e.name, metadataOf(e)]),
  );

  /** The call being evaluated, as an implementation reading the call sees it. */
  callOf(name: string, args: HfInternal[], state: HfInternal): Call {
    return {
      args,
      state,
      evaluate: (node) => this.evaluateAst(node, state),
      graph: this.dependencyGraph,
      values: (fn) => this.runFunction(args, state, this.metadata(name), fn as HfInternal),
      withArgs: (other) => this.callOf(name, other, state),
    };
  }
}

for (const e of CORRECTED_FUNCTIONS) {
  const { name, impl, call } = e;
  (ExcelCorrectionsPlugin.prototype as unknown as Record<string, unknown>)[methodOf(name)] = impl
    ? function (this: ExcelCorrectionsPlugin, ast: HfInternal, state: HfInternal) {
        return (this as HfInternal).runFunction(ast.args, state, (this as HfInternal).metadata(name), impl);
      }
    : function (this: ExcelCorrectionsPlugin, ast: HfInternal, state: HfInternal) {
        return call!(this.callOf(name, ast.args, state));
      };
}

/** Registers the corrected functions with HyperFormula (idempotent: a registered plugin is kept). */
export function ensureCorrectionsRegistered(): void {
  if (HyperFormula.getRegisteredFunctionNames('enGB').includes('SSX.ROUND')) return;
  const names = Object.keys(ExcelCorrectionsPlugin.implementedFunctions);
  const enGB = Object.fromEntries(names.map((n) => [n, n]));
  HyperFormula.registerFunctionPlugin(ExcelCorrectionsPlugin, { enGB, enUS: enGB });
}
