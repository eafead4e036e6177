/** Re-exported at this path for formula-command.ts, which is read from here; the module is analyse/whole-ranges.ts. */
export { boundedRange, isWhole } from './analyse/whole-ranges.js';
