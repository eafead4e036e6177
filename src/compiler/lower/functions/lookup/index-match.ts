/**
 * INDEX, MATCH and XLOOKUP over constant tables (locked ranges outside the data). Every search becomes the
 * indexed form VLOOKUP uses (lookup-core.ts): MATCH a lookup over rows [value, position], INDEX(range,
 * MATCH(key, keys, 0)) and XLOOKUP a lookup over rows [key, value], so a per-row search costs one `$lookup`.
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import type { CellValue } from '../../../../workbook/values.js';
import type { TableValue } from '../../library.js';
import type { RangeOperand } from '../../contract.js';
import { inherit, kindOfValue, may, pascal, union, type Val } from '../../value.js';
import {
  approxLookup,
  constantTable,
  exactLookup,
  intVal,
  literalArg,
  type Rows,
  tableKinds,
  vector,
} from './core.js';
import type { FunctionEntry, Lowering } from '../types.js';

/** MATCH's match_type: omitted 1; only the literals 0, 1 and -1. */
function matchType(l: Lowering, node: Node | undefined): 0 | 1 | -1 {
  if (node === undefined) return 1;
  const m = literalArg(l, node);
  if (m !== 0 && m !== 1 && m !== -1) {
    l.fail('UNSUPPORTED_LOOKUP_MODE', "MATCH's match_type must be the literal 0, 1 or -1", node);
  }
  return m;
}

/** A search of `keys` for `key` answering `values[i]` (one value per key), by MATCH's match type. */
function search(
  l: Lowering,
  call: CallNode,
  keys: readonly CellValue[],
  values: readonly CellValue[],
  hint: string,
  whole?: boolean,
): Val {
  const [keyNode, , typeNode] = call.args;
  const type = matchType(l, typeNode);
  const key = l.lower(keyNode!);
  const rows: Rows = keys.map((k, i) => [k, values[i] ?? null]);
  const kinds = union(values.map(kindOfValue), ['error']);
  if (type === 0) return exactLookup(l, key, rows, hint, { val: intVal(2), literal: 2 }, kinds);
  return approxLookup(l, key, rows, hint, intVal(2), kinds, {
    descending: type === -1,
    node: typeNode ?? call,
    fn: 'MATCH',
    whole,
  });
}

/**
 * MATCH(key, <a whole column of the table>, 0) in every row (`=MATCH(B2,$B$2:$B$N,0)`, "first row of my
 * code"): the column is indexed once in a root derivation ($xlMatchGroup) and each row looks its key up
 * ($xlMatchPick), linear in the rows. Approximate match is refused there: the rows' order is the data's.
 */
function matchOwnColumn(node: CallNode, l: Lowering, r: Extract<RangeOperand, { kind: 'column' }>): Val {
  const [keyNode, , typeNode] = node.args;
  if (matchType(l, typeNode) !== 0 || r.items === undefined) {
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      'MATCH over a column of the table itself is compiled with match_type 0 only (an approximate match needs keys known sorted when compiling)',
      node,
    );
  }
  const column = `$map(${r.items}.{"v": \`${r.field}\`}, function($r) { ${l.call('xlV', ['$r.v'])} })`;
  // Why two forms: a column whose cells may be the not-established value needs the position of the first.
  const unknown = r.ne ?? may(r.kinds, 'error');
  const group = l.helper(unknown ? 'xlMatchGroupU' : 'xlMatchGroup', [column], [], true);
  const root = l.hoist(group, `matchGroup${pascal(r.field)}`);
  const key = l.lower(keyNode!);
  const pick = unknown ? 'xlMatchPickU' : 'xlMatchPick';
  const ne: Val[] = unknown ? [{ ...root, ne: true }] : [root];
  return l.helper(pick, [root.expr, key.expr], ['number', 'error'], key.invariant, [...ne, key]);
}

