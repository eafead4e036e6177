/**
 * The helper definitions as they stood before the per-row cost work (sheetspec commit 2fcda02), kept verbatim
 * as the reference the rewritten helpers are property-tested against (test/lower/fast-paths.test.ts): each
 * rewrite and each call-site specialisation must give exactly these values for every input. Names carry a
 * `ref` prefix so they can be bound beside the current library; they call the current versions of the helpers
 * that were not rewritten (xlNum, xlIsErr, xlFin, xlTrunc, xlText, xlRoundDec, xlLookupEq).
 */
import { HELPERS, resolveHelpers } from '../../src/compiler/lower/library.js';

export const REFERENCE_HELPERS: Readonly<Record<string, string>> = {
  refXlAdd: `function($a, $b) {( $x := $type($a) = "number" ? $a : $xlNum($a); $y := $type($b) = "number" ? $b : $xlNum($b); $xlIsErr($x) ? $x : $xlIsErr($y) ? $y : $xlFin($x + $y) )}`,
  refXlSub: `function($a, $b) {( $x := $type($a) = "number" ? $a : $xlNum($a); $y := $type($b) = "number" ? $b : $xlNum($b); $xlIsErr($x) ? $x : $xlIsErr($y) ? $y : $xlFin($x - $y) )}`,
  refXlMul: `function($a, $b) {( $x := $type($a) = "number" ? $a : $xlNum($a); $y := $type($b) = "number" ? $b : $xlNum($b); $xlIsErr($x) ? $x : $xlIsErr($y) ? $y : $xlFin($x * $y) )}`,
  refXlDiv: `function($a, $b) {( $x := $type($a) = "number" ? $a : $xlNum($a); $y := $type($b) = "number" ? $b : $xlNum($b); $xlIsErr($x) ? $x : $xlIsErr($y) ? $y : $y = 0 ? {"error": "#DIV/0!"} : $xlFin($x / $y) )}`,
  refXlRound: `function($v, $digits) {( $x := $type($v) = "number" ? $v : $xlNum($v); $n := $type($digits) = "number" ? $digits : $xlNum($digits);
  $xlIsErr($x) ? $x : $xlIsErr($n) ? $n : $x = 0 ? 0 : (
    $k := $n < 0 ? $ceil($n) : $floor($n);
    $a := $abs($x);
    $s := $k >= 0 and $k <= 22 ? $power(10, $k) : 0;
    $y := $a * $s;
    $s > 0 and $y < 1e13 ? (
      $m := $abs($y - $floor($y) - 0.5) > $y * 1e-14 ? $floor($y + 0.5) : (
        $z := $number($string($a)) * $s;
        $abs($z - $floor($z) - 0.5) <= $z * 5e-16 ? $floor($z) + 1 : $floor($z + 0.5)
      );
      $x < 0 ? 0 - $m / $s : $m / $s
    ) : $xlRoundDec($x, $k)
  )
)}`,
  refXlLen: `function($v) {( $s := $xlText($v); $xlIsErr($s) ? $s : $count($split($s, "")) )}`,
  refXlCase: String.raw`function($s, $up) {(
  $f := function($c) { $up ? $uppercase($c) : $lowercase($replace($c, "Σ", "σ")) };
  $all := $f($s);
  $count($split($all, "")) = $count($split($s, "")) ? $all :
    $join($map($match($s, /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/).match, function($c) {(
      $m := $f($c); $count($split($m, "")) = $count($split($c, "")) ? $m : $c
    )}), "")
)}`,
  refXlUpper: `function($v) {( $s := $xlText($v); $xlIsErr($s) ? $s : $refXlCase($s, true) )}`,
  refXlLower: `function($v) {( $s := $xlText($v); $xlIsErr($s) ? $s : $refXlCase($s, false) )}`,
  refXlLeft: `function($v, $c) {( $s := $xlText($v); $n := $xlNum($c); $xlIsErr($s) ? $s : $xlIsErr($n) ? $n : $n < 0 ? {"error": "#VALUE!"} : $xlUnits($s, 0, $xlTrunc($n)) )}`,
  refXlUnits: `function($s, $start, $len) {( $r := $join($filter($split($s, ""), function($c, $i) { $i >= $start and $i < $start + $len }), ""); $exists($r) ? $r : "" )}`,
  refXlVlookup: `function($key, $t, $col) {( $c := $type($col) = "number" ? $col : $xlNum($col);
  $xlIsErr($key) ? $key : $xlIsErr($c) ? $c : $not($exists($key)) or $key = null ? {"error": "#N/A"} : $xlTrunc($c) < 1 ? {"error": "#VALUE!"} :
  $xlTrunc($c) > $t.w ? {"error": "#REF!"} : (
    $rows := $lookup($t, "rows");
    $r := $type($key) = "string" and $not($contains($key, /[*?~]/)) ? $lookup($t.s, "k" & $lowercase($key)) :
      $type($key) = "number" and $key = $floor($key) ? $lookup($t.n, "k" & $string($key)) : (
        $hits := $map($rows, function($row, $i) { $xlLookupEq($row[0], $key) ? $i });
        $exists($hits) ? $rows[$hits[0]]
      );
    $i := $xlTrunc($c) - 1;
    $exists($r) ? $r[$i] : {"error": "#N/A"}
  )
)}`,
  refXlSumProduct: `function($arrays) {(
  $m := $count($arrays);
  $col := function($k) {( $o := $arrays[$k]; $type($o.a) = "array" ? $o.a : $exists($o.a) ? [$o.a] : [] )};
  $ks := [0..$m - 1];
  $n := $count($col(0));
  $errs := $map($ks, function($k) {( $c := $col($k); $c[$type($) = "object"][0] )});
  $one := $n = 1 and $count($filter($ks, function($k) { $count($col($k)) != 1 })) = 0;
  $kind := function($v) { $type($v) = "number" ? "number" : $type($v) = "object" ? "error" : $type($v) = "string" ? "text" : "other" };
  $kinds := $one ? $distinct($map($ks, function($k) { $kind($col($k)[0]) })) : [];
  "text" in $kinds or "other" in $kinds ? (
    "error" in $kinds ? $xlNE("SUMPRODUCT of 1×1 references holding an error and a value that is not a number") :
    "text" in $kinds ? {"error": "#VALUE!"} :
    $xlNE("SUMPRODUCT of a 1×1 reference holding a blank or a boolean")
  ) :
  $count($filter($ks, function($k) { $count($col($k)) != $n })) > 0 ? (
    $exists($errs) ? $xlNE("SUMPRODUCT of arrays of different sizes holding an error (#VALUE! or the error)") :
    {"error": "#VALUE!"}
  ) :
  $exists($errs) ? (
    $all := $reduce($ks, function($acc, $k) { $append($acc, $col($k)[$type($) = "object"]) }, []);
    $names := $distinct($all.($exists(error) ? error : "ne"));
    $n > 1 and $count($names) > 1 ? $xlNE("SUMPRODUCT over errors of more than one kind (which comes first)") :
    $errs[0]
  ) :
  $n = 0 ? 0 : (
    $first := [$map($col(0), function($v) { $type($v) = "number" ? $v : 0 })];
    $p := $m = 1 ? $first : $reduce([1..$m - 1], function($acc, $k) {
      [$map($zip($acc, $col($k)), function($t) {
        $t[0] <= 1.7976931348623157e308 and $t[0] >= -1.7976931348623157e308 ? $t[0] * ($type($t[1]) = "number" ? $t[1] : 0) : $t[0]
      })]
    }, $first);
    $xlFin($sum($p))
  )
)}`,
};

/** A library define binding every current helper and every reference helper. */
export function libraryWithReferences(): string {
  const helpers = resolveHelpers(Object.keys(HELPERS));
  const lines = [
    ...helpers.map((h) => `  $${h} := ${HELPERS[h]?.fn};`),
    ...Object.entries(REFERENCE_HELPERS).map(([n, fn]) => `  $${n} := ${fn};`),
  ];
  return `(\n${lines.join('\n')}\n  ${JSON.stringify([...helpers, ...Object.keys(REFERENCE_HELPERS)])}\n)`;
}
