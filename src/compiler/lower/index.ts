export type { LowerContext, Lowered, Operand, RangeOperand, Refusal, ValueKind } from './contract.js';
export { isRefusal, refuse } from './contract.js';
export type { HelperDef } from './library.js';
export { buildLibrary, HELPERS, resolveHelpers } from './library.js';
export { lowerFormula } from './lower.js';
export type { CatalogueEntry } from './catalogue.js';
export { CATALOGUE, listFunctions, REFUSAL_CODES } from './catalogue.js';