/** MATCH(key, B2:E2, 0) over cells of the formula's own row: the values are the row's, searched at run time. */
function matchCells(node: CallNode, l: Lowering, r: Extract<RangeOperand, { kind: 'cells' }>): Val {
  const [keyNode, , typeNode] = node.args;
  if (matchType(l, typeNode) !== 0) {
    l.fail('UNSUPPORTED_LOOKUP_MODE', "MATCH over the row's own cells: only match_type 0", typeNode ?? node);
  }
  const key = l.lower(keyNode!);
  const cells = r.cells.map((c) => (may(c.kinds, 'blank') ? l.call('xlV', [c.expr]) : c.expr));
  return l.helper('xlMatchCells', [key.expr, `[${cells.join(', ')}]`], ['number', 'error'], false, [key]);
}

function lowerMatch(node: CallNode, l: Lowering): Val {
  const r = l.range(node.args[1]!);
  if (r.kind === 'column') return matchOwnColumn(node, l, r);
  if (r.kind === 'cells') return matchCells(node, l, r);
  const t = constantTable(l, node.args[1]!, 'MATCH');
  const { values } = vector(l, t.rows, node.args[1]!, 'MATCH');
  return search(
    l,
    node,
    values,
    values.map((_, i) => i + 1),
    `${t.nameHint}Match`,
    t.whole,
  );
}

const isMatch = (n: Node | undefined): n is CallNode =>
  n !== undefined && n.kind === 'call' && n.name === 'MATCH' && n.args.length >= 2 && n.args.length <= 3;

/**
 * INDEX's position argument: a literal (truncated; 0 allowed only where the dimension is one cell) or a
 * MATCH call. Why not any expression: a computed 0 returns a whole row or column, which a cell cannot hold.
 */
function position(l: Lowering, node: Node | undefined, size: number, what: string): Val | number {
  if (node === undefined) return 1;
  if (isMatch(node)) return l.lower(node);
  // Why: an empty position (`INDEX(A1:B2,1,)`) is passed as 0 (the whole row or column), not left out.
  const n = node.kind === 'missing' ? 0 : literalArg(l, node);
  if (n === undefined) {
    l.fail('UNSUPPORTED_CONSTRUCT', `INDEX's ${what} must be a literal or a MATCH call`, node);
  }
  const k = Math.trunc(n);
  if (k === 0 && size !== 1) {
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      `INDEX's ${what} 0 returns a whole ${what === 'row_num' ? 'column' : 'row'}`,
      node,
    );
  }
  return k === 0 ? 1 : k;
}

const constantVal = (v: CellValue): Val => ({
  expr: JSON.stringify(v),
  kinds: [kindOfValue(v)],
  atom: true,
  invariant: true,
  literal: typeof v === 'number' ? v : undefined,
});

function lowerIndex(node: CallNode, l: Lowering): Val {
  const [arrayNode, rowNode, colNode] = node.args;
  const t = constantTable(l, arrayNode!, 'INDEX');
  const rows = t.rows;
  const h = rows.length;
  const w = rows[0]?.length ?? 0;
  // A one-row array with one position: the position is the column (INDEX(A1:E1, 3) is C1).
  const across = h === 1 && w > 1 && colNode === undefined;
  const rNode = across ? undefined : rowNode;
  const cNode = across ? rowNode : colNode;
  if (!across && colNode === undefined && w > 1) {
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      'INDEX of a row of a table several columns wide returns the whole row',
      node,
    );
  }
  const fused = fuseMatch(l, rows, rNode, cNode, t.nameHint, t.whole === true);
  if (fused) return fused;
  // Why: past the used range Excel's INDEX gives a blank cell; the bounded range would give #REF!.
  if (t.whole) {
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      'INDEX of a whole column or row at a position other than a MATCH over it',
      node,
    );
  }
  const r = position(l, rNode, h, 'row_num');
  const c = position(l, cNode, w, 'column_num');
  if (typeof r === 'number' && typeof c === 'number') {
    if (r < 1 || c < 1) return constantVal({ error: '#VALUE!' });
    if (r > h || c > w) return constantVal({ error: '#REF!' });
    return constantVal(rows[r - 1]![c - 1] ?? null);
  }
  const exported = l.libraryValue(`${t.nameHint}Cells`, { build: 'rows', rows } satisfies TableValue);
  const rv = typeof r === 'number' ? intVal(r) : r;
  const cv = typeof c === 'number' ? intVal(c) : c;
  return l.helper(
    'xlIndex',
    [`$${exported}`, rv.expr, cv.expr],
    tableKinds(rows),
    rv.invariant && cv.invariant,
    [rv, cv],
  );
}

