export type { CellModel, DefinedName, SheetModel, TableModel, WorkbookModel } from './model.js';
export { getCell, gridSheet } from './model.js';
export type { LimitName, PreflightInfo, ReadLimits, ZipEntryInfo } from './preflight.js';
export { DEFAULT_READ_LIMITS, preflight, resolveLimits, WorkbookError } from './preflight.js';
export type { ReadOptions } from './reader.js';
export { dateToSerial, readWorkbook } from './reader.js';
export type { CellValue, ErrorValue } from './values.js';
export { isErrorValue } from './values.js';
