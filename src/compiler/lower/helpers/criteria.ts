/**
 * Library helpers: Excel's criteria language (SUMIF, COUNTIF, AVERAGEIF and the *IFS family) and COUNTA /
 * COUNTBLANK. A criterion is parsed once into {op, k, v}; every range cell is then classified and matched.
 * A match is true, false or "m": a case whose Excel answer is not established (numeric text that is not a
 * plain decimal, dates and booleans as text, text ordered by `<`, `""` text against `=`/`<>`, an error under
 * `<>`, ...). A matching row holding an "m" makes the whole result #VALUE!, never a guessed number (the
 * precedent of $xlParseNum); the lowering refuses such a criterion when it is a literal.
 */
import type { HelperSource } from './source.js';

/** Plain decimal text (`5`, `-1.5`, `.5`, `1e3`): the numeric text Excel's criteria are known to read as numbers. */
export const PLAIN_NUMBER_RE = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
/**
 * Text starting like a number (after spaces, a sign, `$` or `(`, written \x28: JSONata's regex scanner counts
 * brackets even inside a class): numeric text whose reading is not established.
 */
export const MURKY_NUMBERISH = /^[\s\x28+\-$]*[.0-9]/;
/** A month name then a digit ("Jan 5", "March 2020"): date text. */
export const MURKY_MONTH = /^\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[\s.,\-/]*[0-9]/i;
const PLAIN_NUMBER = String(PLAIN_NUMBER_RE);
/** One test for every text that is not plain text to the criteria (a number, murky, or starting like an operator): the fast path skips the rest. */
const SPECIAL = String.raw`/^(?:[\s\x28+\-$<>=#]|\.|[0-9]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|true$|false$)/i`;

