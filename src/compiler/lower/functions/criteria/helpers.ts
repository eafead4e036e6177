/**
 * Library helpers: Excel's criteria language (SUMIF, COUNTIF, AVERAGEIF and the *IFS family) and COUNTA /
 * COUNTBLANK. A criterion is parsed once at run time into {op, k, v} (so a criterion read from a cell or built
 * by CONCAT or `&` is the same as a literal); every range cell is then classified and matched. A match is true,
 * false or "m": a case whose Excel answer is not established (text Excel may read as a number or date, text
 * ordered past what the corpus shows, ...). A matching row holding an "m" makes the whole result the
 * not-established value, never a guessed number; the lowering refuses such a criterion when it is a literal.
 * Every rule is in docs/semantics.md, "Criteria", with the saved cells it rests on.
 */
import { ERROR_CODES } from '../../../../workbook/formula/ast.js';
import type { HelperSource } from '../../helpers/source.js';

/** Plain decimal text (`5`, `-1.5`, `.5`, `1e3`): the numeric text Excel's criteria are known to read as numbers. */
export const PLAIN_NUMBER_RE = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
/**
 * The words an en-US number, date or time text may hold (months, weekdays, AM/PM and their letters, an
 * exponent's e, ordinal endings): text with a digit whose every letter run is one of these may be read by
 * Excel as a number or date ("$5", "5%", "1/2/2020", "Jan 5", "23€"); any other letter run ("6000 Miete",
 * "10 apples") makes it plain text: COUNTIF.xlsx Rows!V6 (criterion 0 from a blank, the range holding the
 * text "#DIV/0!": 0; V11:V13, Columns!F20, COUNTIFS.xlsx Rows2!T6 the same).
 */
