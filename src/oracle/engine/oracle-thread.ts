/**
 * `evaluateWorkbookInThread`: the oracle (`evaluateWorkbook`, HyperFormula over the whole workbook) in a worker
 * thread, so that the conversion's other CPU-bound stage (running the spec's derivations over every row) can
 * use the second core meanwhile. The values are the ones `evaluateWorkbook` computes: the worker runs its
 * two steps (`prepareWorkbook`, `evaluatePrepared`) on a rebuilt copy of the model, dropped once prepared.
 *
 * What crosses, and why in this shape: structured cloning a Map of Maps of cell objects costs about as much as
 * the oracle saves at 10,000 rows, so each sheet goes as flat typed arrays (row, column, a tag byte, a number)
 * plus its text (constants, formulas, array ranges) joined into one string with an end offset per piece, all
 * transferred, not copied. Only what `evaluateWorkbook` reads is sent: a formula cell's saved value is left
 * out (the engine never reads it), and so are number formats and merges. The answer comes back the same way and
 * holds the values of formula cells only: every cell the pipeline asks the oracle about (a compiled column's
 * data cell, a summary cell, the tests' expectations) is a formula cell, since a column holding any non-formula
 * cell is refused (MIXED_CONTENT) and a summary cell is an aggregate formula. `get` gives null for other cells.
 *
 * The worker's heap limit is the parent's own (`v8.getHeapStatistics().heap_size_limit`, or the parent worker's
 * `resourceLimits`), so a process started with `--max-old-space-size`, or the sandboxed conversion's worker,
 * gives the oracle the budget it had when it ran in-line; within it the worker's young generation is larger
 * where the budget allows (`oracleYoungMb`). A worker that runs out of heap, crashes or exits
 * without answering rejects with `OracleThreadError` code `RESOURCE_LIMIT`; an error thrown by the oracle
 * itself (a bug) rejects with `ORACLE_FAILED` and the same message. The worker is terminated when it has
 * answered, when it fails, and when the caller's signal aborts.
 *
 * The worker is started by src/workers (`runWorker`: source or dist/, the heap limit, the signal); its answers
 * and failures are read here, in the oracle's own codes.
 */
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { isMainThread, type ResourceLimits, resourceLimits } from 'node:worker_threads';
import { CodedError } from '../../codes/index.js';
import type { ExcelErrorCode } from '../../workbook/formula/index.js';
import type {
  CellModel,
  CellValue,
  DefinedName,
  SheetModel,
  TableModel,
  WorkbookModel,
} from '../../workbook/index.js';
import { savedVolatile } from '../../workbook/index.js';
import { entryModule, KeptWorker, runWorker } from '../../workers/index.js';
import type { OracleValues, Prepared } from './engine.js';

/** Why the threaded oracle gave no values. */
export type OracleThreadErrorCode = 'RESOURCE_LIMIT' | 'ORACLE_FAILED' | 'ABORTED';

export class OracleThreadError extends CodedError<OracleThreadErrorCode> {
  override name = 'OracleThreadError';
}

export interface OracleThreadOptions {
  /** Terminates the worker; the promise then rejects with `ABORTED` (unless it has already settled). */
  signal?: AbortSignal;
  /** The worker's old-generation heap limit in MB; default the calling thread's own limit. */
  maxOldGenerationSizeMb?: number;
  /**
   * Called with the milliseconds from the call until the worker had its values ready, measured on the worker's
   * side: the parent may be too busy to read the message until later, and that wait is not the oracle's.
   */
  onEvaluated?: (ms: number) => void;
}

