/** Library helpers: VLOOKUP exact match over a constant table (a library value built by lookupTable in library.ts). */
import type { HelperSource } from './source.js';

export const LOOKUP_HELPERS: Readonly<Record<string, HelperSource>> = {
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
    // $t is the lookup table built by lookupTable() (library.ts): {"rows", "w", "s", "n"}. A text key without
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
};
