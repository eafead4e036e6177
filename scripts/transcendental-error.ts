/**
 * `npx tsx scripts/transcendental-error.ts [n]`: the library's logarithm, exponential and trigonometric helpers
 * (src/compiler/lower/functions/transcendental/helpers.ts, finance.ts, trig/helpers.ts) against the platform's
 * Math.log, Math.log10, Math.exp, Math.log1p, Math.expm1, Math.sin, Math.cos, Math.tan, Math.asin, Math.acos,
 * Math.sinh, Math.cosh, Math.tanh, Math.atan and Math.atan2
 * on n random arguments each (default 100,000; a second argument, a regular expression, keeps the helpers it
 * matches): the largest difference in ulps and how many results differ at
 * all. docs/semantics.md ("The 15-digit tier") quotes its figures.
 */
import { buildLibrary } from '../src/compiler/lower/library.js';
import { compileExpression, specBindings } from '../src/modelspec/bind.js';

const n = Number(process.argv[2] ?? 100_000);
/** A second argument keeps the helpers whose name matches it (`xlSin|xlCos`). */
const only = process.argv[3] ? new RegExp(process.argv[3]) : undefined;

/** The distance between two doubles in units in the last place (0 when equal). */
function ulps(a: number, b: number): number {
  if (a === b) return 0;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Number.POSITIVE_INFINITY;
  const bits = new BigInt64Array(new Float64Array([a, b]).buffer);
  const d = bits[0]! - bits[1]!;
  return Number(d < 0n ? -d : d);
}

/** A double spread over the binades from 2^lo to 2^hi, of either sign when `signed`. */
function spread(lo: number, hi: number, signed: boolean): number {
  const x = (1 + Math.random()) * 2 ** Math.floor(lo + Math.random() * (hi - lo));
  return signed && Math.random() < 0.5 ? -x : x;
}

const CASES = [
  { helper: 'xlLnCore', platform: Math.log, gen: () => spread(-1074, 1023, false) },
  { helper: 'xlLog10Core', platform: Math.log10, gen: () => spread(-1074, 1023, false) },
  { helper: 'xlExpCore', platform: Math.exp, gen: () => (Math.random() * 2 - 1) * 709 },
  {
    helper: 'xlLog1p',
    platform: Math.log1p,
    gen: () => (Math.random() < 0.5 ? Math.random() * 2 - 1 : spread(-60, 60, false)),
  },
  {
    helper: 'xlExpm1',
    platform: Math.expm1,
    gen: () => (Math.random() < 0.5 ? spread(-60, 0, true) : (Math.random() * 2 - 1) * 230),
  },
  { helper: 'xlSinCore', platform: Math.sin, gen: trigArgument },
  { helper: 'xlCosCore', platform: Math.cos, gen: trigArgument },
  { helper: 'xlTanCore', platform: Math.tan, gen: trigArgument },
  { helper: 'xlAsinCore', platform: Math.asin, gen: unitArgument },
  { helper: 'xlAcosCore', platform: Math.acos, gen: unitArgument },
  { helper: 'xlSinhCore', platform: Math.sinh, gen: hyperbolicArgument },
  { helper: 'xlCoshCore', platform: Math.cosh, gen: hyperbolicArgument },
  { helper: 'xlTanhCore', platform: Math.tanh, gen: hyperbolicArgument },
  { helper: 'xlAtanCore', platform: Math.atan, gen: () => spread(-60, 80, true) },
  {
    helper: 'xlAtan2Core',
    platform: Math.atan2,
    gen: () => spread(-80, 80, true),
    y: () => spread(-80, 80, true),
  },
] as const;

/**
 * A trigonometric argument within fdlibm's medium reduction (|x| up to 2^19·π/2): a quarter uniform up to
 * 2^19·π/2, a quarter up to 100, a quarter spread over the binades from 2^-30, a quarter near a multiple of π/2
 * (where the reduction takes its second and third steps).
 */
function trigArgument(): number {
  const u = Math.random();
  const s = Math.random() < 0.5 ? -1 : 1;
  if (u < 0.25) return s * Math.random() * 2 ** 19 * (Math.PI / 2);
  if (u < 0.5) return s * Math.random() * 100;
  if (u < 0.75) return spread(-30, 18, true);
  return (
    s *
    (Math.floor(Math.random() * 2000) * (Math.PI / 2) +
      (Math.random() - 0.5) * 2 ** -Math.floor(Math.random() * 40))
  );
}

/** An argument of asin and acos: a third uniform in [-1, 1], a third within 2^-k of ±1, a third over the binades from 2^-60. */
function unitArgument(): number {
  const u = Math.random();
  const s = Math.random() < 0.5 ? -1 : 1;
  if (u < 1 / 3) return Math.random() * 2 - 1;
  if (u < 2 / 3) return s * (1 - Math.random() * 2 ** -Math.floor(Math.random() * 50));
  return spread(-60, -1, true);
}

/** An argument of sinh, cosh and tanh: half uniform within ±709.78 (where exp(|x|) is finite), half over the binades from 2^-40 to 2^5. */
function hyperbolicArgument(): number {
  return Math.random() < 0.5 ? (Math.random() * 2 - 1) * 709.78 : spread(-40, 5, true);
}

const bindings = await specBindings(buildLibrary(CASES.map((c) => c.helper)), {});
for (const c of CASES) {
  if (only && !only.test(c.helper)) continue;
  const two = 'y' in c;
  const expr = compileExpression(
    two
      ? `$map($, function($p) { {"v": $${c.helper}($p[0], $p[1])} })`
      : `$map($, function($x) { {"v": $${c.helper}($x)} })`,
  );
  const xs = Array.from({ length: n }, c.gen).filter((x) => c.helper !== 'xlLog1p' || x > -1);
  const ys = two ? xs.map(() => c.y()) : [];
  const args = two ? xs.map((x, i) => [ys[i], x]) : xs;
  const t0 = Date.now();
  const got = (await expr.evaluate(args, bindings)) as { v: number }[];
  let max = 0;
  let differ = 0;
  xs.forEach((x, i) => {
    const u = ulps(got[i]!.v, two ? Math.atan2(ys[i]!, x) : (c.platform as (x: number) => number)(x));
    if (u > 0) differ++;
    max = Math.max(max, u);
  });
  console.log(
    `${c.helper.padEnd(10)} ${c.platform.name.padEnd(6)} n ${xs.length}  max ulps ${max}  differing ${differ}  ${((Date.now() - t0) / xs.length).toFixed(3)} ms each`,
  );
}
