/**
 * What a prepared formula reads, for the blocked oracle (blocks.ts): every reference of its rewritten text
 * (the text HyperFormula gets, so a hoisted aggregate is already a helper cell reference) as a rectangle of a
 * sheet, and whether its value can depend on more than the cells it names.
 *
 * A text is parsed once per template (templates.ts) at the template's own cell; a cell that got the template's
 * text moved to it reads the same rectangles moved by the same rows and columns (relative ends only), which is
 * what moving the text does. Other cells are parsed on their own.
 */
import {
  AS_SAVED_PARSE_LIMITS,
  type Node,
  parseFormula,
  type RangeEnd,
  walk,
} from '../../workbook/formula/index.js';
import type { Prepared, PreparedFormula } from './engine.js';
import { POSITIONAL } from '../rewrite/rewrite.js';
import type { Template } from './templates.js';

/** One reference: a rectangle of a sheet (index into the prepared sheets; the helper sheet is the last). */
export interface Ref {
  sheet: number;
  /** Rows and columns, 0-based, inclusive; a whole column's rows are 0 and `lastRow`. */
  r1: number;
  c1: number;
  r2: number;
  c2: number;
  /** Both rows are relative and equal to the formula's own row on its own sheet. */
  ownRow: boolean;
  /** Both rows are absolute (or the range spans whole columns): the same cells from every row. */
  fixedRows: boolean;
}

export interface Reads {
  refs: Ref[];
  /** Calls a function whose value depends on its position or more than its arguments (POSITIONAL). */
  positional: boolean;
}

/** A reference at the template's cell, before moving: which ends are relative. */
interface RawRef {
  sheet: number;
  r1: number | null;
  c1: number | null;
  r2: number | null;
  c2: number | null;
  r1Abs: boolean;
  c1Abs: boolean;
  r2Abs: boolean;
  c2Abs: boolean;
}

interface RawReads {
  refs: RawRef[];
  positional: boolean;
}

/**
 * Functions whose reads are not the cells they name (INDIRECT, OFFSET): a workbook holding one is evaluated in
 * one engine, since what its formulas read cannot be known without evaluating them.
 */
const OPAQUE_CALLS = new Set(['INDIRECT', 'OFFSET']);

/** Reads the prepared formulas' references; `undefined` means one of them cannot be known (blocks.ts gives up). */
export class ReadsIndex {
  private readonly byTemplate = new Map<Template, RawReads | undefined>();
  private readonly sheetIndex = new Map<string, number>();
  private readonly lastRow: number;
  private readonly lastCol: number;

  constructor(private readonly p: Prepared) {
    for (const [i, s] of p.sheets.entries()) this.sheetIndex.set(s.name.toLowerCase(), i);
    this.sheetIndex.set(p.helperSheet.toLowerCase(), p.sheets.length);
    this.lastRow = p.maxRows - 1;
    this.lastCol = p.maxCols - 1;
  }

  /** The references of a formula cell of sheet `sheet`, at the cell. */
  of(sheet: number, f: PreparedFormula): Reads | undefined {
    const text = this.p.sheets[sheet].content[f.row][f.col] as string;
    const t = f.template;
    if (t === undefined) return this.place(this.parse(sheet, text), sheet, f.row, 0, 0);
    let raw = this.byTemplate.get(t);
    if (!this.byTemplate.has(t)) {
      const at = t.rewritten?.(t.row, t.col);
      raw = at === undefined ? undefined : this.parse(sheet, `=${at}`);
      this.byTemplate.set(t, raw);
    }
    return this.place(raw, sheet, f.row, f.row - t.row, f.col - t.col);
  }

  /** The references of a helper cell's formula (its references are all qualified). */
  ofHelper(text: string): Reads | undefined {
    return this.place(this.parse(this.p.sheets.length, `=${text}`), -1, -1, 0, 0);
  }

  private parse(sheet: number, text: string): RawReads | undefined {
    const tree = parseFormula(text, AS_SAVED_PARSE_LIMITS).ast;
    if (tree === undefined) return undefined;
    const refs: RawRef[] = [];
    let positional = false;
    let known = true;
    walk(tree, (n: Node) => {
      if (!known) return;
      switch (n.kind) {
        case 'call':
          if (OPAQUE_CALLS.has(n.name)) known = false;
          if (POSITIONAL.has(n.name)) positional = true;
          return;
        case 'name':
        case 'structured':
        case 'other':
          known = false;
          return;
        case 'binary':
          // Why: a range built by `:` from calls, an intersection or a union reads cells no node names.
          if (n.op === ':' || n.op === ' ' || n.op === ',') known = false;
          return;
        case 'cell':
        case 'range': {
          const ref = this.rawRef(sheet, n);
          if (ref === undefined) known = false;
          else refs.push(ref);
          return;
        }
        default:
          return;
      }
    });
    return known ? { refs, positional } : undefined;
  }

  private rawRef(own: number, n: Node & { kind: 'cell' | 'range' }): RawRef | undefined {
    if (n.workbook !== undefined) return undefined;
    const sheet = n.sheet === undefined ? own : this.sheetIndex.get(n.sheet.toLowerCase());
    if (sheet === undefined) return undefined;
    const [a, b]: [RangeEnd, RangeEnd] = n.kind === 'cell' ? [n, n] : [n.start, n.end];
    return {
      sheet,
      r1: a.row,
      c1: a.col,
      r2: b.row,
      c2: b.col,
      r1Abs: a.rowAbs,
      c1Abs: a.colAbs,
      r2Abs: b.rowAbs,
      c2Abs: b.colAbs,
    };
  }

  /** The raw references moved by (dr, dc), as rectangles seen from a formula at row `row` of sheet `sheet`. */
  private place(
    raw: RawReads | undefined,
    sheet: number,
    row: number,
    dr: number,
    dc: number,
  ): Reads | undefined {
    if (raw === undefined) return undefined;
    const refs: Ref[] = [];
    for (const x of raw.refs) {
      const move = (v: number | null, abs: boolean, d: number, whole: number) =>
        v === null ? whole : abs ? v : v + d;
      const r1 = move(x.r1, x.r1Abs, dr, 0);
      const r2 = move(x.r2, x.r2Abs, dr, this.lastRow);
      const c1 = move(x.c1, x.c1Abs, dc, 0);
      const c2 = move(x.c2, x.c2Abs, dc, this.lastCol);
      const wholeColumns = x.r1 === null || x.r2 === null;
      refs.push({
        sheet: x.sheet,
        r1: Math.min(r1, r2),
        r2: Math.max(r1, r2),
        c1: Math.min(c1, c2),
        c2: Math.max(c1, c2),
        ownRow: x.sheet === sheet && !wholeColumns && !x.r1Abs && !x.r2Abs && r1 === row && r2 === row,
        fixedRows: wholeColumns || (x.r1Abs && x.r2Abs),
      });
    }
    return { refs, positional: raw.positional };
  }
}
