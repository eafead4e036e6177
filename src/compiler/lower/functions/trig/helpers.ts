/**
 * Library helpers: SIN, COS, TAN, ASIN, ACOS, ATAN, ATAN2, SINH, COSH and TANH (entry.ts), in the 15-digit tier.
 *
 * JSONata has no trigonometry, so the library computes it. The cores are transcriptions of fdlibm's `s_sin.c`,
 * `s_cos.c`, `s_tan.c`, `k_sin.c`, `k_cos.c`, `k_tan.c`, `e_rem_pio2.c` (its small and medium paths), `e_asin.c`,
 * `e_acos.c`, `s_atan.c`, `e_atan2.c`, `e_sinh.c`, `e_cosh.c` and `s_tanh.c` (the last three over the library's
 * exp and expm1) (Sun Microsystems, freely redistributable), the algorithms V8's Math functions of the same names
 * are ports of: the same argument reduction (x - n·π/2 with π/2 in three 33-bit parts), the same polynomials and
 * the same order of operations, on the same IEEE doubles, so each result is the platform's bit for bit (fdlibm
 * bounds the trigonometric ones below one ulp); scripts/transcendental-error.ts
 * and test/lower/trig.test.ts measure it. Where C compares the high word of a double with a constant, the
 * helpers compare with the double that word stands for (`hw` below); where C clears the low word, they keep the
 * 21 high bits of the significand (`$xlHi21`).
 *
 * Excel's own reduction is not fdlibm's: its SIN(PI()) is saved 1.22514845490862E-16 where fdlibm gives
 * 1.2246467991473532E-16 (ironcalc trigonometric_functions.xlsx B12), and the saved values near the zeros
 * (B12, C13, D12; poi 47813.xlsx B182, C92, B362, C272, C452, B542, C632) are all the function of x reduced
 * by the 64-bit π of the x87 (0xC90FDAA22168C235·2^-62, E = 5.0166E-20 above π), as is SIN(-534) (poi
 * FormulaEvalTestData_Copy.xlsx EverythingTests!G1252): Excel's argument is off by about |x|·E/π. Where that
 * shift moves the result by one ulp (2^-52 of it) or more, Excel's 15 digits are not established (`TRIG_BAND`
 * and the helpers' `$xlNE`): SIN and COS where |f(x)| < K·|x|, TAN where K·|x|·(1 + f(x)²) > |f(x)|, with
 * K = 2^52·E/π = 7.19144E-5 (so every SIN and COS past |x| = 13905, every TAN past 6952). Below one ulp the
 * shift is a last-bit difference like the others of the tier: SIN(-534), shifted 0.55 ulp, agrees at 15 digits;
 * the zeros above, shifted 4E-4 of their value and more, do not. docs/semantics.md ("The 15-digit tier").
 */
import type { HelperSource } from '../../helpers/source.js';
import { MIN_NORMAL } from '../transcendental/helpers.js';

/** `$r`, or the not-established value where it is subnormal: `name`'s result below 2^-1022. */
const unlessSubnormal = (name: string) =>
  `$xlSubnormal($r) ? $xlNE("${name} with a result below 2^-1022 (subnormal)") : $r`;

/** The double whose high 32 bits are `h` and low 32 bits 0: fdlibm's `ix < h` is `|x| < hw(h)`. */
function hw(h: number): string {
  return String(new Float64Array(new BigUint64Array([BigInt(h) << 32n]).buffer)[0]);
}

/**
 * K of the band where Excel's SIN, COS and TAN are not established: 2^52·E/π = 7.19144E-5, E = 5.0166E-20 the
 * distance of the x87's 64-bit π above π, rounded up (module header).
 */
export const TRIG_BAND = '7.1915e-5';

/** fdlibm's π/2 in three 33-bit parts and their tails (e_rem_pio2.c), and 53 bits of 2/π. */
const PIO2 = {
  inv: '6.36619772367581382433e-01',
  p1: '1.57079632673412561417e+00',
  p1t: '6.07710050650619224932e-11',
  p2: '6.07710050630396597660e-11',
  p2t: '2.02226624879595063154e-21',
  p3: '2.02226624871116645580e-21',
  p3t: '8.47842766036889956997e-32',
};

