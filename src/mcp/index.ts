/** The MCP front end: the server and its transports. */
export {
  batchesAllowed,
  createServer,
  LOG_LEVELS,
  loadServerResources,
  PROTOCOL_VERSIONS,
  SERVER_NAME,
  SERVER_VERSION,
} from './server.js';
export type { CreateServerOptions } from './server.js';
export { runStdioServer, SheetspecStdioTransport, DEFAULT_MAX_MESSAGE_BYTES } from './stdio.js';
export type { StdioTransportOptions } from './stdio.js';
export { startHttpServer } from './http.js';
export { isLoopbackAddress } from './http-guards.js';
export { BusyError, callHeapMb, DEFAULT_BUDGET, ProcessBudget } from './budget.js';
export type { BudgetLimits, BudgetStatus } from './budget.js';
export type { HttpServerOptions, RunningHttpServer } from './http.js';
export { RESOURCE_NOT_FOUND } from './resources.js';
export { DEFAULT_LIMITS, MAX_EVAL_TIMEOUT_MS } from './tool.js';
export type { ToolLimits } from './tool.js';