/** Evaluates the workbook with `evaluateWorkbook` in a worker thread (see the header). */
export async function evaluateWorkbookInThread(
  wb: WorkbookModel,
  options: OracleThreadOptions = {},
): Promise<OracleValues> {
  const { signal, onEvaluated } = options;
  const startedAt = performance.timeOrigin + performance.now();
  if (signal?.aborted) throw new OracleThreadError('ABORTED', 'The oracle was cancelled.');
  const { boot, transfer } = encodeWorkbook(wb);
  const answer = (m: unknown): { value: OracleValues } => {
    const message = m as FromOracleWorker;
    if (message.type === 'done') {
      onEvaluated?.(message.doneAt - startedAt);
      return { value: decodeValues(message) };
    }
    if (message.stackOverflow) {
      throw new OracleThreadError(
        'RESOURCE_LIMIT',
        `The oracle exhausted the call stack (budget: stack): ${message.message}`,
        { budget: 'stack' },
      );
    }
    throw new OracleThreadError('ORACLE_FAILED', message.message);
  };
  try {
    if (options.maxOldGenerationSizeMb === undefined && kept?.idle) {
      return await kept.run<OracleValues>({ request: boot, transfer, signal, answer });
    }
    const { maxOldGenerationSizeMb, ...resourceLimits } = options.maxOldGenerationSizeMb
      ? { ...oracleWorkerLimits(), maxOldGenerationSizeMb: options.maxOldGenerationSizeMb }
      : oracleWorkerLimits();
    return await runWorker<OracleValues>({
      name: ORACLE,
      entry: ORACLE_WORKER,
      kind: 'thread',
      data: boot,
      transfer,
      maxHeapMb: maxOldGenerationSizeMb,
      resourceLimits,
      signal,
      answer,
    });
  } catch (e) {
    throw oracleError(e);
  }
}

const ORACLE = 'The oracle';
const ORACLE_WORKER = entryModule(import.meta.url, '../oracle-worker');

/**
 * The kept oracle thread of a long-lived conversion worker (the MCP server's, src/pipeline/warm.ts), or none.
 * Why: in a fresh process a second thread pays for loading HyperFormula while the first works, which cancels
 * the overlap below 10,000 formula cells; a kept one has it loaded and compiled, so every conversion's oracle
 * can run beside its derivations. Its jobs run one at a time under the same heap limit as a fresh oracle
 * worker's; a failure kills it (KeptWorker) and the next conversion starts another. While it loads or is busy,
 * the oracle runs as it would without it.
 */
let kept: KeptWorker | undefined;
/** A kept oracle that never loaded is not started again (a fresh worker reports why). */
let keptBroken = false;

/** Keeps an oracle thread loaded in this thread from now on (started again after a failure). */
export function keepOracleThread(): void {
  if (kept !== undefined || keptBroken) return;
  const { maxOldGenerationSizeMb, ...resourceLimits } = oracleWorkerLimits();
  const worker = new KeptWorker({
    name: ORACLE,
    entry: ORACLE_WORKER,
    kind: 'thread',
    data: { kind: ORACLE_KEPT_KIND },
    maxHeapMb: maxOldGenerationSizeMb,
    resourceLimits,
  });
  kept = worker;
  void worker.ready.then((loaded) => {
    if (!loaded && kept === worker && worker.jobs === 0) keptBroken = true;
  });
  void worker.ended.then(() => {
    if (kept === worker) kept = undefined;
  });
}

/** Ends the kept oracle thread, if any (the thread keeping it ends it too, by ending). */
export async function dropOracleThread(): Promise<void> {
  const worker = kept;
  kept = undefined;
  await worker?.kill();
}

/** Whether a kept oracle thread is loaded and free now. */
export function keptOracleIdle(): boolean {
  return kept?.idle === true;
}

/** The worker's coded failures in the oracle's own codes: a cancellation is ABORTED, anything else a limit. */
function oracleError(e: unknown): unknown {
  if (e instanceof OracleThreadError || !(e instanceof CodedError)) return e;
  if (e.code === 'CANCELLED') return new OracleThreadError('ABORTED', 'The oracle was cancelled.');
  return new OracleThreadError('RESOURCE_LIMIT', e.message, e.data);
}

/** Young generation V8 gives a 64-bit main thread by default (3 × 16 MB semi-spaces), in MB. */
const MAIN_THREAD_YOUNG_MB = 48;