/** High words of n·π/2 for n = 1..32 (e_rem_pio2.c `npio2_hw`): where |x| has one, the quick check fails. */
const NPIO2_HW = [
  0x3ff921fb, 0x400921fb, 0x4012d97c, 0x401921fb, 0x401f6a7a, 0x4022d97c, 0x4025fdbb, 0x402921fb, 0x402c463a,
  0x402f6a7a, 0x4031475c, 0x4032d97c, 0x40346b9c, 0x4035fdbb, 0x40378fdb, 0x403921fb, 0x403ab41b, 0x403c463a,
  0x403dd85a, 0x403f6a7a, 0x40407e4c, 0x4041475c, 0x4042106c, 0x4042d97c, 0x4043a28c, 0x40446b9c, 0x404534ac,
  0x4045fdbb, 0x4046c6cb, 0x40478fdb, 0x404858eb, 0x404921fb,
];
const NPIO2_LO = `[${NPIO2_HW.map(hw).join(', ')}]`;
const NPIO2_HI = `[${NPIO2_HW.map((h) => hw(h + 1)).join(', ')}]`;

/** One reduction step of e_rem_pio2.c's medium path with the part `p` and its tail `pt`. */
const step = (p: string, pt: string) => `(
      $t := $r;
      $w := $fn * ${p};
      $r := $t - $w;
      $w := $fn * ${pt} - (($t - $r) - $w);
      $y0 := $r - $w;
      {"r": $r, "w": $w, "y0": $y0}
    )`;