/**
 * INDEX(range, MATCH(key, keys, type)[, c]) with the keys as long as the range's searched dimension and the
 * other position a literal inside the range: one search over rows [key, value].
 */
function fuseMatch(
  l: Lowering,
  rows: Rows,
  rNode: Node | undefined,
  cNode: Node | undefined,
  hint: string,
  whole: boolean,
): Val | undefined {
  const h = rows.length;
  const w = rows[0]?.length ?? 0;
  const down = isMatch(rNode);
  const matchNode = down ? rNode : isMatch(cNode) ? cNode : undefined;
  if (!matchNode) return undefined;
  const otherNode = down ? cNode : rNode;
  const other = otherNode === undefined ? 1 : literalArg(l, otherNode);
  const size = down ? w : h;
  const o = other === undefined ? undefined : Math.trunc(other) === 0 && size === 1 ? 1 : Math.trunc(other);
  if (o === undefined || o < 1 || o > size) return undefined;
  // Why: a MATCH over the row's own cells searches at run time; INDEX then reads its position.
  if (l.range(matchNode.args[1]!).kind !== 'table') return undefined;
  const mt = constantTable(l, matchNode.args[1]!, 'MATCH');
  const { values: keys } = vector(l, mt.rows, matchNode.args[1]!, 'MATCH');
  const values = down ? rows.map((row) => row[o - 1] ?? null) : (rows[o - 1] ?? []);
  if (keys.length !== values.length) return undefined;
  return search(
    l,
    matchNode,
    keys,
    values,
    `${hint}By${mt.nameHint[0]?.toUpperCase() ?? ''}${mt.nameHint.slice(1)}`,
    whole || mt.whole === true,
  );
}

/** XLOOKUP's match_mode (0 exact, 2 wildcard) and search_mode (1 first, -1 last); others refused. */
function xlookupModes(l: Lowering, call: CallNode): { wild: boolean; last: boolean } {
  const [, , , , matchNode, searchNode] = call.args;
  const m = matchNode === undefined || matchNode.kind === 'missing' ? 0 : literalArg(l, matchNode);
  if (m !== 0 && m !== 2) {
    l.fail(
      'UNSUPPORTED_LOOKUP_MODE',
      "XLOOKUP's match_mode must be the literal 0 (exact) or 2 (wildcard)",
      matchNode ?? call,
    );
  }
  const s = searchNode === undefined || searchNode.kind === 'missing' ? 1 : literalArg(l, searchNode);
  if (s !== 1 && s !== -1) {
    l.fail(
      'UNSUPPORTED_LOOKUP_MODE',
      "XLOOKUP's search_mode must be the literal 1 or -1 (binary search is not supported)",
      searchNode ?? call,
    );
  }
  return { wild: m === 2, last: s === -1 };
}

