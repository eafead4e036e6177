/** A library parsed once per process (bind.ts `parsedLibraries`) still binds each run's own `$const`. */
import { describe, expect, it } from 'vitest';
import { hasPureBindings, loadLibrary, specBindings } from '../../src/modelspec/bind.js';

describe('a library loaded again', () => {
  it('binds each run’s constants', async () => {
    const define = '($k := $const.k; $twice := function($x) { $x * $const.k }; ["k", "twice"])';
    const one = await specBindings(define, { k: 1 });
    const two = await specBindings(define, { k: 2 });
    expect(one.k).toBe(1);
    expect(two.k).toBe(2);
    expect((await loadLibrary(define, { k: 3 })).k).toBe(3);
  });

  it('reads a computed name list on every run', async () => {
    const define = '($a := 1; $b := 2; $const.pick ? ["a"] : ["b"])';
    expect(Object.keys(await loadLibrary(define, { pick: true }))).toEqual(['a']);
    expect(Object.keys(await loadLibrary(define, { pick: false }))).toEqual(['b']);
  });

  it('fails a broken define every time', async () => {
    const define = '($a := 1; [1])';
    await expect(loadLibrary(define)).rejects.toMatchObject({ code: 'LIBRARY_INVALID' });
    await expect(loadLibrary(define)).rejects.toMatchObject({ code: 'LIBRARY_INVALID' });
  });

  it('keeps whether it is pure', async () => {
    const define = '($r := function() { $random() }; ["r"])';
    expect(hasPureBindings(await specBindings(define))).toBe(false);
    expect(hasPureBindings(await specBindings(define))).toBe(false);
    expect(hasPureBindings(await specBindings('($f := function($x) { $x }; ["f"])'))).toBe(true);
  });
});
