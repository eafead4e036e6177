/**
 * The catalogue of what the lowering supports, for tools that explain the compiler (`list_functions`): every
 * operator and function with its lowering and the Excel semantics it keeps, read from the operator table and
 * the function table (../functions/), and every refusal code with its meaning.
 */
import {
  arityOf,
  FUNCTIONS,
  type FunctionEntry,
  type FunctionEvidence,
  OPERATORS,
  signatureOf,
} from '../functions/index.js';
import type { RefusalCode } from '../types.js';
import type { CellValue } from '../../workbook/values.js';

export interface CatalogueEntry {
  name: string;
  kind: 'function' | 'operator';
  /** What the JSONata looks like. */
  lowering: string;
  /** The Excel behaviours kept. */
  notes: string;
  /** Functions only: what it does, how it is called, its argument counts. */
  summary?: string;
  signature?: string;
  arity?: { min: number; max: number };
  /** Functions only: the `$xl…` helpers its lowering may call. */
  helpers?: string[];
  /** Functions only: one formula and its value. */
  example?: { formula: string; cells?: Readonly<Record<string, CellValue>>; value: CellValue };
  /** Functions only: where its semantics come from. */
  evidence?: FunctionEvidence;
}

/** A function's catalogue entry, from its table entry. */
export function functionCatalogueEntry(f: FunctionEntry): CatalogueEntry {
  return {
    name: f.name,
    kind: 'function',
    lowering: f.lowering,
    notes: f.notes,
    summary: f.summary,
    signature: signatureOf(f),
    arity: arityOf(f),
    helpers: [...f.helpers],
    example: f.example,
    evidence: f.evidence,
  };
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  ...OPERATORS.map(
    (o): CatalogueEntry => ({ name: o.name, kind: 'operator', lowering: o.lowering, notes: o.notes }),
  ),
  ...FUNCTIONS.map(functionCatalogueEntry),
];

export const REFUSAL_CODES: Readonly<Partial<Record<RefusalCode, string>>> = {
  UNSUPPORTED_FUNCTION: 'a function outside the supported set (named in the detail)',
  VOLATILE_FUNCTION: 'NOW, TODAY, RAND, RANDBETWEEN, OFFSET or INDIRECT: recomputed by Excel on every change',
  STRUCTURED_REFERENCE: 'a table reference such as Table1[Price]',
  DEFINED_NAME: 'a defined name such as TaxRate',
  UNSUPPORTED_CONSTRUCT:
    'array constants, union/intersection/range operators, @, LAMBDA/LET and other constructs',
  UNSUPPORTED_LOOKUP_MODE: 'VLOOKUP without FALSE/0 as its 4th argument (approximate match)',
  UNSUPPORTED_RANGE_SHAPE: 'a range where a single value is needed, or a range the caller cannot resolve',
  MALFORMED_FORMULA: 'a supported function called with the wrong number of arguments',
  CROSS_SHEET_REFERENCE: 'a reference to another sheet (formula command and some callers)',
  EXTERNAL_REFERENCE: 'a reference to another workbook',
};

/** Supported functions and operators whose name or notes contain the query (case-insensitive); all without one. */
export function listFunctions(query?: string): {
  entries: CatalogueEntry[];
  refusals: Array<{ code: string; meaning: string }>;
} {
  const q = query?.trim().toLowerCase();
  const entries = q
    ? CATALOGUE.filter((e) => e.name.toLowerCase().includes(q) || e.notes.toLowerCase().includes(q))
    : [...CATALOGUE];
  const refusals = Object.entries(REFUSAL_CODES).map(([code, meaning]) => ({ code, meaning: meaning ?? '' }));
  return { entries, refusals };
}
