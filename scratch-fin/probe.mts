import jsonata from '/work/main/node_modules/jsonata/jsonata.js';
import { TRANSCENDENTAL_HELPERS as H } from '/work/wt-fin/src/compiler/lower/helpers/transcendental.js';
const lib = `( $xlBinade := ${H.xlBinade.fn}; $xlExpCore := ${H.xlExpCore.fn}; $xlLnCore := ${H.xlLnCore.fn}; $map($, function($x){ {"v": $xlLnCore($x)} }) )`;
const libE = `( $xlBinade := ${H.xlBinade.fn}; $xlExpCore := ${H.xlExpCore.fn}; $map($, function($x){ {"v": $xlExpCore($x)} }) )`;
const N = Number(process.argv[2] ?? 100000);
const ulps = (a: number, b: number) => { if (a === b) return 0; const f = new Float64Array([a, b]); const i = new BigInt64Array(f.buffer); return Number(i[0] - i[1] < 0n ? i[1] - i[0] : i[0] - i[1]); };
function rnd(kind: string) { const u = Math.random(); if (kind === 'log') { const e = Math.floor(Math.random() * 2090) - 1070; return Math.random() * 2 ** e + 2 ** e * (u < 0.5 ? 1 : 0); } return (Math.random() * 2 - 1) * (Math.random() < 0.5 ? 1 : 745); }
for (const kind of ['log', 'exp']) {
  const xs = Array.from({ length: N }, () => rnd(kind)).filter((x) => x > 0 || kind === 'exp');
  xs.push(1, 2, 0.5, Math.SQRT2, 10, 1e-310, 5e-324, 1.7976931348623157e308, 1 + 2 ** -52, 1 - 2 ** -53);
  const expr = jsonata(kind === 'log' ? lib : libE);
  const t0 = Date.now();
  const got = await expr.evaluate(xs);
  const ms = Date.now() - t0;
  let max = 0, diff = 0, worst = 0;
  xs.forEach((x, i) => { const want = kind === 'log' ? Math.log(x) : Math.exp(x); const g = got[i].v ?? Infinity; const u = ulps(g, want); if (u > 0) diff++; if (u > max) { max = u; worst = x; } });
  console.log(kind, 'n', xs.length, 'max ulps', max, 'at', worst, 'differing', diff, 'ms', ms);
}
