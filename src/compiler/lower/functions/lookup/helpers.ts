/** Library helpers: lookups over constant tables, each built at run time from its rows (a TableValue, library.ts). */
import type { HelperSource } from '../../helpers/source.js';

export const LOOKUP_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlTableIndex: {
    // Built once when the library loads, from the table's rows (data in $const): "w" the first row's width,
    // "s" lower-cased first-column text and "n" first-column integers (by $string), "k"-prefixed so no key
    // is a property every object inherits, each to its first row ($merge keeps the last: hence $reverse).
    // Fractions and booleans are not indexed ($string keeps 15 digits of a fraction): they scan the rows.
    fn: `function($rows) {(
  $firsts := function($pick) { $merge($reverse($map($rows, function($r) { $pick($r[0]) ? {"k" & ($type($r[0]) = "string" ? $lowercase($r[0]) : $string($r[0])): $r} }))) };
  {"rows": $rows, "w": $count($rows[0]),
   "s": $firsts(function($v) { $type($v) = "string" }),
   "n": $firsts(function($v) { $type($v) = "number" and $v = $floor($v) })}
)}`,
    doc: 'the index of first matches of a lookup table, built from its rows (internal)',
  },
  xlApproxIndex: {
    // The sorted keys of an approximate match, built from the rows; the conversion refuses a table whose
    // first column is not strictly ascending numbers (descending for $neg), so only edited data meets "ne".
    fn: `function($rows, $neg) {(
  $k := [$map($rows, function($r) { $type($r[0]) = "number" ? ($neg ? -$r[0] : $r[0]) : null })];
  $bad := $count($rows) = 0 or $count($filter([0..$count($rows) - 1], function($i) { $type($k[$i]) != "number" or ($i > 0 and $k[$i] <= $k[$i - 1]) })) > 0;
  $bad ? {"ne": $xlNE("an approximate match over a first column that is not numbers in strictly " & ($neg ? "descending" : "ascending") & " order")} :
  {"k": $k, "neg": $neg, "rows": $rows, "w": $count($rows[0])}
)}`,
    doc: 'the sorted keys of an approximate-match table, built from its rows (internal)',
  },
  xlWild: {
    // Excel wildcard match (`*`, `?`, `~` escape) on lower-cased UTF-16 units; JSONata cannot build a regex
    // from text, so this is a small backtracking matcher.
    fn: `function($p, $s) {(
  $pc := $split($lowercase($p), ""); $sc := $split($lowercase($s), "");
  $np := $count($pc); $ns := $count($sc);
  $m := function($i, $j) {
    $i = $np ? $j = $ns :
    $pc[$i] = "~" and $i + 1 < $np ? ($j < $ns and $sc[$j] = $pc[$i + 1] and $m($i + 2, $j + 1)) :
    $pc[$i] = "*" ? ($m($i + 1, $j) or ($j < $ns and $m($i, $j + 1))) :
    $j < $ns and ($pc[$i] = "?" or $pc[$i] = $sc[$j]) and $m($i + 1, $j + 1)
  };
  $m(0, 0)
)}`,
    doc: 'wildcard text match for exact-match lookups (internal)',
  },
  xlLookupEq: {
    // Exact-match lookup equality: same type only (1 and "1" differ), text case-insensitive with wildcards.
    fn: String.raw`function($cell, $key) {
  $type($key) = "string" ? ($type($cell) = "string" and ($contains($key, /[*?~]/) ? $xlWild($key, $cell) : $lowercase($cell) = $lowercase($key))) :
  $type($key) = $type($cell) and $cell = $key
}`,
    doc: 'exact-match lookup equality (internal)',
  },
  xlVlookup: {
    // $t is the lookup table $xlTableIndex built: {"rows", "w", "s", "n"}. A text key without
    // wildcards and an integer key are one `$lookup` in the index of first matches; any other key (a
    // wildcard, a fraction, a boolean) scans the rows in order.
    fn: `function($key, $t, $col) {(
  $c := $type($col) = "number" ? $col : $xlNum($col);
  $k := $type($c) = "number" ? $c < 0 ? $ceil($c) : $floor($c);
  $type($key) = "object" ? $key : $type($c) = "object" ? $c : $not($exists($key)) or $key = null ? {"error": "#N/A"} :
  $k < 1 ? {"error": "#VALUE!"} : $k > $t.w ? {"error": "#REF!"} : (
    $r := $type($key) = "string" and $not($contains($key, /[*?~]/)) ? $lookup($t.s, "k" & $lowercase($key)) :
      $type($key) = "number" and $key = $floor($key) ? $lookup($t.n, "k" & $string($key)) : (
        $rows := $lookup($t, "rows");
        $hits := $map($rows, function($row, $i) { $xlLookupEq($row[0], $key) ? $i });
        $exists($hits) ? $rows[$hits[0]]
      );
    $exists($r) ? $r[$k - 1] : {"error": "#N/A"}
  )
)}`,
    doc: 'VLOOKUP exact match over a constant table (rows of values), first match wins, #N/A when absent',
  },
  xlVlookupAt: {
    // The lowering's form for a literal column index $col within the table, over a table whose first column
    // holds no text with a wildcard character (* ? ~). A text or integer key found in the index is then exactly
    // $xlVlookup's answer: its lower-cased text equals a first-column text's, which has no wildcard, and
    // lower-casing neither adds nor removes * ? ~, so $xlVlookup takes the same index path. Every other key
    // (errors, blanks, booleans, fractions, wildcards, keys not found) goes to $xlVlookup.
    fn: `function($key, $t, $col) {(
  $r := $type($key) = "string" ? $lookup($t.s, "k" & $lowercase($key)) :
    $type($key) = "number" and $key = $floor($key) ? $lookup($t.n, "k" & $string($key));
  $exists($r) ? $r[$col - 1] : $xlVlookup($key, $t, $col)
)}`,
    doc: 'VLOOKUP with a literal column index in range over a table without wildcard text (the common form)',
  },
  xlMatchGroup: {
    // MATCH(key, <a whole column of the table>, 0) in every row: the column indexed once per evaluation by
    // first position: text by its lower case, integers below 1e15 by their text, booleans; "c" keeps the
    // column for the keys the index cannot answer ($xlMatchPick).
    fn: `function($col) {(
  $c := $xlArr($col);
  $idx := $map($c, function($v, $i) { {"v": $v, "p": $i + 1} });
  {"c": $c,
   "s": $idx[$type(v) = "string"]{"k" & $lowercase(v): $min(p)},
   "n": $idx[$type(v) = "number" and v = $floor(v) and $abs(v) < 1e15]{"k" & $string(v): $min(p)},
   "b": $idx[$type(v) = "boolean"]{"k" & $string(v): $min(p)}}
)}`,
    doc: 'a whole column indexed by first match, once per evaluation (internal)',
  },
  xlMatchPick: {
    // One row's MATCH through $xlMatchGroup: a text key without wildcards, an integer below 1e15 or a boolean
    // is one $lookup (the index holds every cell of that type, so absent means #N/A); any other key (a
    // wildcard, a fraction, a huge number) scans the column: linear for the common keys only.
    fn: String.raw`function($g, $key) {(
  $type($key) = "object" ? $key : $not($exists($key)) or $key = null ? {"error": "#N/A"} : (
    $p := $type($key) = "string" and $not($contains($key, /[*?~]/)) ? $lookup($g.s, "k" & $lowercase($key)) :
      $type($key) = "number" and $key = $floor($key) and $abs($key) < 1e15 ? $lookup($g.n, "k" & $string($key)) :
      $type($key) = "boolean" ? $lookup($g.b, "k" & $string($key)) :
      $map($g.c, function($v, $i) { $xlLookupEq($v, $key) ? $i + 1 })[0];
    $exists($p) ? $p : {"error": "#N/A"}
  )
)}`,
    doc: 'MATCH exact for one row over a column indexed by $xlMatchGroup (the per-row MATCH of the table)',
  },
  xlMatchGroupU: {
    // $xlMatchGroup of a column whose cells may be the not-established value, with "u" the position of the
    // first such cell (found once per evaluation, as the index is).
    fn: `function($col) {(
  $g := $xlMatchGroup($col);
  $u := $map($g.c, function($v, $i) { $xlIsNE($v) ? $i + 1 })[0];
  $exists($u) ? $merge([$g, {"u": $u}]) : $g
)}`,
    doc: 'a whole column indexed by first match, with the first not-established cell (internal)',
  },
  xlMatchPickU: {
    // Why: a cell before the first match (or anywhere, with none) holding the not-established value might
    // be the key in Excel, so the position is not established; a key that is an error is still the answer.
    fn: `function($g, $key) {(
  $p := $xlMatchPick($g, $key);
  $type($key) != "object" and $exists($g.u) and ($type($p) = "object" or $p > $g.u) ? $g.c[$g.u - 1] : $p
)}`,
    doc: 'MATCH exact for one row over a column indexed by $xlMatchGroupU: not established when such a cell comes first',
  },
  xlSameKey: {
    // XLOOKUP's exact match (match_mode 0): same type only, text case-insensitive, no wildcards.
    fn: `function($cell, $key) {
  $type($key) = $type($cell) and ($type($key) = "string" ? $lowercase($cell) = $lowercase($key) : $cell = $key)
}`,
    doc: 'exact-match lookup equality without wildcards (internal)',
  },
  xlXlookup: {
    // $t is an $xlTableIndex of rows [key, value] (in search order). The value of the first row whose key
    // matches, or undefined when none does (the caller gives if_not_found); $wild: match_mode 2. A blank key
    // is #N/A (the lowering refuses a key that may be blank: Excel's rule is not established).
    fn: String.raw`function($key, $t, $wild) {(
  $type($key) = "object" ? $key : $not($exists($key)) or $key = null ? {"error": "#N/A"} : (
    $r := $type($key) = "string" and $not($wild and $contains($key, /[*?~]/)) ? $lookup($t.s, "k" & $lowercase($key)) :
      $type($key) = "number" and $key = $floor($key) ? $lookup($t.n, "k" & $string($key)) : (
        $rows := $lookup($t, "rows");
        $hits := $map($rows, function($row, $i) { ($wild ? $xlLookupEq($row[0], $key) : $xlSameKey($row[0], $key)) ? $i });
        $exists($hits) ? $rows[$hits[0]]
      );
    $r[1]
  )
)}`,
    doc: 'XLOOKUP exact or wildcard match over [key, value] rows: the value, undefined when absent',
  },
  xlMatchCells: {
    // MATCH(key, <cells of the row>, 0) over values known only at run time (`MATCH(F2,B2:E2,0)`, the cheapest
    // carrier's column): VLOOKUP's exact rules ($xlLookupEq), the first position; a blank or "" key not
    // established (as the oracle's exact key rule).
    fn: `function($key, $cells) {(
  $type($key) = "object" ? $key :
  $not($exists($key)) or $key = null or $key = "" ? $xlNE("MATCH of a blank or empty-text key") : (
    $hits := $filter([0..$count($cells) - 1], function($i) { $xlLookupEq($cells[$i], $key) });
    $exists($hits) ? $hits[0] + 1 : {"error": "#N/A"}
  )
)}`,
    doc: 'MATCH type 0 over a list of run-time values: the first position whose value equals the key, else #N/A',
  },
  xlApproxPos: {
    // Excel's approximate match over keys known (at compile time) to be numbers in strictly ascending
    // order: how many keys are at most $key, by binary search (0: none).
    fn: `function($key, $ks) {(
  $f := function($lo, $hi) {
    $lo >= $hi ? $lo : (
      $mid := $floor(($lo + $hi + 1) / 2);
      $ks[$mid - 1] <= $key ? $f($mid, $hi) : $f($lo, $mid - 1)
    )
  };
  $f(0, $count($ks))
)}`,
    doc: 'binary search: the number of strictly ascending keys at most the key (internal)',
  },
  xlLookupApprox: {
    // $t is an $xlApproxIndex: {"k": strictly ascending numbers, "neg": keys negated (descending
    // order), "rows", "w"}, or {"ne"} for rows that are not so sorted (edited data). VLOOKUP's approximate match: the row of the largest key at most $key (the
    // smallest at least $key when negated), column $col. A key that is not a number finds nothing (#N/A).
    fn: `function($key, $t, $col) {(
  $c := $type($col) = "number" ? $col : $xlNum($col);
  $k := $type($c) = "number" ? $c < 0 ? $ceil($c) : $floor($c);
  $exists($t.ne) ? $t.ne :
  $type($key) = "object" ? $key : $type($c) = "object" ? $c : $not($exists($key)) or $key = null ? {"error": "#N/A"} :
  $k < 1 ? {"error": "#VALUE!"} : $k > $t.w ? {"error": "#REF!"} :
  $type($key) != "number" ? {"error": "#N/A"} : (
    $p := $xlApproxPos($t.neg ? -$key : $key, $lookup($t, "k"));
    $p = 0 ? {"error": "#N/A"} : ($row := $lookup($t, "rows")[$p - 1]; $row[$k - 1])
  )
)}`,
    doc: 'approximate-match lookup over a table whose keys are sorted numbers (checked when compiling)',
  },
  xlIndex: {
    // INDEX over a constant table's rows: row and column read as numbers (truncated), in argument order;
    // below 1 #VALUE! (the lowering refuses 0, a whole row or column), beyond the table #REF!.
    fn: `function($rows, $r, $c) {(
  $rn := $type($r) = "number" ? $r : $xlNum($r);
  $cn := $type($c) = "number" ? $c : $xlNum($c);
  $type($rn) = "object" ? $rn : $type($cn) = "object" ? $cn : (
    $i := $rn < 0 ? $ceil($rn) : $floor($rn); $j := $cn < 0 ? $ceil($cn) : $floor($cn);
    $i < 1 or $j < 1 ? {"error": "#VALUE!"} :
    $i > $count($rows) or $j > $count($rows[0]) ? {"error": "#REF!"} : ($row := $rows[$i - 1]; $row[$j - 1])
  )
)}`,
    doc: 'INDEX over a constant table (1-based row and column)',
  },
};
