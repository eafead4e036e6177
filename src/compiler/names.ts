/** Re-exported at this path for formula-command.ts, which is read from here; the module is recognise/names.ts. */
export { resolveName, substituteNames } from './recognise/names.js';
