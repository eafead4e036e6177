/**
 * The function catalogue as tools show it (`list_functions`, the catalogue resource): the compiler's entries
 * (../compiler/functions/) joined with how the oracle evaluates each function, HyperFormula as is or a named
 * correction (../oracle/corrections.ts). The join lives here, above both, since neither imports the other.
 */
import { type CatalogueEntry, listFunctions as compilerCatalogue } from '../compiler/index.js';
import { CORRECTED_FUNCTIONS } from '../oracle/index.js';

/**
 * How the oracle evaluates a function, as its correction registry (`CORRECTED_FUNCTIONS`) says: a named
 * correction and the function implementing it, or `unregistered` when the registry does not name it (the
 * oracle may still route it through the rules of docs/oracle.md; those are not in the registry yet).
 */
export type OracleTreatment =
  | { kind: 'unregistered' }
  | { kind: 'corrected'; correction: string; implementation: string };

export interface ListedEntry extends CatalogueEntry {
  /** Functions only: how the oracle that verifies a spec evaluates it. */
  oracle?: OracleTreatment;
}

export function oracleTreatment(name: string): OracleTreatment {
  const c = CORRECTED_FUNCTIONS[name];
  return c
    ? { kind: 'corrected', correction: c.correction, implementation: c.name }
    : { kind: 'unregistered' };
}

/** Supported functions and operators whose name or notes contain the query (case-insensitive); all without one. */
export function listFunctions(query?: string): {
  entries: ListedEntry[];
  refusals: Array<{ code: string; meaning: string }>;
} {
  const { entries, refusals } = compilerCatalogue(query);
  return {
    entries: entries.map((e) => (e.kind === 'function' ? { ...e, oracle: oracleTreatment(e.name) } : e)),
    refusals,
  };
}

/** The whole catalogue as JSON text (the `sheetspec://catalogue/functions` resource). */
export function catalogueText(): string {
  return JSON.stringify(listFunctions(), null, 2);
}