/**
 * The oracle worker's young generation, in MB, out of its heap budget: 192 from a 1,536 MB budget, 96 from
 * 768, else V8's default 48 (three semi-spaces of a power of two, so V8 takes the size as given). Why larger
 * than the default: building a block's engine allocates a dependency graph that survives, and each scavenge
 * copies what survives; fewer, larger scavenges copy less. Measured on the 100,000-row wide bench workbook
 * (`node --trace-gc`, in process, one run each, idle): the oracle thread's scavenges took 5.0 s (1,130 of
 * them) at 48 MB, 4.3 s at 96, 3.7 s at 192 and 3.1 s at 384; its stage 21.9, 21.1, 20.9 and 20.1 s, at a peak
 * RSS of 1,376 to 1,530 MB (no trend).
 */
function oracleYoungMb(budgetMb: number): number {
  return budgetMb >= 1536 ? 192 : budgetMb >= 768 ? 96 : MAIN_THREAD_YOUNG_MB;
}

/**
 * The calling thread's heap budget, as limits for the oracle's worker: the same total (old and young
 * generation together, what `heap_size_limit` reports), split with the oracle's own young generation.
 */
export function oracleWorkerLimits(): ResourceLimits & { maxOldGenerationSizeMb: number } {
  // In a worker (the sandboxed conversion runs in one) its own limits are known exactly.
  const inWorker = !isMainThread && Boolean(resourceLimits.maxOldGenerationSizeMb);
  // heap_size_limit counts the young generation too (560 MB for --max-old-space-size=512).
  const budgetMb = inWorker
    ? (resourceLimits.maxOldGenerationSizeMb ?? 0) +
      (resourceLimits.maxYoungGenerationSizeMb || MAIN_THREAD_YOUNG_MB)
    : Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  const young = oracleYoungMb(budgetMb);
  return {
    ...(inWorker ? resourceLimits : {}),
    maxOldGenerationSizeMb: Math.max(16, budgetMb - young),
    maxYoungGenerationSizeMb: young,
  };
}

/** Marks the worker's data so the entry module runs only when started as the oracle worker. */
export const ORACLE_WORKER_KIND = 'sheetspec:oracle-thread';
/** Marks a kept oracle worker's data: it says `ready`, then evaluates each `OracleBoot` posted to it. */
export const ORACLE_KEPT_KIND = 'sheetspec:oracle-thread-kept';

// ---------------------------------------------------------------------------------------------------------------
// The wire format, both ways. A cell's tag byte: bits 0-2 its value's kind (VALUE_*), bit 3 "has a formula",
// bits 4-5 its formula kind (FORMULA_KINDS index), bit 6 "has an array range". Its pieces of text, in this order
// and only when present: the value's text (a string, or an error's code), the formula, the array range.

const VALUE_NULL = 0;
const VALUE_NUMBER = 1;
const VALUE_TEXT = 2;
const VALUE_TRUE = 3;
const VALUE_FALSE = 4;
const VALUE_ERROR = 5;
const VALUE_MASK = 0b111;
const HAS_FORMULA = 1 << 3;
const KIND_SHIFT = 4;
const HAS_ARRAY_REF = 1 << 6;
const FORMULA_KINDS = [undefined, 'normal', 'shared', 'array'] as const;

/**
 * Many pieces of text as a few long strings and the end offset of each piece in its string: one clone instead
 * of one per string. A string holds at most CHUNK_CHARS characters unless one piece is longer (V8's strings stop
 * near 2^29 characters, and a cell's text is repeated here each time a cell shows it).
 */
interface TextTable {
  chunks: string[];
  /** How many pieces each chunk holds. */
  counts: number[];
  ends: Uint32Array;
}

const CHUNK_CHARS = 2 ** 26;

class TextWriter {
  private readonly chunks: string[] = [];
  private readonly counts: number[] = [];
  private readonly ends: number[] = [];
  private pieces: string[] = [];
  private length = 0;

  push(s: string): void {
    if (this.length + s.length > CHUNK_CHARS && this.pieces.length > 0) this.close();
    this.pieces.push(s);
    this.length += s.length;
    this.ends.push(this.length);
  }

  finish(): TextTable {
    if (this.pieces.length > 0) this.close();
    return { chunks: this.chunks, counts: this.counts, ends: Uint32Array.from(this.ends) };
  }

  private close(): void {
    this.chunks.push(this.pieces.join(''));
    this.counts.push(this.pieces.length);
    this.pieces = [];
    this.length = 0;
  }
}

