/** Library helpers: text functions and `&`: UTF-16 units, Excel case mapping, spaces-only TRIM. */
import type { HelperSource } from '../../helpers/source.js';

export const TEXT_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlConcat: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $xlCap($join($map($l, function($v) { $xlText($v) }), "")) )}`,
    doc: '`&` and CONCATENATE over a list of values (first error wins; over 32,767 characters #VALUE!)',
  },
  xlCap: {
    // Excel's longest text is 32,767 UTF-16 units (a cell's limit); a longer result is #VALUE!. `$length`
    // counts code points (at most 2 units each), so only text of 16,384 code points or more is counted.
    fn: `function($s) { $type($s) = "string" and $length($s) > 16383 and $count($split($s, "")) > 32767 ? {"error": "#VALUE!"} : $s }`,
    doc: "text over 32,767 UTF-16 units is #VALUE! (Excel's text limit)",
  },
  xlLen: {
    fn: `function($v) {
  $type($v) = "string" ? $count($split($v, "")) : ( $s := $xlText($v); $type($s) = "object" ? $s : $count($split($s, "")) )
}`,
    doc: 'LEN in UTF-16 code units',
  },
  xlUnits: {
    // UTF-16 units [start, start+len) of a string (start and len integers >= 0); `$substring` counts code
    // points, which are the units exactly when the text holds no surrogate (the fast path: no lambda per unit).
    fn: String.raw`function($s, $start, $len) {
  $contains($s, /[\uD800-\uDFFF]/) ?
    ( $r := $join($filter($split($s, ""), function($c, $i) { $i >= $start and $i < $start + $len }), ""); $exists($r) ? $r : "" ) :
    $substring($s, $start, $len)
}`,
    doc: 'substring in UTF-16 units (internal)',
  },
  xlLeft: {
    // Fast path, exactly the general body: text and a count of at least 0 (truncation is the floor there).
    fn: `function($v, $c) {
  $type($v) = "string" and $type($c) = "number" and $c >= 0 ? $xlUnits($v, 0, $floor($c)) :
    ( $s := $xlText($v); $n := $xlNum($c); $xlIsErr($s) ? $s : $xlIsErr($n) ? $n : $n < 0 ? {"error": "#VALUE!"} : $xlUnits($s, 0, $xlTrunc($n)) )
}`,
    doc: 'LEFT (count truncated, negative #VALUE!)',
  },
  xlRight: {
    fn: `function($v, $c) {( $s := $xlText($v); $n := $xlNum($c); $xlIsErr($s) ? $s : $xlIsErr($n) ? $n : $n < 0 ? {"error": "#VALUE!"} : (
  $u := $count($split($s, "")); $k := $xlTrunc($n); $xlUnits($s, $k >= $u ? 0 : $u - $k, $k) ) )}`,
    doc: 'RIGHT (count truncated, negative #VALUE!)',
  },
  xlMid: {
    fn: `function($v, $st, $c) {( $s := $xlText($v); $a := $xlNum($st); $n := $xlNum($c);
  $xlIsErr($s) ? $s : $xlIsErr($a) ? $a : $xlIsErr($n) ? $n : $xlTrunc($a) < 1 or $n < 0 ? {"error": "#VALUE!"} : $xlUnits($s, $xlTrunc($a) - 1, $xlTrunc($n)) )}`,
    doc: 'MID (start < 1 or count < 0 #VALUE!)',
  },
  xlCase: {
    // Why: Excel maps case character by character and leaves a character whose mapping would change its
    // length (`UPPER("straße")` is "STRAßE", JavaScript's "STRASSE"). The whole text is mapped at once when
    // that keeps its length (no mapping shrinks, so then none grew); else character by character (code
    // points: a surrogate pair stays one character). Capital sigma always lowers to σ: Excel maps one
    // character at a time, JavaScript applies the word-final ς rule (`LOWER("ΣΑΣ")` is "σασ" in Excel).
    fn: String.raw`function($s, $up) {(
  $all := $up ? $uppercase($s) : $lowercase($replace($s, "Σ", "σ"));
  $count($split($all, "")) = $count($split($s, "")) ? $all : (
    $f := function($c) { $up ? $uppercase($c) : $lowercase($replace($c, "Σ", "σ")) };
    $join($map($match($s, /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/).match, function($c) {(
      $m := $f($c); $count($split($m, "")) = $count($split($c, "")) ? $m : $c
    )}), "")
  )
)}`,
    doc: 'UPPER/LOWER per character, keeping characters whose mapping changes length (internal)',
  },
  xlUpper: {
    // Fast path, exactly $xlCase: text of ASCII characters only (U+0000..U+007F) maps a-z to A-Z and nothing
    // else, one unit for one, so the whole-text mapping keeps the length and is $xlCase's answer. Text needs
    // no $xlText. Nested `?:` without parentheses: each `(...)` is a block, a new frame on every call.
    fn: String.raw`function($v) {
  $type($v) = "string" ? $contains($v, /^[\u0000-\u007F]*$/) ? $uppercase($v) : $xlCase($v, true) :
    ( $s := $xlText($v); $type($s) = "object" ? $s : $xlCase($s, true) )
}`,
    doc: 'UPPER',
  },
  xlLower: {
    // Fast path, exactly $xlCase: ASCII text has no capital sigma and lowers A-Z to a-z, one unit for one.
    fn: String.raw`function($v) {
  $type($v) = "string" ? $contains($v, /^[\u0000-\u007F]*$/) ? $lowercase($v) : $xlCase($v, false) :
    ( $s := $xlText($v); $type($s) = "object" ? $s : $xlCase($s, false) )
}`,
    doc: 'LOWER',
  },
  xlTrim: {
    // Only U+0020: runs collapse to one space, then one leading and one trailing space go. `$trim` also
    // eats tabs and newlines, which Excel keeps.
    fn: String.raw`function($v) {( $s := $xlText($v); $xlIsErr($s) ? $s : $replace($replace($s, / +/, " "), /^ | $/, "") )}`,
    doc: 'TRIM (spaces only)',
  },
};
