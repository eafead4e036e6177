/**
 * Library helpers: NPV (entry.ts), in the 15-digit tier: value_i / (1 + rate)^i summed over the cash flows in
 * order, i from 1.
 *
 * Evaluated as one quotient: the flows folded forward by Horner's rule, N = N·(1 + rate) + value_i (that is,
 * the sum of value_i·(1 + rate)^(n-i)), over the product P = (1 + rate)^n by repeated multiplication. On every NPV
 * cell the corpus saved from Excel whose flows do not cancel (ironcalc NPV.xlsx, poi FormulaEvalTestData_Copy.xlsx
 * FinanceLibTests, ironcalc IRR.xlsx I27, xlcalculator NPV.xlsx A1 and B1) it gives 19 exact and 13 at 15 digits,
 * none apart; Horner from the last flow, s = (s + value)/(1 + rate), 19 / 12 / 1 (B1, NPV(...)+B3, one ulp of
 * the NPV magnified by the sum after it); each power divided separately (Microsoft's formula as written) 17 / 15
 * / 0; no candidate is
 * exact on all (scripts/finance-order.ts), so the order is Excel's only to 15 digits. A result under 1/32 of the
 * discounted sum of the flows' magnitudes is not established: such a difference magnifies the last-bit
 * differences of the order (ironcalc IRR.xlsx M2..M19, NPV at the IRR, saved values near 1E-12 from flows near
 * 20 that no candidate reproduces); the agreeing cells reach a ratio of 16.3 (xlcalculator NPV.xlsx A1).
 *
 * Which values count (the entry's notes): a reference contributes its numbers, skipping blanks, booleans and text
 * (NPV.xlsx K3, L5, M5; Microsoft's NPV page), an error in it is the result (K9, N9).
 */
import type { HelperSource } from '../../helpers/source.js';

export const NPV_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlNpvArg: {
    // A value written in the formula or computed that is not a number: no saved cell shows what Excel counts
    // (Microsoft's pages disagree with each other and with the saved blank cells).
    fn: `function($v) { $type($v) = "number" or $type($v) = "object" ? $v : $xlNE("NPV with a boolean, text or blank value not read from a reference") }`,
    doc: 'a direct NPV value: a number or an error, else not established (internal)',
  },
  xlNpv: {
    // The rate's error first (NPV.xlsx K8), then the first error among the values (K9). Rate -1, a rate not a
    // number, no values, an argument past 1E+100 not established; so are a product (1+rate)^n or a folded sum
    // past 1E+300 or a product under 1E-300 (no overflow, no division by zero).
    fn: `function($r, $l) {(
  $e := $l[$type($) = "object"][0];
  $type($r) = "object" ? $r :
  $exists($e) ? $e :
  $type($r) != "number" ? $xlNE("NPV with a rate that is not a number") :
  $r = -1 ? $xlNE("NPV with rate -1") :
  $count($l) = 0 ? $xlNE("NPV without a number among its values") :
  $abs($r) > 1e100 or $count($l[$abs($) > 1e100]) > 0 ? $xlNE("NPV with an argument past 1E+100 in magnitude") : (
    $b := 1 + $r;
    $s := $reduce($l, function($a, $x) {
      $type($a) = "object" ? $a : (
        $p := $a[2] * $b;
        $abs($p) > 1e300 or $abs($p) < 1e-300 or $a[1] > 1e300 / ($abs($b) + 1)
          ? $xlNE("NPV with (1+rate)^n or a discounted sum past 1E+300 or under 1E-300")
          : [$a[0] * $b + $x, $a[1] * $abs($b) + $abs($x), $p]
      )
    }, [0, 0, 1]);
    $type($s) = "object" ? $s : (
      $v := $s[0] / $s[2];
      32 * $abs($v) < $s[1] / $abs($s[2])
        ? $xlNE("NPV under 1/32 of its flows' discounted magnitudes (a difference of nearly equal terms)") : $xlFinResult($v)
    )
  )
)}`,
    doc: 'NPV(rate, values): the net present value of the cash flows',
  },
};