class TextReader {
  private next = 0;
  private chunk = 0;
  private leftInChunk: number;
  private start = 0;

  constructor(private readonly table: TextTable) {
    this.leftInChunk = table.counts[0] ?? 0;
  }

  read(): string {
    if (this.leftInChunk === 0) {
      this.chunk++;
      this.leftInChunk = this.table.counts[this.chunk];
      this.start = 0;
    }
    this.leftInChunk--;
    const end = this.table.ends[this.next++];
    const s = this.table.chunks[this.chunk].slice(this.start, end);
    this.start = end;
    return s;
  }
}

/** One sheet's cells as parallel arrays, in the model's own iteration order (templates depend on it). */
interface WireCells extends TextTable {
  rows: Int32Array;
  cols: Int32Array;
  tags: Uint8Array;
  numbers: Float64Array;
}

interface WireSheet extends WireCells {
  name: string;
  state: SheetModel['state'];
  maxRow: number;
  maxCol: number;
}

/** What the worker is started with. */
export interface OracleBoot {
  kind: typeof ORACLE_WORKER_KIND;
  sheets: WireSheet[];
  definedNames: DefinedName[];
  tables: TableModel[];
  application?: string;
}

/** The worker's answer: the formula cells' values of each sheet, in the order they were sent. */
export type FromOracleWorker =
  | {
      type: 'done';
      /** Epoch milliseconds (`timeOrigin + now()`) when the values were ready. */
      doneAt: number;
      name: OracleValues['name'];
      version: string;
      sheets: Array<{ name: string } & WireCells>;
    }
  | { type: 'failed'; message: string; stackOverflow: boolean };

function valueTag(v: CellValue, text: TextWriter, numbers: Float64Array, i: number): number {
  if (v === null) return VALUE_NULL;
  if (typeof v === 'number') {
    numbers[i] = v;
    return VALUE_NUMBER;
  }
  if (typeof v === 'boolean') return v ? VALUE_TRUE : VALUE_FALSE;
  if (typeof v === 'string') {
    text.push(v);
    return VALUE_TEXT;
  }
  text.push(v.error);
  return VALUE_ERROR;
}

function readValue(tag: number, text: TextReader, numbers: Float64Array, i: number): CellValue {
  switch (tag & VALUE_MASK) {
    case VALUE_NUMBER:
      return numbers[i];
    case VALUE_TEXT:
      return text.read();
    case VALUE_TRUE:
      return true;
    case VALUE_FALSE:
      return false;
    case VALUE_ERROR:
      return { error: text.read() as ExcelErrorCode };
    default:
      return null;
  }
}

/** Empty wire columns for n cells. */
function wireArrays(n: number) {
  return {
    rows: new Int32Array(n),
    cols: new Int32Array(n),
    tags: new Uint8Array(n),
    numbers: new Float64Array(n),
    text: new TextWriter(),
  };
}

function buffersOf(c: WireCells): ArrayBuffer[] {
  return [c.rows, c.cols, c.tags, c.numbers, c.ends].map((a) => a.buffer as ArrayBuffer);
}

/** The model as the worker's boot data, and the buffers to transfer with it. */
export function encodeWorkbook(wb: WorkbookModel): { boot: OracleBoot; transfer: ArrayBuffer[] } {
  const sheets = wb.sheets.map((s): WireSheet => {
    let n = 0;
    for (const row of s.rows.values()) n += row.size;
    const { rows, cols, tags, numbers, text } = wireArrays(n);
    let i = 0;
    for (const row of s.rows.values()) {
      for (const cell of row.values()) {
        rows[i] = cell.row;
        cols[i] = cell.col;
        let tag: number;
        if (cell.formula === undefined) tag = valueTag(cell.value, text, numbers, i);
        // A saved TODAY()/NOW() cell is evaluated as its saved value (workbook/volatile.ts): sent as that value.
        else if (savedVolatile(cell) !== undefined) tag = valueTag(cell.cached as number, text, numbers, i);
        else {
          // The saved value of a formula cell is never read by the engine: not sent.
          tag = HAS_FORMULA | (FORMULA_KINDS.indexOf(cell.formulaKind) << KIND_SHIFT);
          text.push(cell.formula);
        }
        if (cell.arrayRef !== undefined) {
          tag |= HAS_ARRAY_REF;
          text.push(cell.arrayRef);
        }
        tags[i++] = tag;
      }
    }
    return {
      name: s.name,
      state: s.state,
      maxRow: s.maxRow,
      maxCol: s.maxCol,
      rows,
      cols,
      tags,
      numbers,
      ...text.finish(),
    };
  });
  return {
    boot: {
      kind: ORACLE_WORKER_KIND,
      sheets,
      definedNames: wb.definedNames,
      tables: wb.tables,
      ...(wb.application !== undefined ? { application: wb.application } : {}),
    },
    transfer: sheets.flatMap(buffersOf),
  };
}

