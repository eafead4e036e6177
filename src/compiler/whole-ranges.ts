/** Re-exported at this path for formula-command.ts, which is read from here; the module is lower/whole-ranges.ts. */
export { boundedRange, isWhole } from './lower/whole-ranges.js';
