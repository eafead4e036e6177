/**
 * Library helpers: SUBSTITUTE, REPLACE, FIND, SEARCH, PROPER, REPT, EXACT, VALUE, CHAR, CODE, CLEAN, CONCAT
 * and TEXTJOIN. Text in UTF-16 units (`$split(s, "")`), as Excel counts it; arguments read by $xlText and
 * $xlNum, errors checked in argument order.
 */
import type { HelperSource } from '../../helpers/source.js';

/** Excel's longest text (a cell holds at most 32,767 characters). */
const MAX_TEXT = 32767;

/**
 * The characters of the codes 1..255 in order, as Excel for Windows gives them (its ANSI code page, Windows-1252,
 * the five codes it leaves unassigned as the control characters of the same number; 1..127 ASCII, 160..255
 * Latin-1). Written out, not decoded: Node's TextDecoder reads `windows-1252` as Latin-1. Corpus ironcalc
 * TEXT/CHAR.xlsx B1:B255, saved by Excel (`CHAR(128)` is "€", `CHAR(129)` U+0081, `CHAR(146)` "’"). A JSONata
 * string literal, every character outside printable ASCII escaped; CHAR and CODE look codes up in it.
 */
const ANSI = jsonataText(
  String.fromCharCode(...Array.from({ length: 127 }, (_, i) => i + 1)) +
    '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ' +
    String.fromCharCode(...Array.from({ length: 96 }, (_, i) => i + 160)),
);

/** A JSONata string literal of `s`, every character outside printable ASCII as a `\\uXXXX` escape. */
function jsonataText(s: string): string {
  const unit = (c: string) =>
    c === '"' || c === '\\'
      ? `\\${c}`
      : c >= ' ' && c <= '~'
        ? c
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return `"${[...s].map(unit).join('')}"`;
}