function lowerXlookup(node: CallNode, l: Lowering): Val {
  const [keyNode, lookupNode, returnNode, notFoundNode] = node.args;
  const { wild, last } = xlookupModes(l, node);
  const key = l.lower(keyNode!);
  const lt = constantTable(l, lookupNode!, 'XLOOKUP');
  const rt = constantTable(l, returnNode!, 'XLOOKUP');
  const keys = vector(l, lt.rows, lookupNode!, 'XLOOKUP');
  const values = vector(l, rt.rows, returnNode!, 'XLOOKUP');
  if (
    keys.values.length !== values.values.length ||
    (keys.across !== values.across && keys.values.length > 1)
  ) {
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      "XLOOKUP's lookup_array and return_array differ in shape (#VALUE! in Excel)",
      returnNode!,
    );
  }
  const rows: Rows = keys.values.map((k, i) => [k, values.values[i] ?? null]);
  if (last) rows.reverse();
  const exported = l.libraryValue(
    `${lt.nameHint}${last ? 'Last' : ''}By${rt.nameHint[0]?.toUpperCase() ?? ''}${rt.nameHint.slice(1)}`,
    { build: 'index', rows } satisfies TableValue,
  );
  const blank = may(key.kinds, 'blank') ? blankKeyAnswer(l, rows, last, lt.whole === true) : undefined;
  const search = (k: string) => l.call('xlXlookup', [k, `$${exported}`, String(wild)]);
  const found =
    blank === undefined
      ? search(key.expr)
      : `($k := ${key.expr}; $type($k) = "null" or $not($exists($k)) ? ${blank.expr} : ${search('$k')})`;
  if (notFoundNode?.kind === 'missing') {
    l.fail(
      'UNSUPPORTED_CONSTRUCT',
      "XLOOKUP with an empty if_not_found argument (Excel's reading is not established)",
      notFoundNode,
    );
  }
  const fallback: Val = notFoundNode === undefined ? constantVal({ error: '#N/A' }) : l.lower(notFoundNode);
  // Why a block: if_not_found is evaluated only when nothing matches, as Excel does.
  return {
    expr: `($found := ${found}; $exists($found) ? $found : ${fallback.expr})`,
    kinds: union(values.values.map(kindOfValue), fallback.kinds, ['error'], blank?.kinds ?? []),
    atom: true,
    invariant: key.invariant && fallback.invariant,
    ...inherit(key, fallback, ...(blank ? [blank] : [])),
  };
}

/**
 * XLOOKUP's answer for a blank key (match_mode 0 or 2) over `rows` [key, value] in search order: the value of
 * the first blank key cell (ironcalc XLOOKUP.xlsx ExactMatch!U12:U20 `XLOOKUP(T12,R:R,S:S,…)` with T12 blank
 * saved 0: R7 is the first blank of R, S7 blank); over a whole column the rows past the used range are blank, so
 * a search from the last finds row 1,048,576 and one from the first finds them when the used rows hold no blank
 * (V12:V20, search_mode -1, saved 0). Not established where a key cell is 0, "" or FALSE (a blank may equal
 * them). `()` (nothing found): the caller's if_not_found.
 */
function blankKeyAnswer(l: Lowering, rows: Rows, last: boolean, whole: boolean): Val {
  const val = (expr: string, kinds: Val['kinds']): Val => ({ expr, kinds, atom: true, invariant: true });
  if (rows.some(([k]) => k === 0 || k === '' || k === false)) {
    const reason = 'XLOOKUP of a blank key over a lookup_array holding 0, "" or FALSE';
    return { ...val(l.call('xlNE', [JSON.stringify(reason)]), ['error']), ne: true };
  }
  if (whole && last) return val('null', ['blank']);
  const hit = rows.find(([k]) => k === null);
  if (hit) return val(JSON.stringify(hit[1] ?? null), [kindOfValue(hit[1] ?? null)]);
  return whole ? val('null', ['blank']) : val('()', []);
}

