/** The ModelSpec format, its runtime and the authoring tools (validate, eval, test, dry run, guidance). */
export {
  type CallSite,
  expressionCalls,
  expressionReadSites,
  expressionReads,
  JSONATA_BUILTINS,
  type Read,
  type ReadSite,
} from './analyze.js';
export {
  type Bindings,
  compileExpression,
  evaluateExpression,
  jsonataError,
  libraryDefine,
  loadLibrary,
  specBindings,
} from './bind.js';
export { type CompiledDerivation, compileDerivation, computeDerivations } from './derive.js';
export { type Change, type DryRunOptions, type DryRunResult, dryRunInProcess } from './dry-run.js';
export {
  type EvalError,
  type EvalRequest,
  type EvalResult,
  evalExpressionInProcess,
  toEvalError,
} from './eval.js';
export {
  exampleSpec,
  type GuidanceExample,
  type GuidanceHelper,
  type GuidanceOptions,
  type GuidanceResult,
  type GuidanceTopic,
  getDomainGuidance,
  guidanceHelpers,
  guidanceTopicIds,
  guidanceTopics,
} from './guidance.js';
export {
  type CycleEdge,
  type DependencyEdge,
  type DerivationCycle,
  dependencyEdges,
  derivationCycle,
  derivationDependencies,
  findCycle,
  orderDerivations,
} from './order.js';
export { findNotEstablished, type NotEstablishedFound } from './not-established.js';
export { formatPath, getAll, type PathSegment, parsePath, setPath } from './paths.js';
export {
  applyMutations,
  type ConstraintViolation,
  type RunFailure,
  type RunOptions,
  type RunResult,
  type RunSuccess,
  runModel,
  type SchemaViolation,
  seedState,
} from './runtime.js';
export { instancePathToCanonical, modelIdProblem, modelSpecSchema, modelSpecValidator } from './schema.js';
export {
  matches,
  type TestCaseResult,
  type TestFailure,
  type TestReport,
  testSpecInProcess,
} from './test-spec.js';
export type {
  Constraint,
  DefaultValue,
  Derivation,
  LibraryObject,
  MetaDerivation,
  MetaProperty,
  ModelSpec,
  SpecTest,
  TestCompare,
} from './types.js';
export { RESERVED_NAMES } from './types.js';
export { DEFAULT_MAX_INPUT_CHARS, jsonErrorOffset, parseJsonText, readJsonInput } from './input.js';
export { schemaHasPath } from './schema-paths.js';
export {
  type Finding,
  pointer,
  type ValidationReport,
  validateSpecInProcess,
} from './validate.js';