export const CRITERIA_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlCritMurky: {
    // Text whose reading as a criterion operand (or as a criteria-range cell) is not established: numeric
    // text that is not a plain decimal ("$5", "1,000", "5%", " 5", "1/2/2020", "10 apples"), month-name
    // dates ("Jan 5"), "TRUE"/"FALSE" and error names.
    fn: String.raw`function($t) {
  $contains($t, ${MURKY_NUMBERISH}) or $contains($t, ${MURKY_MONTH})
  or $uppercase($t) in ["TRUE", "FALSE"] or $contains($t, /^#/)
}`,
    doc: 'criteria text whose Excel reading is not established (internal)',
  },
  xlCrit: {
    // {op, k, v, w}: k "n" number (R15), "s" text (lower-cased, w: has * ? ~), "b" boolean, "e" error code,
    // "empty" (criterion ""), "blank" ("="), "nonblank" ("<>"), "m" not established. A blank criterion is 0
    // (Microsoft, COUNTIFS: "treats the empty cell as a 0 value").
    fn: String.raw`function($c) {(
  $type($c) = "object" ? {"op": "=", "k": "e", "v": $c.error} :
  $not($exists($c)) or $type($c) = "null" ? {"op": "=", "k": "n", "v": 0} :
  $type($c) = "number" ? {"op": "=", "k": "n", "v": $xlR15($c)} :
  $type($c) = "boolean" ? {"op": "=", "k": "b", "v": $c} :
  $c != "" and $not($contains($c, ${SPECIAL})) ? {"op": "=", "k": "s", "v": $lowercase($c), "w": $contains($c, /[*?~]/)} : (
    $g := $match($c, /^(<=|>=|<>|<|>|=)?([\s\S]*)$/).groups;
    $o := $g[0] ? $g[0] : "";
    $op := $o = "" ? "=" : $o;
    $t := $g[1] ? $g[1] : "";
    $x := $contains($t, ${PLAIN_NUMBER}) ? $xlParseNum($t);
    $t = "" ? {"op": $op, "k": $o = "" ? "empty" : $o = "=" ? "blank" : $o = "<>" ? "nonblank" : "m"} :
    $type($x) = "number" ? {"op": $op, "k": "n", "v": $xlR15($x)} :
    $exists($x) or $xlCritMurky($t) or $not($op in ["=", "<>"]) ? {"op": $op, "k": "m"} :
    {"op": $op, "k": "s", "v": $lowercase($t), "w": $contains($t, /[*?~]/)}
  )
)}`,
    doc: 'a criterion parsed: operator, kind and operand (internal)',
  },
  xlCritCell: {
    // A criteria-range cell: t "blank", "empty" (""), "n" number, "nt" plain decimal text (read as its
    // number, as COUNTIF does: FastExcel 2013, "converting all the text ... to numbers"), "m" other
    // number-like text, "s" text (v lower-cased), "b" boolean, "e" error.
    fn: String.raw`function($x) {(
  $type($x) = "string" and $x != "" and $not($contains($x, ${SPECIAL})) ? {"t": "s", "v": $lowercase($x)} : (
  $y := $type($x) = "string" and $contains($x, ${PLAIN_NUMBER}) ? $xlParseNum($x);
  $not($exists($x)) or $type($x) = "null" ? {"t": "blank"} :
  $type($x) = "number" ? {"t": "n", "v": $xlR15($x)} :
  $type($x) = "boolean" ? {"t": "b", "v": $x} :
  $type($x) = "object" ? {"t": "e", "v": $x.error} :
  $x = "" ? {"t": "empty"} :
  $type($y) = "number" ? {"t": "nt", "v": $xlR15($y)} :
  $exists($y) or $xlCritMurky($x) ? {"t": "m"} : {"t": "s", "v": $lowercase($x)}
))}`,
    doc: 'a criteria-range cell classified (internal)',
  },
  xlCritHit: {
    // true, false or "m" (not established). See the table in docs/semantics.md, "Criteria".
    fn: `function($p, $x) {(
  $q := $xlCritCell($x); $t := $q.t;
  $num := $t = "n" or $t = "nt";
  $p.k = "m" ? "m" :
  $p.k = "empty" ? $t = "blank" or $t = "empty" :
  $p.k = "blank" ? ($t = "blank" ? true : $t = "empty" ? "m" : false) :
  $p.k = "nonblank" ? ($t = "blank" ? false : $t = "empty" or $t = "e" ? "m" : true) :
  $p.op = "=" ? (
    $p.k = "n" ? ($num ? $q.v = $p.v : $t = "m" ? "m" : false) :
    $p.k = "b" ? ($t = "b" ? $q.v = $p.v : $t = "m" ? "m" : false) :
    $p.k = "e" ? $t = "e" and $q.v = $p.v :
    $t = "s" ? ($p.w ? $xlWild($p.v, $q.v) : $q.v = $p.v) :
    $t = "nt" or $t = "m" or $t = "empty" ? ($p.w ? "m" : false) : false
  ) :
  $p.op = "<>" ? (
    $t = "e" ? "m" :
    $p.k = "n" ? ($t = "n" ? $q.v != $p.v : $t = "nt" or $t = "m" ? "m" : true) :
    $p.k = "b" ? ($t = "b" ? $q.v != $p.v : $t = "m" ? "m" : true) :
    $t = "s" ? $not($p.w ? $xlWild($p.v, $q.v) : $q.v = $p.v) :
    $t = "nt" or $t = "m" or $t = "empty" ? ($p.w ? "m" : true) : true
  ) :
  $num ? (
    $p.op = "<" ? $q.v < $p.v : $p.op = ">" ? $q.v > $p.v : $p.op = "<=" ? $q.v <= $p.v : $q.v >= $p.v
  ) : $t = "m" ? "m" : false
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
    // "m" makes the result #VALUE!. Errors in the aggregated range count only in matching rows.
    // Why `$map` over `$zip` with a function and `$xlArr` everywhere: path steps over arrays of arrays
    // flatten them, and a one-element result is a single value in JSONata.
    fn: `function($agg, $vals, $pairs) {(
  $hs := $map($xlArr($pairs), function($q) {( $p := $xlCrit($q.c); {"h": $map($xlArr($q.r), function($x) { $xlCritHit($p, $x) })} )});
  $m := $xlArr($reduce($xlArr($hs), function($acc, $o) {
    $xlArr($map($zip($xlArr($acc), $xlArr($lookup($o, "h"))), function($t) {
      $t[0] = false or $t[1] = false ? false : $t[0] = "m" or $t[1] = "m" ? "m" : true
    }))
  }, $lookup($xlArr($hs)[0], "h")));
  $count($m[$ = "m"]) > 0 ? {"error": "#VALUE!"} : (
    $rows := $type($vals) = "object" ? $xlArr($map($zip($m, $xlArr($vals.a)), function($t) { {"h": $t[0], "v": $t[1]} })) : [];
    $xlIfAgg($agg, [$rows[h = true].v], $count($m[$ = true]))
  )
)}`,
    doc: 'a conditional aggregate scanning equally sized ranges (SUMIFS, COUNTIFS, ...)',
  },
  xlCritKey: {
    // The group key of a criteria-range cell for an equality criterion (see $xlIfGroup).
    fn: `function($q) { $q.t = "n" or $q.t = "nt" ? "n" & $string($q.v) : $q.t = "s" ? "s" & $q.v : $q.t = "b" ? "b" & $string($q.v) : $q.t = "e" ? "e" & $q.v : $q.t }`,
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
    // Why the first branch: plain text (no operator, number, murky start or wildcard) is the common per-row
    // key; its group key is "s" and its lower case, exactly what $xlCrit then $xlCritKey give, without them.
    fn: `function($grp, $c, $agg) {(
  $type($c) = "string" and $c != "" and $not($contains($c, ${SPECIAL})) and $not($contains($c, /[*?~]/)) ? (
    $h := $lookup($grp.g, "s" & $lowercase($c));
    $exists($h) ? $h : $xlIfAgg($agg, [], 0)
  ) : (
  $p := $xlCrit($c);
  $p.op = "=" and $p.k in ["n", "b", "e", "s"] and $not($p.w = true) ? (
    $p.k != "s" and $grp.mn ? {"error": "#VALUE!"} : (
      $h := $lookup($grp.g, $xlCritKey({"t": $p.k, "v": $p.v}));
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
