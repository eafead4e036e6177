/** Library helpers: SUM, AVERAGE, MIN, MAX, COUNT and SUMPRODUCT over lists of values. */
import { type HelperSource, MAX } from '../../helpers/source.js';

export const AGGREGATE_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlRefNums: {
    fn: `function($l) { $l[$type($) = "number" or $type($) = "object"] }`,
    doc: 'the numbers and errors of a reference (text, booleans, blanks ignored)',
  },
  xlAddAll: {
    // Why: JSONata throws on arithmetic with an infinite operand, so overflow is caught at each step.
    fn: `function($l) { $reduce($append([], $l), function($a, $b) { $type($a) = "object" ? $a : $xlFin($a + $b) }, 0) }`,
    doc: 'left-to-right sum of numbers, #NUM! on overflow (internal)',
  },
  xlSum: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $xlAddAll($l) )}`,
    doc: 'SUM over a list of numbers, left to right (first error wins)',
  },
  xlAverage: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#DIV/0!"} : ( $s := $xlAddAll($l); $type($s) = "object" ? $s : $s / $count($l) ) )}`,
    doc: 'AVERAGE (#DIV/0! when nothing is numeric)',
  },
  xlMin: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? 0 : $min($l) )}`,
    doc: 'MIN (0 when nothing is numeric)',
  },
  xlMax: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? 0 : $max($l) )}`,
    doc: 'MAX (0 when nothing is numeric)',
  },
  xlCountArg: {
    // Why: a direct COUNT argument counts when it is a number, a boolean or numeric text; errors don't count.
    fn: `function($v) {( $x := $type($v) = "object" ? $v : $xlNum($v); $type($v) != "null" and $exists($v) and $type($x) = "number" ? 1 : 0 )}`,
    doc: 'COUNT of one direct argument (0 or 1)',
  },
  xlCountRef: {
    // Why: a cell holding the not-established value may be a number in Excel, so the count is not established.
    fn: `function($l) {( $u := $l[$xlIsNE($)][0]; $exists($u) ? $u : $count($l[$type($) = "number"]) )}`,
    doc: 'COUNT of a reference whose cells may be the not-established value: that value, else the numbers counted',
  },
  xlSumProduct: {
    // $arrays: [{"a": [...]}, ...] (objects keep arrays from being flattened together). Same sizes or
    // #VALUE! (with an error among them not established: which comes first); an error propagates, errors of
    // two kinds are not established (array by array or entry by entry?); non-numbers count as 0, except where every argument is 1×1: Excel reads scalars there, where text
    // is #VALUE! (corpus: SUMPRODUCT(G1330:G1330,I1330:I1330) with "4" in G1330); a blank or a boolean there,
    // or an error beside a non-number, is not established.
    // Row products are built array by array with $zip (never `$a[$i]`, which JSONata evaluates by scanning the
    // whole array); an overflowed product stays ±Infinity (never multiplied again) and the plain left-to-right
    // `$sum` then ends non-finite, which is #NUM!, as a step-by-step check would give.
    // Why `$string`: one native pass over an array tells what per-element checks would: an error (an object)
    // always prints a "{", and an array printed with only number characters holds only numbers, so a column
    // of numbers skips both the error scan and the mapping of non-numbers to 0.
    fn: String.raw`function($arrays) {(
  $m := $count($arrays);
  $col := function($k) {( $o := $arrays[$k]; $type($o.a) = "array" ? $o.a : $exists($o.a) ? [$o.a] : [] )};
  $ks := [0..$m - 1];
  $n := $count($col(0));
  $errs := $map($ks, function($k) {( $c := $col($k); $contains($string($c), "{") ? $c[$type($) = "object"][0] )});
  $one := $n = 1 and $count($filter($ks, function($k) { $count($col($k)) != 1 })) = 0;
  $odd := $one ? $filter($ks, function($k) {( $t := $type($col($k)[0]); $t != "number" and $t != "object" )});
  $exists($odd) ? (
    $exists($errs) ? $xlNE("SUMPRODUCT of 1×1 references holding an error and a value that is not a number") :
    $count($filter($odd, function($k) { $type($col($k)[0]) = "string" })) > 0 ? {"error": "#VALUE!"} :
    $xlNE("SUMPRODUCT of a 1×1 reference holding a blank or a boolean")
  ) :
  $count($filter($ks, function($k) { $count($col($k)) != $n })) > 0 ? (
    $exists($errs) ? $xlNE("SUMPRODUCT of arrays of different sizes holding an error (#VALUE! or the error)") :
    {"error": "#VALUE!"}
  ) :
  $exists($errs) ? (
    $kinds := $distinct($map($ks, function($k) { $col($k)[$type($) = "object"] }).($exists(error) ? error : "ne"));
    $n > 1 and $count($kinds) > 1 ? $xlNE("SUMPRODUCT over errors of more than one kind (which comes first)") :
    $errs[0]
  ) :
  $n = 0 ? 0 : (
    $nums := function($c) { $contains($string($c), /^\[[-+.0-9eE,]*\]$/) ? $c : [$c.($type($) = "number" ? $ : 0)] };
    $first := $nums($col(0));
    $p := $m = 1 ? $first : $reduce([1..$m - 1], function($acc, $k) {
      [$zip($acc, $nums($col($k))).($[0] <= ${MAX} and $[0] >= -${MAX} ? $[0] * $[1] : $[0])]
    }, $first);
    $xlFin($sum($p))
  )
)}`,
    doc: 'SUMPRODUCT of equally sized arrays (non-numbers as 0)',
  },
};