/** The worker's side: the model again, with the same cells in the same order (no merges, no saved values). */
export function decodeWorkbook(boot: OracleBoot): WorkbookModel {
  const sheets = boot.sheets.map((w): SheetModel => {
    const sheet: SheetModel = {
      name: w.name,
      state: w.state,
      rows: new Map(),
      maxRow: w.maxRow,
      maxCol: w.maxCol,
      merges: [],
    };
    const text = new TextReader(w);
    let line: Map<number, CellModel> | undefined;
    let lineRow = -1;
    for (let i = 0; i < w.rows.length; i++) {
      const tag = w.tags[i];
      const cell: CellModel = { row: w.rows[i], col: w.cols[i], value: null };
      if (tag & HAS_FORMULA) {
        cell.formula = text.read();
        const kind = FORMULA_KINDS[(tag >> KIND_SHIFT) & 0b11];
        if (kind !== undefined) cell.formulaKind = kind;
      } else cell.value = readValue(tag, text, w.numbers, i);
      if (tag & HAS_ARRAY_REF) cell.arrayRef = text.read();
      if (cell.row !== lineRow || line === undefined) {
        lineRow = cell.row;
        line = sheet.rows.get(lineRow);
        if (line === undefined) {
          line = new Map();
          sheet.rows.set(lineRow, line);
        }
      }
      line.set(cell.col, cell);
    }
    return sheet;
  });
  return {
    sheets,
    definedNames: boot.definedNames,
    tables: boot.tables,
    ...(boot.application !== undefined ? { application: boot.application } : {}),
  };
}

/**
 * The worker's side: the oracle's value of every formula cell, in model order (the prepared sheets keep the
 * model's formula cells in its order, so the model itself need not be kept), and the buffers to transfer.
 */
export function encodeValues(
  p: Prepared,
  oracle: OracleValues,
  doneAt: number,
): { message: FromOracleWorker & { type: 'done' }; transfer: ArrayBuffer[] } {
  const sheets = p.sheets.map((s) => {
    const { rows, cols, tags, numbers, text } = wireArrays(s.formulas.length);
    s.formulas.forEach((f, i) => {
      rows[i] = f.row;
      cols[i] = f.col;
      tags[i] = valueTag(oracle.get(s.name, f.row, f.col), text, numbers, i);
    });
    return { name: s.name, rows, cols, tags, numbers, ...text.finish() };
  });
  return {
    message: { type: 'done', doneAt, name: oracle.name, version: oracle.version, sheets },
    transfer: sheets.flatMap(buffersOf),
  };
}

/** The parent's side: the answer as OracleValues (rows of columns per sheet, as `evaluateWorkbook` keeps them). */
function decodeValues(m: FromOracleWorker & { type: 'done' }): OracleValues {
  const values = new Map<string, CellValue[][]>();
  for (const s of m.sheets) {
    const grid: CellValue[][] = [];
    values.set(s.name, grid);
    const text = new TextReader(s);
    for (let i = 0; i < s.rows.length; i++) {
      const v = readValue(s.tags[i], text, s.numbers, i);
      if (v === null) continue;
      grid[s.rows[i]] ??= [];
      grid[s.rows[i]][s.cols[i]] = v;
    }
  }
  return {
    name: m.name,
    version: m.version,
    get: (sheet, row, col) => values.get(sheet)?.[row]?.[col] ?? null,
  };
}
