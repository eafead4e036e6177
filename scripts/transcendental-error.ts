/**
 * `npx tsx scripts/transcendental-error.ts [n]`: the library's logarithm and exponential helpers
 * (src/compiler/lower/functions/transcendental/helpers.ts, finance.ts) against the platform's Math.log, Math.log10, Math.exp,
 * Math.log1p and Math.expm1 on n random arguments each (default 100,000): the largest difference in ulps and
 * how many results differ at all. docs/semantics.md ("The 15-digit tier") quotes its figures.
 */
import { buildLibrary } from '../src/compiler/lower/library.js';
import { compileExpression, specBindings } from '../src/modelspec/bind.js';

const n = Number(process.argv[2] ?? 100_000);

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
] as const;

const bindings = await specBindings(buildLibrary(CASES.map((c) => c.helper)), {});
for (const c of CASES) {
  const expr = compileExpression(`$map($, function($x) { {"v": $${c.helper}($x)} })`);
  const xs = Array.from({ length: n }, c.gen).filter((x) => c.helper !== 'xlLog1p' || x > -1);
  const t0 = Date.now();
  const got = (await expr.evaluate(xs, bindings)) as { v: number }[];
  let max = 0;
  let differ = 0;
  xs.forEach((x, i) => {
    const u = ulps(got[i]!.v, c.platform(x));
    if (u > 0) differ++;
    max = Math.max(max, u);
  });
  console.log(
    `${c.helper.padEnd(10)} ${c.platform.name.padEnd(6)} n ${xs.length}  max ulps ${max}  differing ${differ}  ${((Date.now() - t0) / xs.length).toFixed(3)} ms each`,
  );
}