export const TEXTOPS_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlSubstitute: {
    // Every occurrence, left to right and non-overlapping (`$split` on text is literal, no pattern); an
    // empty old_text leaves the text as it is (corpus: SUBSTITUTE("testblankmatch", "", "!", 1)).
    fn: `function($v, $o, $n) {( $s := $xlText($v); $a := $xlText($o); $b := $xlText($n);
  $type($s) = "object" ? $s : $type($a) = "object" ? $a : $type($b) = "object" ? $b :
  $a = "" ? $s : $xlCap($join($split($s, $a), $b)) )}`,
    doc: 'SUBSTITUTE of every occurrence (over 32,767 characters #VALUE!)',
  },
  xlSubstituteAt: {
    // instance_num truncated; below 1 #VALUE! (corpus: 0, -1 #VALUE!; 1.9 is 1); past the last occurrence
    // the text is unchanged. The parts between occurrences are joined back around the one replaced.
    fn: `function($v, $o, $n, $c) {( $s := $xlText($v); $a := $xlText($o); $b := $xlText($n); $k := $xlNum($c);
  $type($s) = "object" ? $s : $type($a) = "object" ? $a : $type($b) = "object" ? $b : $type($k) = "object" ? $k :
  $xlTrunc($k) < 1 ? {"error": "#VALUE!"} : $a = "" ? $s : (
    $p := $split($s, $a); $t := $xlTrunc($k);
    $t >= $count($p) ? $s :
      $xlCap($join($filter($p, function($x, $i) { $i < $t }), $a) & $b & $join($filter($p, function($x, $i) { $i >= $t }), $a))
  ) )}`,
    doc: 'SUBSTITUTE of the n-th occurrence (n < 1 #VALUE!)',
  },
  xlReplace: {
    // start and count truncated; start < 1 or count < 0 #VALUE! (corpus: REPLACE("ABCDEF", -3, 4, "xx")).
    fn: `function($v, $st, $c, $nw) {( $s := $xlText($v); $a := $xlNum($st); $n := $xlNum($c); $b := $xlText($nw);
  $type($s) = "object" ? $s : $type($a) = "object" ? $a : $type($n) = "object" ? $n : $type($b) = "object" ? $b :
  $xlTrunc($a) < 1 or $xlTrunc($n) < 0 ? {"error": "#VALUE!"} : (
    $u := $split($s, ""); $p := $xlTrunc($a) - 1; $e := $p + $xlTrunc($n);
    $xlCap($join($filter($u, function($x, $i) { $i < $p }), "") & $b & $join($filter($u, function($x, $i) { $i >= $e }), ""))
  ) )}`,
    doc: 'REPLACE (start < 1 or count < 0 #VALUE!; over 32,767 characters #VALUE!)',
  },
  xlFindIn: {
    // The shared frame of FIND and SEARCH: arguments read, start truncated, 1 <= start <= length or
    // #VALUE!; empty find_text is found at start; else $at(find, text from start) gives the 0-based offset
    // of the first match, or -1 (or the not-established value, given back).
    fn: `function($f, $w, $st, $at) {( $a := $xlText($f); $s := $xlText($w); $n := $xlNum($st);
  $type($a) = "object" ? $a : $type($s) = "object" ? $s : $type($n) = "object" ? $n : (
    $k := $xlTrunc($n); $len := $count($split($s, ""));
    $k < 1 or $k > $len ? {"error": "#VALUE!"} : $a = "" ? $k : (
      $i := $at($a, $xlUnits($s, $k - 1, $len));
      $type($i) = "object" ? $i : $i < 0 ? {"error": "#VALUE!"} : $k + $i
    )
  ) )}`,
    doc: 'FIND and SEARCH: start_num and #VALUE! rules (internal)',
  },
  xlFind: {
    fn: `function($f, $w, $st) {
  $xlFindIn($f, $w, $st, function($a, $r) { $contains($r, $a) ? $count($split($split($r, $a)[0], "")) : -1 })
}`,
    doc: 'FIND (case-sensitive, no wildcards)',
  },
  xlWildFind: {
    // The 0-based offset of the leftmost match of wildcard pattern $p in text $t (both case-folded), or -1:
    // `?` one unit, `*` any run, `~` makes the next unit literal. The pattern is cut at its stars into
    // segments; the first is found leftmost, then each next one leftmost after the one before (greedy is
    // exact: a later start only delays the rest). Linear in the text per segment, no backtracking: a plain
    // segment is a native substring search, one with `?` compares units read from a map (`$t[$i]` would
    // scan the whole array).
    fn: String.raw`function($p, $t) {(
  $tk := [$match($p, /~[\s\S]|[\s\S]/).match];
  $acc := $reduce($tk, function($a, $x) {
    $x = "*" ? {"done": $append($a.done, {"s": $a.cur}), "cur": []} :
      {"done": $a.done, "cur": $append($a.cur, $x = "?" ? "" : $x != "~" and $substring($x, 0, 1) = "~" ? $substring($x, 1) : $x)}
  }, {"done": [], "cur": []});
  $segs := $append($acc.done, {"s": $acc.cur});
  $sc := $split($t, ""); $ns := $count($sc);
  $S := $contains($p, "?") ? $merge($map($sc, function($c, $i) { {$string($i): $c} }));
  $at := function($seg, $q) { $not(false in $map($seg, function($c, $i) { $c = "" or $c = $lookup($S, $string($q + $i)) })) };
  $find := function($seg, $from) {(
    $n := $count($seg);
    $n = 0 ? $from : $not("" in $seg) ? (
      $rest := $xlUnits($t, $from, $ns); $lit := $join($seg, "");
      $contains($rest, $lit) ? $from + $count($split($split($rest, $lit)[0], "")) : -1
    ) : (
      $hit := $filter([$from..$ns - $n], function($q) { $at($seg, $q) })[0];
      $exists($hit) ? $hit : -1
    )
  )};
  $first := $segs[0].s;
  $p0 := $find($first, 0);
  $p0 < 0 or $count($segs) = 1 ? $p0 : (
    $end := $reduce($filter($segs, function($x, $i) { $i > 0 }), function($pos, $g) {
      $pos < 0 ? -1 : ( $f := $find($g.s, $pos); $f < 0 ? -1 : $f + $count($g.s) )
    }, $p0 + $count($first));
    $end < 0 ? -1 : $p0
  )
)}`,
    doc: 'leftmost wildcard match offset (internal)',
  },
  xlSearch: {
    // Case-insensitive as `=` compares text (per character lower case, length kept: $xlCase), so offsets in
    // the folded text are offsets in the text. Without `*`, `?` or `~` a plain substring search. A lone `~`
    // quotes nothing and is found at start_num, as an empty find_text (corpus ironcalc TEXT/FIND_SEARCH.xlsx
    // E29 `SEARCH("~","Hi ~Bang!")` 1, E30 `SEARCH("~","Hello")` 1). Any other pattern ending in a `~` that
    // quotes nothing ("a~") is not established (no saved cell shows one): the not-established value, the oracle
    // undetermined.
    fn: `function($f, $w, $st) {
  $xlFindIn($f, $w, $st, function($a, $r) {(
    $p := $xlCase($a, false); $t := $xlCase($r, false);
    $p = "~" ? 0 : $contains($p, /^(~[\\s\\S]|[^~])*~$/) ? $xlNE("SEARCH whose find_text ends in a lone ~") :
    $contains($p, /[*?~]/) ? $xlWildFind($p, $t) : $contains($t, $p) ? $count($split($split($t, $p)[0], "")) : -1
  )})
}`,
    doc: 'SEARCH (case-insensitive, wildcards * ? ~)',
  },
  xlProper: {
    // A letter is a character with a case (its upper and lower forms differ); one that follows a letter is
    // lowered, every other one capitalised ("76BudGet" → "76Budget", "don't" → "Don'T"). Per character
    // (a surrogate pair is one), a character whose mapping changes its length is kept, as UPPER does.
    fn: String.raw`function($v) {( $s := $xlText($v); $type($s) = "object" or $s = "" ? $s : (
  $cs := [$match($s, /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/).match];
  $isL := function($c) { $uppercase($c) != $lowercase($c) };
  $join($map($zip($cs, $append([""], $cs)), function($p) {(
    $c := $p[0]; $m := $p[1] != "" and $isL($p[1]) ? $lowercase($c) : $uppercase($c);
    $count($split($m, "")) = $count($split($c, "")) ? $m : $c
  )}), "")
) )}`,
    doc: 'PROPER (capitalises a letter after a non-letter)',
  },
  xlRept: {
    // count truncated; negative #VALUE!; a result over 32,767 characters #VALUE! (Microsoft, REPT).
    fn: `function($v, $c) {( $s := $xlText($v); $n := $xlNum($c);
  $type($s) = "object" ? $s : $type($n) = "object" ? $n : (
    $k := $xlTrunc($n); $u := $count($split($s, ""));
    $k < 0 ? {"error": "#VALUE!"} : $u * $k > ${MAX_TEXT} ? {"error": "#VALUE!"} :
    $u = 0 or $k = 0 ? "" : $join($map([1..$k], function($i) { $s }), "")
  ) )}`,
    doc: 'REPT (at most 32,767 characters)',
  },
  xlExact: {
    fn: `function($a, $b) {( $x := $xlText($a); $y := $xlText($b);
  $type($x) = "object" ? $x : $type($y) = "object" ? $y : $x = $y )}`,
    doc: 'EXACT (both as text, case-sensitive)',
  },
  xlValue: {
    // Text as arithmetic reads it ($xlParseNum: the one reader); a number as it is; a blank 0. A boolean read
    // from a cell is #VALUE! (the lowering's $xlAtpRef: T_VALUE_VALUETOTEXT.xlsx C6); one that reaches this
    // helper was typed or computed, which no saved cell shows: not established.
    fn: `function($v) {
  $type($v) = "number" ? $v : $type($v) = "string" ? $xlParseNum($v) : $type($v) = "object" ? $v :
  $type($v) = "boolean" ? $xlNE("VALUE of a boolean typed or computed") : 0
}`,
    doc: 'VALUE (en-US number, percent, currency and date text)',
  },
  xlChar: {
    // n truncated; 1..255 the ANSI characters (above); outside #VALUE! (Microsoft, CHAR: "between 1 and 255").
    fn: `function($c) {( $n := $xlNum($c); $type($n) = "object" ? $n : (
  $k := $xlTrunc($n); $k < 1 or $k > 255 ? {"error": "#VALUE!"} : $substring(${ANSI}, $k - 1, 1)
) )}`,
    doc: 'CHAR of an ANSI code (1-255, Windows-1252)',
  },
  xlCode: {
    // The ANSI code (1..255, above) of the first UTF-16 unit (Microsoft, CODE: the code "corresponds to the
    // character set used by your computer", Windows: ANSI, the set CHAR reads). Empty text and a first character
    // outside that set ("Ω", "中") are not established: no corpus cell calls CODE and Microsoft's page shows
    // neither; the not-established value, the oracle undetermined.
    fn: `function($v) {( $s := $xlText($v); $type($s) = "object" ? $s : (
  $c := $split($s, "")[0]; $t := ${ANSI};
  $not($exists($c)) ? $xlNE("CODE of empty text") :
  $contains($t, $c) ? $count($split($split($t, $c)[0], "")) + 1 : $xlNE("CODE of a character outside Windows-1252")
) )}`,
    doc: 'CODE of an ANSI character (1-255, Windows-1252)',
  },
  xlClean: {
    // Microsoft, CLEAN: removes the 7-bit ASCII codes 0..31 only (not 127, not Unicode 129, 141, ...).
    fn: String.raw`function($v) {( $s := $xlText($v); $type($s) = "object" ? $s : $replace($s, /[\u0000-\u001F]/, "") )}`,
    doc: 'CLEAN (removes codes 0-31)',
  },
  xlConcatAll: {
    fn: `function($l) {( $r := $xlConcat($l); $type($r) = "string" and $count($split($r, "")) > ${MAX_TEXT} ? {"error": "#VALUE!"} : $r )}`,
    doc: 'CONCAT over a list of values (over 32,767 characters #VALUE!)',
  },
  xlTextJoin: {
    // $l: the text arguments flattened, blanks as null. First the delimiter's error, then ignore_empty's,
    // then the first error of the texts. Empty means a blank or "" (both dropped when ignore_empty).
    fn: `function($d, $ig, $l) {( $dl := $xlText($d); $b := $xlBool($ig);
  $type($dl) = "object" ? $dl : $type($b) = "object" ? $b : (
    $e := $l[$type($) = "object"][0];
    $exists($e) ? $e : (
      $ts := $map($l, function($v) { $xlText($v) });
      $r := $join($b ? $ts[$ != ""] : $ts, $dl);
      $not($exists($r)) ? "" : $count($split($r, "")) > ${MAX_TEXT} ? {"error": "#VALUE!"} : $r
    )
  ) )}`,
    doc: 'TEXTJOIN over a list of values (over 32,767 characters #VALUE!)',
  },
};
