/**
 * The modelspec area's light entry, for a front end's main thread: what it needs before any conversion runs,
 * loading neither JSONata nor ajv (src/modelspec/index.ts is the whole area).
 */
export { modelIdProblem } from './model-id.js';
