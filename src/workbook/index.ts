export type { CellModel, DefinedName, SheetModel, TableModel, WorkbookModel } from './model.js';
export { getCell, gridSheet } from './model.js';
export type { LimitName, PreflightInfo, ReadLimits, ZipEntryInfo } from './preflight.js';
export { DEFAULT_READ_LIMITS, preflight, resolveLimits, WorkbookError } from './preflight.js';
export type { ReadOptions } from './reader.js';
export { dateToSerial, readWorkbook } from './reader.js';
export type { CellValue, ErrorValue, NotEstablished, NotEstablishedAt } from './values.js';
export { isErrorValue, isNotEstablished } from './values.js';
export type { Producer, ProducerKind, SavedValues, SavedValuesStanding } from './producer.js';
export { producerOf, savedValuesOf } from './producer.js';
export {
  callsEvaluationDate,
  type DateFunction,
  type EvaluationDates,
  modifiedSerial,
  savedVolatile,
  serialText,
} from './volatile.js';