export const TRIG_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlExpo: {
    // The binary exponent of a nonzero double, as fdlibm reads it from the high word (`(hx >> 20) - 1023`); a
    // subnormal's field is 0, so -1023.
    fn: `function($x) {( $a := $abs($x); $a < ${MIN_NORMAL} ? -1023 : $xlBinade($a).e )}`,
    doc: 'the binary exponent of a nonzero double, as its high word holds it (internal)',
  },
  xlSubnormal: {
    // Excel holds no subnormal number; what it gives where the result would be one is not established (as EXP).
    fn: `function($r) { $r != 0 and $abs($r) < ${MIN_NORMAL} }`,
    doc: 'true for a nonzero number below 2^-1022 (subnormal) (internal)',
  },
  xlHi21: {
    // fdlibm's SET_LOW_WORD(x, 0): the double with the low 32 bits cleared, i.e. the 21 high significand bits
    // kept and the rest cut toward zero (exact: a power-of-two scaling and a floor).
    fn: `function($x) {( $a := $abs($x); $u := $power(2, $xlExpo($a) - 20); $h := $floor($a / $u) * $u; $x < 0 ? -$h : $h )}`,
    doc: 'a double with its low 32 bits cleared (internal)',
  },
  xlRemPio2: {
    // e_rem_pio2.c for |x| > π/4 up to 2^19·π/2: {"n", "y0", "y1"} with x - n·π/2 = y0 + y1; undefined beyond
    // (the large path, where Excel's answer is not established anyway: module header).
    fn: `function($x) {(
  $a := $abs($x);
  $s := $x < 0 ? -1 : 1;
  $a < ${hw(0x4002d97c)} ? (
    $near := $a >= ${hw(0x3ff921fb)} and $a < ${hw(0x3ff921fc)};
    $z := $a - ${PIO2.p1};
    $y := $near ? (
      $z := $z - ${PIO2.p2};
      $y0 := $z - ${PIO2.p2t};
      [$y0, ($z - $y0) - ${PIO2.p2t}]
    ) : (
      $y0 := $z - ${PIO2.p1t};
      [$y0, ($z - $y0) - ${PIO2.p1t}]
    );
    {"n": $s, "y0": $s * $y[0], "y1": $s * $y[1]}
  ) :
  $a < ${hw(0x413921fc)} ? (
    $n := $floor($a * ${PIO2.inv} + 0.5);
    $fn := $n;
    $r := $a - $fn * ${PIO2.p1};
    $w := $fn * ${PIO2.p1t};
    $quick := $n < 32 and $not($a >= ${NPIO2_LO}[$n - 1] and $a < ${NPIO2_HI}[$n - 1]);
    $v := $quick ? {"r": $r, "w": $w, "y0": $r - $w} : (
      $j := $xlExpo($a);
      $y0 := $r - $w;
      $j - ($y0 = 0 ? -1075 : $xlExpo($y0)) <= 16 ? {"r": $r, "w": $w, "y0": $y0} : (
        $v2 := ${step(PIO2.p2, PIO2.p2t)};
        $r := $v2.r;
        $j - ($v2.y0 = 0 ? -1075 : $xlExpo($v2.y0)) <= 49 ? $v2 : ${step(PIO2.p3, PIO2.p3t)}
      )
    );
    {"n": $s * $n, "y0": $s * $v.y0, "y1": $s * (($v.r - $v.y0) - $v.w)}
  ) : undefined
)}`,
    doc: "x - n·π/2 as y0 + y1 and n, fdlibm's reduction, for |x| up to 2^19·π/2 (internal)",
  },
  xlKSin: {
    // k_sin.c on [-π/4, π/4] with the tail y; iy 0 (no tail, SIN of a small x) and 1 round differently.
    fn: `function($x, $y, $iy) {(
  $abs($x) < ${hw(0x3e400000)} ? $x : (
    $z := $x * $x;
    $v := $z * $x;
    $r := 8.33333333332248946124e-03 + $z * (-1.98412698298579493134e-04 + $z * (2.75573137070700676789e-06 + $z * (-2.50507602534068634195e-08 + $z * 1.58969099521155010221e-10)));
    $iy = 0 ? $x + $v * (-1.66666666666666324348e-01 + $z * $r) :
      $x - (($z * (0.5 * $y - $v * $r) - $y) - $v * -1.66666666666666324348e-01)
  )
)}`,
    doc: "fdlibm's sine kernel on [-π/4, π/4] (internal)",
  },
  xlKCos: {
    // k_cos.c (fdlibm 5.3, as V8): above 0.3, qx = |x|/4 with its low word cleared (0.28125 above 0.78125).
    fn: `function($x, $y) {(
  $a := $abs($x);
  $a < ${hw(0x3e400000)} ? 1 : (
    $z := $x * $x;
    $r := $z * (4.16666666666666019037e-02 + $z * (-1.38888888888741095749e-03 + $z * (2.48015872894767294178e-05 + $z * (-2.75573143513906633035e-07 + $z * (2.08757232129817482790e-09 + $z * -1.13596475577881948265e-11)))));
    $a < ${hw(0x3fd33333)} ? 1 - (0.5 * $z - ($z * $r - $x * $y)) : (
      $qx := $a >= ${hw(0x3fe90001)} ? 0.28125 : $xlHi21($a / 4);
      (1 - $qx) - ((0.5 * $z - $qx) - ($z * $r - $x * $y))
    )
  )
)}`,
    doc: "fdlibm's cosine kernel on [-π/4, π/4] (internal)",
  },
  xlKTan: {
    // k_tan.c: tan(x + y) for k = 1, -1/tan(x + y) for k = -1; above 0.6744 through π/4 - x.
    fn: `function($x, $y, $k) {(
  $ax := $abs($x);
  $neg := $x < 0;
  $ax < ${hw(0x3e300000)} and $k = 1 ? $x :
  $ax < ${hw(0x3e300000)} ? (
    $w := $x + $y;
    $z := $xlHi21($w);
    $v := $y - ($z - $x);
    $a := -1 / $w;
    $t := $xlHi21($a);
    $t + $a * ((1 + $t * $z) + $t * $v)
  ) : (
    $big := $ax >= ${hw(0x3fe59428)};
    $x0 := $big ? ($neg ? -$x : $x) : $x;
    $y0 := $big ? ($neg ? -$y : $y) : $y;
    $x := $big ? (7.85398163397448278999e-01 - $x0) + (3.06161699786838301793e-17 - $y0) : $x0;
    $y := $big ? 0 : $y0;
    $z := $x * $x;
    $w := $z * $z;
    $r := 1.33333333333201242699e-01 + $w * (2.18694882948595424599e-02 + $w * (3.59207910759131235356e-03 + $w * (5.88041240820264096874e-04 + $w * (7.81794442939557092300e-05 + $w * -1.85586374855275456654e-05))));
    $v := $z * (5.39682539762260521377e-02 + $w * (8.86323982359930005737e-03 + $w * (1.45620945432529025516e-03 + $w * (2.46463134818469906812e-04 + $w * (7.14072491382608190305e-05 + $w * 2.59073051863633712884e-05)))));
    $s := $z * $x;
    $r := $y + $z * ($s * ($r + $v) + $y);
    $r := $r + 3.33333333333334091986e-01 * $s;
    $w := $x + $r;
    $big ? ($neg ? -1 : 1) * ($k - 2 * ($x - ($w * $w / ($w + $k) - $r))) :
    $k = 1 ? $w : (
      $z := $xlHi21($w);
      $v := $r - ($z - $x);
      $a := -1 / $w;
      $t := $xlHi21($a);
      $t + $a * ((1 + $t * $z) + $t * $v)
    )
  )
)}`,
    doc: "fdlibm's tangent kernel on [-π/4, π/4] (internal)",
  },
  xlSinCore: {
    fn: `function($x) {(
  $abs($x) < ${hw(0x3fe921fc)} ? $xlKSin($x, 0, 0) : (
    $p := $xlRemPio2($x);
    $exists($p) ? (
      $q := $p.n % 4;
      $q := $q < 0 ? $q + 4 : $q;
      $q = 0 ? $xlKSin($p.y0, $p.y1, 1) : $q = 1 ? $xlKCos($p.y0, $p.y1) :
      $q = 2 ? -$xlKSin($p.y0, $p.y1, 1) : -$xlKCos($p.y0, $p.y1)
    ) : undefined
  )
)}`,
    doc: 'the sine as fdlibm computes it, for |x| up to 2^19·π/2, else undefined (internal)',
  },
  xlCosCore: {
    fn: `function($x) {(
  $abs($x) < ${hw(0x3fe921fc)} ? $xlKCos($x, 0) : (
    $p := $xlRemPio2($x);
    $exists($p) ? (
      $q := $p.n % 4;
      $q := $q < 0 ? $q + 4 : $q;
      $q = 0 ? $xlKCos($p.y0, $p.y1) : $q = 1 ? -$xlKSin($p.y0, $p.y1, 1) :
      $q = 2 ? -$xlKCos($p.y0, $p.y1) : $xlKSin($p.y0, $p.y1, 1)
    ) : undefined
  )
)}`,
    doc: 'the cosine as fdlibm computes it, for |x| up to 2^19·π/2, else undefined (internal)',
  },
  xlTanCore: {
    fn: `function($x) {(
  $abs($x) < ${hw(0x3fe921fc)} ? $xlKTan($x, 0, 1) : (
    $p := $xlRemPio2($x);
    $exists($p) ? $xlKTan($p.y0, $p.y1, $p.n % 2 = 0 ? 1 : -1) : undefined
  )
)}`,
    doc: 'the tangent as fdlibm computes it, for |x| up to 2^19·π/2, else undefined (internal)',
  },
  xlAtanCore: {
    // s_atan.c: the argument reduced to [0, 7/16] around atan(1/2), atan(1), atan(3/2) or atan(∞).
    fn: `function($x) {(
  $a := $abs($x);
  $hi := [4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00];
  $lo := [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
  $a >= 73786976294838206464 ? ($x < 0 ? -$hi[3] - $lo[3] : $hi[3] + $lo[3]) :
  $a < ${hw(0x3e400000)} ? $x : (
    $id := $a < 0.4375 ? -1 : $a < 0.6875 ? 0 : $a < 1.1875 ? 1 : $a < 2.4375 ? 2 : 3;
    $t := $id = -1 ? $x : $id = 0 ? (2 * $a - 1) / (2 + $a) : $id = 1 ? ($a - 1) / ($a + 1) :
      $id = 2 ? ($a - 1.5) / (1 + 1.5 * $a) : -1 / $a;
    $z := $t * $t;
    $w := $z * $z;
    $s1 := $z * (3.33333333333329318027e-01 + $w * (1.42857142725034663711e-01 + $w * (9.09088713343650656196e-02 + $w * (6.66107313738753120669e-02 + $w * (4.97687799461593236017e-02 + $w * 1.62858201153657823623e-02)))));
    $s2 := $w * (-1.99999999998764832476e-01 + $w * (-1.11111104054623557880e-01 + $w * (-7.69187620504482999495e-02 + $w * (-5.83357013379057348645e-02 + $w * -3.65315727442169155270e-02))));
    $id = -1 ? $t - $t * ($s1 + $s2) : (
      $r := $hi[$id] - (($t * ($s1 + $s2) - $lo[$id]) - $t);
      $x < 0 ? -$r : $r
    )
  )
)}`,
    doc: 'the arctangent as fdlibm computes it (internal)',
  },
  xlAtan2Core: {
    // e_atan2.c for finite y, x (C's argument order: the angle of the point (x, y)), not both 0. k is C's
    // (iy - ix) >> 20 on the high words (the exponents' difference, less 1 where y's 20 high fraction bits are
    // below x's), read only where |y/x| may pass 2^±59: elsewhere it is within ±60 and needs no value.
    fn: `function($y, $x) {(
  $pi := 3.1415926535897931160E+00;
  $pilo := 1.2246467991473531772E-16;
  $x = 1 ? $xlAtanCore($y) :
  $y = 0 ? ($x > 0 ? 0 : $pi) :
  $x = 0 ? ($y < 0 ? -1.5707963267948965580E+00 : 1.5707963267948965580E+00) : (
    $ay := $abs($y);
    $ax := $abs($x);
    $hw := function($a) {( $b := $xlBinade($a); $b.e * 1048576 + $floor(($b.m - 1) * 1048576) )};
    $k := $ay / 576460752303423488 >= $ax or $ax / 576460752303423488 >= $ay ? $floor(($hw($ay) - $hw($ax)) / 1048576) : 0;
    $z := $k > 60 ? 1.5707963267948965580E+00 + 0.5 * $pilo : $x < 0 and $k < -60 ? 0 : $xlAtanCore($ay / $ax);
    $k > 60 ? ($y < 0 ? -$z : $z) :
    $x > 0 ? ($y < 0 ? -$z : $z) :
    $y > 0 ? $pi - ($z - $pilo) : ($z - $pilo) - $pi
  )
)}`,
    doc: 'atan2(y, x) as fdlibm computes it, for finite arguments not both zero (internal)',
  },
  xlSin: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlSinCore($x);
    $not($exists($r)) or $abs($r) < ${TRIG_BAND} * $abs($x) ? $xlNE("SIN near a multiple of π or past |x| = 13905, where Excel's reduction (its 64-bit π) moves the 15th digit") :
    ${unlessSubnormal('SIN')}
  )
)}`,
    doc: "SIN: the sine (arithmetic coercion); near a zero, where Excel's 15 digits are not established, the not-established value",
  },
  xlCos: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlCosCore($x);
    $not($exists($r)) or $abs($r) < ${TRIG_BAND} * $abs($x) ? $xlNE("COS near an odd multiple of π/2 or past |x| = 13905, where Excel's reduction (its 64-bit π) moves the 15th digit") : $r
  )
)}`,
    doc: "COS: the cosine (arithmetic coercion); near a zero, where Excel's 15 digits are not established, the not-established value",
  },
  xlTan: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlTanCore($x);
    $not($exists($r)) or ${TRIG_BAND} * $abs($x) * (1 + $r * $r) > $abs($r) ? $xlNE("TAN near a multiple of π/2 or past |x| = 6952, where Excel's reduction (its 64-bit π) moves the 15th digit") :
    ${unlessSubnormal('TAN')}
  )
)}`,
    doc: "TAN: the tangent (arithmetic coercion); near a zero or a pole, where Excel's 15 digits are not established, the not-established value",
  },
  xlAsinPQ: {
    // e_asin.c / e_acos.c's rational R(t) = p/q, (asin(√t) - √t)/√t³ in t = x² or (1 - |x|)/2.
    fn: `function($t) {(
  $p := $t * (1.66666666666666657415e-01 + $t * (-3.25565818622400915405e-01 + $t * (2.01212532134862925881e-01 + $t * (-4.00555345006794114027e-02 + $t * (7.91534994289814532176e-04 + $t * 3.47933107596021167570e-05)))));
  $q := 1 + $t * (-2.40339491173441421878e+00 + $t * (2.02094576023350569471e+00 + $t * (-6.88283971605453293030e-01 + $t * 7.70381505559019352791e-02)));
  $p / $q
)}`,
    doc: "fdlibm's rational approximation for asin and acos (internal)",
  },
  xlAsinCore: {
    // e_asin.c for |x| <= 1: below 0.5 x + x·R(x²); above, π/2 - 2·asin(√((1 - |x|)/2)) with √ split in a
    // high part (low word cleared) and a correction below 0.975.
    fn: `function($x) {(
  $a := $abs($x);
  $a = 1 ? $x * 1.57079632679489655800e+00 + $x * 6.12323399573676603587e-17 :
  $a < ${hw(0x3e400000)} ? $x :
  $a < 0.5 ? $x + $x * $xlAsinPQ($x * $x) : (
    $t := (1 - $a) * 0.5;
    $s := $sqrt($t);
    $r := $xlAsinPQ($t);
    $v := $a >= ${hw(0x3fef3333)} ? 1.57079632679489655800e+00 - (2 * ($s + $s * $r) - 6.12323399573676603587e-17) : (
      $w := $xlHi21($s);
      $c := ($t - $w * $w) / ($s + $w);
      $p := 2 * $s * $r - (6.12323399573676603587e-17 - 2 * $c);
      $q := 7.85398163397448278999e-01 - 2 * $w;
      7.85398163397448278999e-01 - ($p - $q)
    );
    $x > 0 ? $v : -$v
  )
)}`,
    doc: 'the arcsine of a number in [-1, 1], as fdlibm computes it (internal)',
  },
  xlAcosCore: {
    // e_acos.c for |x| <= 1: below 0.5 π/2 - (x + x·R(x²)) in two parts; above, 2·asin(√((1 - |x|)/2)) (π less
    // it for a negative x).
    fn: `function($x) {(
  $a := $abs($x);
  $a = 1 ? ($x > 0 ? 0 : 3.14159265358979311600e+00 + 2 * 6.12323399573676603587e-17) :
  $a < 0.5 ? (
    $a < ${hw(0x3c600001)} ? 1.57079632679489655800e+00 + 6.12323399573676603587e-17 :
    1.57079632679489655800e+00 - ($x - (6.12323399573676603587e-17 - $x * $xlAsinPQ($x * $x)))
  ) :
  $x < 0 ? (
    $z := (1 + $x) * 0.5;
    $s := $sqrt($z);
    $w := $xlAsinPQ($z) * $s - 6.12323399573676603587e-17;
    3.14159265358979311600e+00 - 2 * ($s + $w)
  ) : (
    $z := (1 - $x) * 0.5;
    $s := $sqrt($z);
    $df := $xlHi21($s);
    $c := ($z - $df * $df) / ($s + $df);
    2 * ($df + ($xlAsinPQ($z) * $s + $c))
  )
)}`,
    doc: 'the arccosine of a number in [-1, 1], as fdlibm computes it (internal)',
  },
  xlAsin: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : $abs($x) > 1 ? {"error": "#NUM!"} : (
    $r := $xlAsinCore($x);
    ${unlessSubnormal('ASIN')}
  )
)}`,
    doc: 'ASIN: the arcsine, in [-π/2, π/2] (arithmetic coercion); #NUM! outside [-1, 1]',
  },
  xlAcos: {
    fn: `function($v) {( $x := $xlNum($v); $xlIsErr($x) ? $x : $abs($x) > 1 ? {"error": "#NUM!"} : $xlAcosCore($x) )}`,
    doc: 'ACOS: the arccosine, in [0, π] (arithmetic coercion); #NUM! outside [-1, 1]',
  },
  xlSinhCore: {
    // fdlibm e_sinh.c (as V8) for |x| up to ln(MAX): below 22 from expm1(|x|) (x itself below 2^-28), then
    // exp(|x|)/2; undefined beyond, where Excel's answer is not established.
    fn: `function($x) {(
  $h := $x < 0 ? -0.5 : 0.5;
  $a := $abs($x);
  $a < 22 ? (
    $a < ${hw(0x3e300000)} ? $x : (
      $t := $xlExpm1($a);
      $a < 1 ? $h * (2 * $t - $t * $t / ($t + 1)) : $h * ($t + $t / ($t + 1))
    )
  ) :
  $a < 709.7822265625 ? $h * $xlExpCore($a) : undefined
)}`,
    doc: 'the hyperbolic sine as fdlibm computes it, for |x| below 709.78, else undefined (internal)',
  },
  xlCoshCore: {
    // fdlibm e_cosh.c (as V8) for |x| up to ln(MAX): below ln(2)/2 1 + expm1(|x|)²/(2·exp(|x|)), below 22
    // (exp(|x|) + 1/exp(|x|))/2, then exp(|x|)/2; undefined beyond.
    fn: `function($x) {(
  $a := $abs($x);
  $a < ${hw(0x3fd62e43)} ? (
    $t := $xlExpm1($a);
    $w := 1 + $t;
    $a < ${hw(0x3c800000)} ? $w : 1 + ($t * $t) / ($w + $w)
  ) :
  $a < 22 ? ( $t := $xlExpCore($a); 0.5 * $t + 0.5 / $t ) :
  $a < ${hw(0x40862e42)} ? 0.5 * $xlExpCore($a) : undefined
)}`,
    doc: 'the hyperbolic cosine as fdlibm computes it, for |x| below 709.78, else undefined (internal)',
  },
  xlTanhCore: {
    // fdlibm s_tanh.c: below 22 from expm1(±2|x|) (x itself below 2^-28), ±1 from 22.
    fn: `function($x) {(
  $a := $abs($x);
  $z := $a >= 22 ? 1 :
    $a < ${hw(0x3e300000)} ? $a :
    $a >= 1 ? 1 - 2 / ($xlExpm1(2 * $a) + 2) : ( $t := $xlExpm1(-2 * $a); -$t / ($t + 2) );
  $x < 0 ? -$z : $z
)}`,
    doc: 'the hyperbolic tangent as fdlibm computes it (internal)',
  },
  xlSinh: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlSinhCore($x);
    $not($exists($r)) ? $xlNE("SINH past |x| = 709.78, where exp(|x|) overflows (Excel's limit is not established)") :
    ${unlessSubnormal('SINH')}
  )
)}`,
    doc: 'SINH: the hyperbolic sine (arithmetic coercion); past |x| = 709.78 the not-established value',
  },
  xlCosh: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlCoshCore($x);
    $exists($r) ? $r : $xlNE("COSH past |x| = 709.78, where exp(|x|) overflows (Excel's limit is not established)")
  )
)}`,
    doc: 'COSH: the hyperbolic cosine (arithmetic coercion); past |x| = 709.78 the not-established value',
  },
  xlTanh: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlTanhCore($x);
    ${unlessSubnormal('TANH')}
  )
)}`,
    doc: 'TANH: the hyperbolic tangent (arithmetic coercion)',
  },
  xlAtan: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $r := $xlAtanCore($x);
    ${unlessSubnormal('ATAN')}
  )
)}`,
    doc: 'ATAN: the arctangent, in (-π/2, π/2) (arithmetic coercion)',
  },
  xlAtan2: {
    // Excel's ATAN2(x_num, y_num) is C's atan2(y, x); both 0 #DIV/0! (Microsoft's ATAN2 page; ironcalc
    // ATAN2_POWER.xlsx D5, FormulaEvalTestData_Copy.xlsx EverythingTests!D168). An error in x first (O168).
    fn: `function($u, $v) {( $x := $xlNum($u); $y := $xlNum($v);
  $xlIsErr($x) ? $x : $xlIsErr($y) ? $y :
  $x = 0 and $y = 0 ? {"error": "#DIV/0!"} : (
    $r := $xlAtan2Core($y, $x);
    ${unlessSubnormal('ATAN2')}
  )
)}`,
    doc: 'ATAN2: the angle of the point (x, y) (arithmetic coercion); #DIV/0! at (0, 0)',
  },
};
