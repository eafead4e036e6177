/**
 * The function catalogue as tools show it (`list_functions`, the catalogue resource): the compiler's entries
 * (../compiler/functions/) joined with how the oracle evaluates each function, HyperFormula as is or a named
 * correction (the oracle's one registry, ../oracle/registry.ts). The join lives here, above both, since neither imports the other.
 */
import { type CatalogueEntry, listFunctions as compilerCatalogue } from '../compiler/index.js';
import { type OracleTreatment, oracleTreatment } from '../oracle/index.js';

export { type OracleTreatment, oracleTreatment };

export interface ListedEntry extends CatalogueEntry {
  /** Functions only: how the oracle that verifies a spec evaluates it. */
  oracle?: OracleTreatment;
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
