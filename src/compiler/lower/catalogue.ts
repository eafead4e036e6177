/**
 * The catalogue of what the lowering supports, for tools that explain the compiler (`list_functions`): every
 * operator and function with its lowering and the Excel semantics it keeps, read from the operator table and
 * the function table (functions/), and every refusal code with its meaning.
 */
import { codeEntry, codesOfKind, type RefusalCode } from '../../codes/index.js';
import {
  arityOf,
  FUNCTIONS,
  type FunctionEntry,
  type FunctionEvidence,
  OPERATORS,
  signatureOf,
} from './functions/index.js';
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
  /** Functions only: its family in the function table (`date`, `text`, ...). */
  family?: string;
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
    family: f.family,
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

/** Every refusal code with its meaning, from the code registry (src/codes/registry.ts). */
export const REFUSAL_CODES: Readonly<Record<RefusalCode, string>> = Object.freeze(
  Object.fromEntries(codesOfKind('refusal').map((c) => [c, codeEntry(c).meaning])) as Record<
    RefusalCode,
    string
  >,
);

/** Supported functions and operators whose name or notes contain the query (case-insensitive); all without one. */
export function listFunctions(query?: string): {
  entries: CatalogueEntry[];
  refusals: Array<{ code: string; meaning: string }>;
} {
  const q = query?.trim().toLowerCase();
  const entries = q
    ? CATALOGUE.filter((e) => e.name.toLowerCase().includes(q) || e.notes.toLowerCase().includes(q))
    : [...CATALOGUE];
  const refusals = Object.entries(REFUSAL_CODES).map(([code, meaning]) => ({ code, meaning }));
  return { entries, refusals };
}
