/**
 * Library helpers: MEDIAN, LARGE/SMALL and RANK/RANK.EQ over a list of numbers and errors (a reference
 * already reduced to its numbers and errors by `$xlRefNums`, a direct value read by `$xlNum`).
 */
import type { HelperSource } from '../../helpers/source.js';

export const ORDER_STATS_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlMedian: {
    // Why halves: the mean of the two middle numbers as (a + b) / 2 overflows where a/2 + b/2 does not; the
    // two agree on every pair whose halves are normal doubles (halving is exact there).
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#NUM!"} : (
  $s := $sort($l); $n := $count($s); $h := $floor($n / 2);
  $n % 2 = 1 ? $s[$h] : $s[$h - 1] / 2 + $s[$h] / 2
) )}`,
    doc: 'MEDIAN (the first error wins; nothing numeric #NUM!)',
  },
  xlKth: {
    // Why the two neighbours: Microsoft's page does not say how a k that is not a whole number is read; where
    // truncating it and rounding it up pick the same value (or are both out of range) the answer is that one.
    fn: `function($l, $k, $desc) {(
  $e := $l[$type($) = "object"][0];
  $kn := $type($k) = "number" ? $k : $xlNum($k);
  $exists($e) ? $e : $type($kn) = "object" ? $kn : (
    $n := $count($l);
    $s := $desc ? $sort($l, function($a, $b) { $a < $b }) : $sort($l);
    $at := function($i) { $i >= 1 and $i <= $n ? $s[$i - 1] : {"error": "#NUM!"} };
    $kn <= 0 ? {"error": "#NUM!"} : $kn = $floor($kn) ? $at($kn) : (
      $lo := $at($floor($kn)); $hi := $at($ceil($kn));
      $type($lo) = "object" and $type($hi) = "object" ? $lo :
      $type($lo) = "number" and $type($hi) = "number" and $lo = $hi ? $lo :
      $xlNE("LARGE/SMALL with a k that is not a whole number, where its truncation and rounding up pick different values")
    )
  )
)}`,
    doc: 'LARGE ($desc true) / SMALL: the k-th number of the list (k ≤ 0 or beyond the count #NUM!)',
  },
  xlRank: {
    // Why not established near a tie: whether Excel ranks a number equal to another at 15 digits but not in
    // its last bits as a tie is not shown by any saved cell.
    fn: `function($x, $l, $order) {(
  $xn := $type($x) = "number" ? $x : $xlNum($x);
  $o := $type($order) = "number" ? $order : $xlNum($order);
  $type($xn) = "object" ? $xn : $type($o) = "object" ? $o :
  $exists($l[$type($) = "object"]) ? $xlNE("RANK over a reference holding an error") : (
    $ns := $l[$type($) = "number"];
    $exists($ns[$ != $xn and $abs($ - $xn) <= 1e-14 * $abs($xn)])
      ? $xlNE("RANK where the reference holds a number equal to it at 15 digits but not exactly") :
    $count($ns[$ = $xn]) = 0 ? {"error": "#N/A"} :
    1 + ($o != 0 ? $count($ns[$ < $xn]) : $count($ns[$ > $xn]))
  )
)}`,
    doc: 'RANK / RANK.EQ: 1 + how many numbers of the reference come before it (descending unless order ≠ 0); absent #N/A',
  },
};
