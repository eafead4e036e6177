/** Re-exported at this path for column-formula.ts, which is read from here; the module is analyse/columns.ts. */
export { KIND_ORDER } from './analyse/columns.js';
