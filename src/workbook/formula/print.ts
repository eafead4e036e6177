/**
 * AST → Excel formula text (without `=`), for refusal messages and round-trip property tests.
 *
 * Parentheses are added only where Excel's precedence (the parser's BINARY_PRECEDENCE table) needs them;
 * every operator is left-associative, so a right operand of equal rank is parenthesised. A union (`,`) is
 * always parenthesised, because a bare comma would read as an argument separator.
 * `parseFormula(printFormula(ast))` gives the same tree back, spans aside.
 */

import type { BinaryNode, Node, RangeEnd, RefScope } from './ast.js';
import { assertNever, colName } from './ast.js';
import { BINARY_PRECEDENCE, PERCENT_PRECEDENCE, UNARY_PRECEDENCE } from './parser.js';

const ATOM = 100;

/** Render an AST as Excel formula text, without the leading `=`. */
export function printFormula(node: Node): string {
  return print(node);
}

function precedence(node: Node): number {
  switch (node.kind) {
    case 'binary':
      // A union prints inside its own parentheses, so it is atomic to its parent.
      return node.op === ',' ? ATOM : BINARY_PRECEDENCE[node.op];
    case 'unary':
      return UNARY_PRECEDENCE;
    case 'percent':
      return PERCENT_PRECEDENCE;
    case 'number':
      // A negative number (only written inside array constants) prints with its sign.
      return node.value < 0 || Object.is(node.value, -0) ? UNARY_PRECEDENCE : ATOM;
    case 'string':
    case 'boolean':
    case 'error':
    case 'cell':
    case 'range':
    case 'name':
    case 'structured':
    case 'call':
    case 'array':
    case 'missing':
    case 'other':
      return ATOM;
    default:
      return assertNever(node, 'node');
  }
}

function wrap(node: Node, min: number): string {
  const text = print(node);
  return precedence(node) < min ? `(${text})` : text;
}

function print(node: Node): string {
  switch (node.kind) {
    case 'number':
      return printNumber(node.value);
    case 'string':
      return `"${node.value.replace(/"/g, '""')}"`;
    case 'boolean':
      return node.value ? 'TRUE' : 'FALSE';
    case 'error':
      return node.value;
    case 'cell':
      return prefix(node) + end({ row: node.row, col: node.col, rowAbs: node.rowAbs, colAbs: node.colAbs });
    case 'range':
      return `${prefix(node)}${end(node.start)}:${end(node.end)}`;
    case 'name':
      // An external name that is not a plain identifier is quoted: `[1]!'Rate,LA'`.
      return prefix(node) + (PLAIN_NAME.test(node.name) ? node.name : `'${node.name.replace(/'/g, "''")}'`);
    case 'structured':
      return node.text;
    case 'call':
      return `${node.prefix ?? ''}${node.name}(${node.args.map(print).join(',')})`;
    case 'binary':
      return printBinary(node);
    case 'unary':
      return node.op + wrap(node.operand, UNARY_PRECEDENCE);
    case 'percent':
      return `${wrap(node.operand, PERCENT_PRECEDENCE)}%`;
    case 'array':
      return `{${node.rows.map((row) => row.map(print).join(',')).join(';')}}`;
    case 'missing':
      return '';
    case 'other':
      return node.text ?? `#OTHER(${node.what})`;
    default:
      return assertNever(node, 'node');
  }
}

function printNumber(value: number): string {
  if (Number.isNaN(value) || !Number.isFinite(value)) return '#NUM!';
  // JS writes 1e21 as `1e+21`, which Excel reads back the same; `-0` prints as `0`.
  return Object.is(value, -0) ? '0' : String(value);
}

/** Iterative along the left spine, so a chain of thousands of `+` does not exhaust the stack. */
function printBinary(node: BinaryNode): string {
  const spine: BinaryNode[] = [];
  let cur: Node = node;
  while (cur.kind === 'binary') {
    spine.push(cur);
    cur = cur.left;
  }
  let text = print(cur);
  let child: Node = cur;
  for (let k = spine.length - 1; k >= 0; k--) {
    const b = spine[k];
    const p = BINARY_PRECEDENCE[b.op];
    const left = precedence(child) < p ? `(${text})` : text;
    text = `${left}${b.op}${wrap(b.right, p + 1)}`;
    if (b.op === ',') text = `(${text})`;
    child = b;
  }
  return text;
}

/** `A1`, `$A$1`, `A` (whole column), `$3` (whole row). */
function end(e: RangeEnd): string {
  const col = e.col == null ? '' : `${e.colAbs ? '$' : ''}${colName(e.col)}`;
  const row = e.row == null ? '' : `${e.rowAbs ? '$' : ''}${e.row + 1}`;
  return col + row;
}

const PLAIN_NAME = /^[A-Za-z_\\\u00A1-\uFFFF][\w.?\\\u00A1-\uFFFF]*$/;
const PLAIN_SHEET = /^[A-Za-z_\u00A1-\uFFFF][\w.\u00A1-\uFFFF]*$/;
const LOOKS_LIKE_REF = /^([A-Za-z]{1,3}\d+|[Rr]\d*([Cc]\d*)?|[Cc]\d*|TRUE|FALSE)$/i;

/** `Sheet1!`, `'My Sheet'!`, `[1]Sheet1!`, `'[Book 1]My Sheet'!`. */
function prefix(scope: RefScope): string {
  if (scope.sheet == null && scope.workbook == null) return '';
  const book = scope.workbook != null ? `[${scope.workbook}]` : '';
  const sheet = scope.sheet ?? '';
  const plain = (sheet === '' || PLAIN_SHEET.test(sheet)) && !LOOKS_LIKE_REF.test(sheet);
  const bookPlain = !/[\s'![\]]/.test(scope.workbook ?? '');
  if (plain && bookPlain) return `${book}${sheet}!`;
  return `'${(book + sheet).replace(/'/g, "''")}'!`;
}