export const INDEX_MATCH_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'MATCH',
    family: 'lookup',
    args: [
      { name: 'lookup_value', kind: 'value', class: 'any' },
      { name: 'lookup_array', kind: 'table', class: 'range' },
      { name: 'match_type', kind: 'value', class: 'number', optional: true },
    ],
    helpers: [
      'xlVlookup',
      'xlVlookupAt',
      'xlLookupApprox',
      'xlMatchGroup',
      'xlMatchPick',
      'xlMatchGroupU',
      'xlMatchPickU',
      'xlV',
      'xlMatchCells',
    ],
    lower: lowerMatch,
    summary: 'the position (from 1) of a value in one row or column',
    lowering:
      'a VLOOKUP over the library value `$<table>Match` of rows [value, position]: $xlVlookupAt(key, $t, 2) for match_type 0, $xlLookupApprox(key, $t, 2) for 1/-1; over a whole column of the table, match_type 0: $xlMatchPick($$.matchGroup<Field>, key), the column indexed once ($xlMatchGroup)',
    notes:
      'match_type 0: case-insensitive text, wildcards * ? ~, 1 and "1" differ, first match, absent or blank key #N/A; 1 (the default) / -1: compiled only over numbers in strictly ascending / descending order (else UNSUPPORTED_LOOKUP_MODE), the last position at most / at least the value; other match_types and a 2-D range refused; over a whole column of the table itself only match_type 0, grouped once (linear for text keys without wildcards, integers below 1e15 and booleans; other keys scan the column); over cells of the formula\'s own row (`MATCH(F2,B2:E2,0)`) only match_type 0, searched at run time ($xlMatchCells), a blank or "" key not established',
    example: { formula: '=MATCH("b",A1:A3,0)', cells: { A1: 'a', A2: 'B', A3: 'c' }, value: 2 },
    evidence: {
      goldens: ['lookup'],
      corpus: ['excel/xlcalculator/MATCH.xlsx'],
      microsoft: ['MATCH function'],
    },
  },
  {
    name: 'INDEX',
    family: 'lookup',
    args: [
      { name: 'array', kind: 'table', class: 'range' },
      { name: 'row_num', kind: 'value', class: 'number' },
      { name: 'column_num', kind: 'value', class: 'number', optional: true },
    ],
    helpers: ['xlIndex', 'xlVlookup', 'xlVlookupAt', 'xlLookupApprox'],
    lower: lowerIndex,
    summary: 'the value at a row and column of a table',
    lowering:
      "literal positions: the cell's value itself; INDEX(range, MATCH(key, keys, type)) with the keys as long as the range: one search over rows [key, value] (MATCH's forms); else $xlIndex($<table>Cells, row, col)",
    notes:
      'array form over a constant table; a one-row array with one position reads it as the column; positions truncated, below 1 #VALUE!, beyond the table #REF!; a position must be a literal or MATCH (a computed 0 would return a whole row or column); 0 or an omitted column over a table several cells wide refused; a blank cell reads 0',
    example: {
      formula: '=INDEX(B1:B3,MATCH("b",A1:A3,0))',
      cells: { A1: 'a', A2: 'b', A3: 'c', B1: 1, B2: 2, B3: 3 },
      value: 2,
    },
    evidence: {
      goldens: ['lookup'],
      microsoft: ['INDEX function', 'MATCH function'],
    },
  },
  {
    name: 'XLOOKUP',
    family: 'lookup',
    args: [
      { name: 'lookup_value', kind: 'value', class: 'any' },
      { name: 'lookup_array', kind: 'table', class: 'range' },
      { name: 'return_array', kind: 'table', class: 'range' },
      { name: 'if_not_found', kind: 'value', class: 'any', optional: true },
      { name: 'match_mode', kind: 'value', class: 'number', optional: true },
      { name: 'search_mode', kind: 'value', class: 'number', optional: true },
    ],
    helpers: ['xlXlookup', 'xlNE'],
    lower: lowerXlookup,
    summary: 'the value in a return row or column at the position where the key is found',
    lowering:
      '`($found := $xlXlookup(key, $t, wild); $exists($found) ? $found : if_not_found)` over the library value of rows [key, value] (reversed for search_mode -1)',
    notes:
      'match_mode 0 (default): case-insensitive text, no wildcards, 1 and "1" differ; 2: wildcards * ? ~; search_mode 1 first match, -1 last; if_not_found (default #N/A) evaluated only when nothing matches, written empty refused; match_mode -1/1, binary search_mode, a key that may be blank and return arrays of another shape refused',
    example: {
      formula: '=XLOOKUP("b",A1:A2,B1:B2)',
      cells: { A1: 'a', A2: 'B', B1: 1, B2: 2 },
      value: 2,
    },
    evidence: {
      goldens: ['lookup'],
      microsoft: ['XLOOKUP function'],
      other: 'derived cases in fixtures/formulas/lookup',
    },
  },
];