export const DATE_WORDS: readonly string[] = [
  ...['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
  ...['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october'],
  ...['november', 'december', 'mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun'],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ...['am', 'pm', 'a', 'p', 'e', 't', 'st', 'nd', 'rd', 'th'],
];
/**
 * Excel's error values as criterion text ("#N/A" matches the error #N/A: corpus COUNTIF.xlsx Rows!V9): the
 * error codes up to #CALC! (formula/ast.ts); how a criterion reads the newer ones (#FIELD! on) is not established.
 */
export const ERROR_NAMES: readonly string[] = ERROR_CODES.slice(0, ERROR_CODES.indexOf('#CALC!') + 1);

/** True when text may be read by Excel as a number or date (see DATE_WORDS); wildcards make it a pattern. */
export function murkyText(t: string): boolean {
  if (!/[0-9]/.test(t) || /[*?]/.test(t)) return false;
  return (t.toLowerCase().match(/[a-z]+/g) ?? []).every((w) => DATE_WORDS.includes(w));
}

const PLAIN_NUMBER = String(PLAIN_NUMBER_RE);
const WORDS = JSON.stringify(DATE_WORDS);
/** Why a criteria call is not established: a row meets a reading no saved cell shows. */
export const CRITERIA_NE = 'a criterion or a criteria cell whose reading Excel has not established';
const ERRORS = JSON.stringify(ERROR_NAMES);

/** A criterion text that is plain `=` text (no operator, digit, error name or logical): the fast path skips the rest. */
const SPECIAL_CRIT = `/^[<>=#]|[0-9]|^(?:true|false)$/i`;

export const CRITERIA_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlCritMurky: {
    // Text Excel may read as a number or date (mirrors murkyText): a digit, no wildcard, and every letter
    // run one of DATE_WORDS. Its reading against a number criterion is not established.
    fn: `function($t) {
  $contains($t, /[0-9]/) and $not($contains($t, /[*?]/))
  and $count($match($lowercase($t), /[a-z]+/)[$not(match in ${WORDS})]) = 0
}`,
    doc: 'criteria text Excel may read as a number or date (internal)',
  },
  xlCrit: {
    // {op, k, v, w}: k "n" number (R15), "s" text (lower-cased, w: has * ? ~), "b" boolean, "e" error code,
    // "empty" (criterion ""), "blank" ("="), "nonblank" ("<>"), "none" (an order with nothing: `">"&C74`, C74
    // blank), "m" not established. A blank criterion is 0 (Microsoft, COUNTIFS: "treats the empty cell as a
    // 0 value"). TRUE/FALSE and error names as text are the boolean and the error, bare or after `<>`.
    fn: String.raw`function($c) {(
  $type($c) = "object" ? {"op": "=", "k": "e", "v": $c.error} :
  $not($exists($c)) or $type($c) = "null" ? {"op": "=", "k": "n", "v": 0} :
  $type($c) = "number" ? {"op": "=", "k": "n", "v": $xlR15($c)} :
  $type($c) = "boolean" ? {"op": "=", "k": "b", "v": $c} :
  $c != "" and $not($contains($c, ${SPECIAL_CRIT})) ? {"op": "=", "k": "s", "v": $lowercase($c), "w": $contains($c, /[*?~]/)} : (
    $g := $match($c, /^(<=|>=|<>|<|>|=)?([\s\S]*)$/).groups;
    $o := $g[0] ? $g[0] : "";
    $op := $o = "" ? "=" : $o;
    $t := $g[1] ? $g[1] : "";
    $bare := $o in ["", "<>"];
    $x := $contains($t, ${PLAIN_NUMBER}) ? $xlParseNum($t);
    $t = "" ? {"op": $op, "k": $o = "" ? "empty" : $o = "=" ? "blank" : $o = "<>" ? "nonblank" : "none"} :
    $type($x) = "number" ? {"op": $op, "k": "n", "v": $xlR15($x)} :
    $exists($x) ? {"op": $op, "k": "m"} :
    $uppercase($t) in ["TRUE", "FALSE"] ? ($bare ? {"op": $op, "k": "b", "v": $uppercase($t) = "TRUE"} : {"op": $op, "k": "m"}) :
    $t in ${ERRORS} ? ($bare ? {"op": $op, "k": "e", "v": $t} : {"op": $op, "k": "m"}) :
    $xlCritMurky($t) ? {"op": $op, "k": "m"} :
    $op in ["=", "<>"] ? {"op": $op, "k": "s", "v": $lowercase($t), "w": $contains($t, /[*?~]/)} :
    $contains($t, /[*?~]/) ? {"op": $op, "k": "m"} : {"op": $op, "k": "s", "v": $lowercase($t)}
  )
)}`,
    doc: 'a criterion parsed: operator, kind and operand (internal)',
  },
  xlCritCell: {
    // A criteria-range cell: t "blank", "empty" (""), "n" number, "nt" plain decimal text (v its number, as
    // COUNTIF reads it under `=`), "m" text Excel may read as a number or date, "s" other text, "b" boolean,
    // "e" error; every text kind keeps s, its lower case (text is matched as text by patterns and orders).
    fn: `function($x) {(
  $type($x) = "string" and $x != "" and $not($contains($x, /[0-9]/)) ? {"t": "s", "s": $lowercase($x)} :
  $not($exists($x)) or $type($x) = "null" ? {"t": "blank"} :
  $type($x) = "number" ? {"t": "n", "v": $xlR15($x)} :
  $type($x) = "boolean" ? {"t": "b", "v": $x} :
  $type($x) = "object" ? {"t": "e", "v": $x.error} :
  $x = "" ? {"t": "empty"} : (
    $y := $contains($x, ${PLAIN_NUMBER}) ? $xlParseNum($x);
    $type($y) = "number" ? {"t": "nt", "v": $xlR15($y), "s": $lowercase($x)} :
    {"t": $exists($y) or $xlCritMurky($x) ? "m" : "s", "s": $lowercase($x)}
  )
)}`,
    doc: 'a criteria-range cell classified (internal)',
  },
  xlCritCmp: {
    // Two lower-cased texts in Excel's criteria order: -1, 0, 1, or "m" where the corpus does not show the
    // order. Decided at the first differing character when both are letters (alphabetical: COUNTIFS.xlsx
    // Rows1!C13 ">c") or one is "#" before a letter (COUNTIF.xlsx Rows!V4: "#DIV/0!" < "brown"); a prefix,
    // digits, other signs or text beyond printable ASCII: not established.
    fn: String.raw`function($a, $b) {(
  $n := $min([$length($a), $length($b)]);
  $i := [0..$n - 1][$substring($a, $, 1) != $substring($b, $, 1)][0];
  $a = $b ? 0 :
  $contains($a & $b, /[^\x20-\x7e]/) or $not($exists($i)) ? "m" : (
    $x := $substring($a, $i, 1); $y := $substring($b, $i, 1);
    $contains($x & $y, /^[a-z#][a-z#]$/) ? ($x < $y ? -1 : 1) : "m"
  )
)}`,
    doc: 'two texts in the order of criteria such as ">c": -1, 0, 1 or not established (internal)',
  },
  xlCritHit: {
    // true, false or "m" (not established). The table, with its saved cells: docs/semantics.md, "Criteria".
    fn: `function($p, $x) {(
  $q := $xlCritCell($x); $t := $q.t; $k := $p.k;
  $txt := $t in ["nt", "m", "s"];
  $k = "m" ? "m" :
  $k = "empty" ? $t = "blank" or $t = "empty" :
  $k = "blank" ? ($t = "blank" ? true : $t = "empty" ? "m" : false) :
  $k = "nonblank" ? $t != "blank" :
  $k = "none" ? false :
  $p.op = "=" ? (
    $k = "n" ? ($t = "n" or $t = "nt" ? $q.v = $p.v : $t = "m" ? "m" : false) :
    $k = "b" ? $t = "b" and $q.v = $p.v :
    $k = "e" ? $t = "e" and $q.v = $p.v :
    $txt ? ($p.w ? $xlWild($p.v, $q.s) : $q.s = $p.v) :
    $t = "empty" and $p.w and $xlWild($p.v, "") ? "m" : false
  ) :
  $p.op = "<>" ? (
    $k = "n" ? ($t = "m" ? "m" : $not($t = "n" and $q.v = $p.v)) :
    $k = "b" ? $not($t = "b" and $q.v = $p.v) :
    $k = "e" ? $not($t = "e" and $q.v = $p.v) :
    $txt ? $not($p.w ? $xlWild($p.v, $q.s) : $q.s = $p.v) :
    $t = "empty" and $p.w and $xlWild($p.v, "") ? "m" : true
  ) :
  $k = "n" ? ($t = "m" ? "m" : $t = "n" and (
    $p.op = "<" ? $q.v < $p.v : $p.op = ">" ? $q.v > $p.v : $p.op = "<=" ? $q.v <= $p.v : $q.v >= $p.v
  )) :
  $txt ? (
    $c := $xlCritCmp($q.s, $p.v);
    $c = "m" ? "m" : $p.op = "<" ? $c < 0 : $p.op = ">" ? $c > 0 : $p.op = "<=" ? $c <= 0 : $c >= 0
  ) : $t = "blank" or $t = "e" ? false : "m"
)}`,
    doc: 'whether one cell meets a parsed criterion: true, false or "m" (internal)',
  },
  xlIfAgg: {
    // $v: the matched values of the aggregated range; $c: how many rows matched.
    fn: `function($agg, $v, $c) {(
  $e := $v[$type($) = "object"][0];
  $agg = "count" ? $c : $exists($e) ? $e : (
    $x := $v[$type($) = "number"];
    $agg = "sum" ? $xlAddAll($x) :
    $agg = "average" ? ($count($x) = 0 ? {"error": "#DIV/0!"} : ($s := $xlAddAll($x); $type($s) = "object" ? $s : $s / $count($x))) :
    $count($x) = 0 ? 0 : $agg = "max" ? $max($x) : $min($x)
  )
)}`,
    doc: 'the aggregate of the matched values: sum, count, average, max or min (internal)',
  },
  xlArr: {
    fn: `function($a) { $type($a) = "array" ? $a : $exists($a) ? [$a] : [] }`,
    doc: 'a value as an array (a one-row column is a single value in JSONata) (internal)',
  },
  xlIfs: {
    // $pairs: [{"c": criterion, "r": range}] with equally sized ranges; $vals: {"a": range} or null (COUNTIFS).
    // A row matches when every pair is true; a row with a false pair never matches; any other row holding a
    // "m" makes the result the not-established value (Excel's answer is unknown).
    // Errors in the aggregated range count only in matching rows.
    // Why `$map` over `$zip` with a function and `$xlArr` everywhere: path steps over arrays of arrays
    // flatten them, and a one-element result is a single value in JSONata.
    fn: `function($agg, $vals, $pairs) {(
  $hs := $map($xlArr($pairs), function($q) {( $p := $xlCrit($q.c); {"h": $map($xlArr($q.r), function($x) { $xlCritHit($p, $x) })} )});
  $m := $xlArr($reduce($xlArr($hs), function($acc, $o) {
    $xlArr($map($zip($xlArr($acc), $xlArr($lookup($o, "h"))), function($t) {
      $t[0] = false or $t[1] = false ? false : $t[0] = "m" or $t[1] = "m" ? "m" : true
    }))
  }, $lookup($xlArr($hs)[0], "h")));
  $count($m[$ = "m"]) > 0 ? $xlNE(${JSON.stringify(CRITERIA_NE)}) : (
    $rows := $type($vals) = "object" ? $xlArr($map($zip($m, $xlArr($vals.a)), function($t) { {"h": $t[0], "v": $t[1]} })) : [];
    $xlIfAgg($agg, [$rows[h = true].v], $count($m[$ = true]))
  )
)}`,
    doc: 'a conditional aggregate scanning equally sized ranges (SUMIFS, COUNTIFS, ...)',
  },
  xlCritKey: {
    // The group key of a criteria-range cell for an equality criterion (see $xlIfGroup).
    fn: `function($q) { $q.t = "n" or $q.t = "nt" ? "n" & $string($q.v) : $q.t = "s" ? "s" & $q.s : $q.t = "b" ? "b" & $string($q.v) : $q.t = "e" ? "e" & $q.v : $q.t }`,
    doc: 'the group key of a classified cell (internal)',
  },
  xlIfGroup: {
    // Computed once per evaluation over whole columns: the ranges and, by equality key, each group's
    // aggregate (one pass: JSONata's object grouping, then one aggregate per group), so a per-row equality
    // criterion is one `$lookup`: linear in the rows, not a scan per row. "mn": the column holds number-like
    // text whose reading is not established.
    fn: `function($agg, $range, $vals) {(
  $r := $xlArr($range); $v := $type($vals) = "object" ? $xlArr($vals.a) : $r;
  $rows := $xlArr($map($zip($r, $v), function($t) { {"k": $xlCritKey($xlCritCell($t[0])), "v": $t[1]} }));
  $g := $count($rows) = 0 ? {} : $rows{k: {"c": $count($), "v": [v]}};
  {"r": $r, "v": $v, "mn": $count($rows[k = "m"]) > 0,
   "g": $merge([{}, $each($g, function($o, $k) { {$k: $xlIfAgg($agg, $o.v, $o.c)} })])}
)}`,
    doc: 'a whole criteria column grouped by equality key, each group aggregated once (internal)',
  },
  xlIfPick: {
    // The per-row form over a group ($xlIfGroup): a plain equality criterion (a number, a boolean, an error,
    // text without wildcards) is one lookup; any other criterion scans the columns (documented: linear only
    // for equality criteria).
    // A number key over a column holding text Excel may read as a number: not established.
    // Why the first branch: plain text (no operator, number, murky start or wildcard) is the common per-row
    // key; its group key is "s" and its lower case, exactly what $xlCrit then $xlCritKey give, without them.
    fn: `function($grp, $c, $agg) {(
  $type($c) = "string" and $c != "" and $not($contains($c, ${SPECIAL_CRIT})) and $not($contains($c, /[*?~]/)) ? (
    $h := $lookup($grp.g, "s" & $lowercase($c));
    $exists($h) ? $h : $xlIfAgg($agg, [], 0)
  ) : (
  $p := $xlCrit($c);
  $p.op = "=" and $p.k in ["n", "b", "e", "s"] and $not($p.w = true) ? (
    $p.k = "n" and $grp.mn ? $xlNE(${JSON.stringify(CRITERIA_NE)}) : (
      $h := $lookup($grp.g, $xlCritKey({"t": $p.k, "v": $p.v, "s": $p.v}));
      $exists($h) ? $h : $xlIfAgg($agg, [], 0)
    )
  ) : $xlIfs($agg, {"a": $grp.v}, [{"c": $c, "r": $grp.r}])
  )
)}`,
    doc: 'a conditional aggregate for one row through a grouped column (the "share of my category" form)',
  },
  xlCountA: {
    fn: `function($l) { $count($l[$type($) != "null"]) }`,
    doc: 'COUNTA over a list of values: everything but blanks counts ("" and errors too)',
  },
  xlCountBlank: {
    fn: `function($l) { $count($l[$type($) = "null" or $ = ""]) }`,
    doc: 'COUNTBLANK over a list of values: blanks and "" count',
  },
};
