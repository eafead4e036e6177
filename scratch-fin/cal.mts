import jsonata from '/work/main/node_modules/jsonata/jsonata.js';
const xs = Array.from({ length: 20000 }, () => Math.random());
for (const body of ['$x * 2', '( $a := $x * 2; $b := $a + 1; $c := $b * $b; $d := $c - 1; $e := $d / 3; $f := $e + $a; $f )']) {
  const e = jsonata(`( $h := function($x) { ${body} }; $map($, function($x){ {"v": $h($x)} }) )`);
  const t0 = Date.now(); await e.evaluate(xs); console.log(body.length, Date.now() - t0, 'ms');
}
