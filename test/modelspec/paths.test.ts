/**
 * `setPath` (src/modelspec/paths.ts) writes a derivation's value as an own, writable, enumerable data property,
 * whatever the key and whatever the object inherits: `__proto__` is a field like any other, an inherited setter
 * (a class's, or one added to `Object.prototype`) is never called, an own accessor is replaced, and a frozen
 * object is refused as `Object.defineProperty` refuses it: the same through the fast path and without it.
 */
import { describe, expect, it } from 'vitest';
import { parsePath, setPath } from '../../src/modelspec/paths.js';

const target = (key: string) => parsePath(`$.${key}`);

function descriptor(o: object, key: string) {
  return Object.getOwnPropertyDescriptor(o, key);
}

const DATA = (value: unknown) => ({ value, writable: true, enumerable: true, configurable: true });

describe('setPath', () => {
  it('adds a plain own data property to a plain object, and overwrites one', () => {
    const o: Record<string, unknown> = { a: 1 };
    setPath(o, target('b'), 2);
    setPath(o, target('a'), 3);
    expect(o).toEqual({ a: 3, b: 2 });
    expect(descriptor(o, 'b')).toEqual(DATA(2));
    expect(Object.keys(o)).toEqual(['a', 'b']);
  });

  it('writes `__proto__` as a field: the prototype is untouched', () => {
    const o: Record<string, unknown> = {};
    setPath(o, target('__proto__'), { polluted: true });
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(descriptor(o, '__proto__')).toEqual(DATA({ polluted: true }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes into a null-prototype object', () => {
    const o = Object.create(null) as Record<string, unknown>;
    setPath(o, target('x'), 1);
    setPath(o, target('__proto__'), 2);
    expect(descriptor(o, 'x')).toEqual(DATA(1));
    expect(descriptor(o, '__proto__')).toEqual(DATA(2));
  });

  it('never calls an inherited setter: the value becomes an own property', () => {
    const seen: unknown[] = [];
    class Row {
      set total(v: unknown) {
        seen.push(v);
      }
    }
    const o = new Row() as unknown as Record<string, unknown>;
    setPath(o, target('total'), 5);
    expect(seen).toEqual([]);
    expect(descriptor(o, 'total')).toEqual(DATA(5));
  });

  it('never calls a setter added to Object.prototype itself', () => {
    const seen: unknown[] = [];
    Object.defineProperty(Object.prototype, 'sheetspecPolluted', {
      set(v: unknown) {
        seen.push(v);
      },
      configurable: true,
    });
    try {
      const o: Record<string, unknown> = {};
      setPath(o, target('sheetspecPolluted'), 1);
      expect(seen).toEqual([]);
      expect(descriptor(o, 'sheetspecPolluted')).toEqual(DATA(1));
    } finally {
      delete (Object.prototype as Record<string, unknown>).sheetspecPolluted;
    }
  });

  it('replaces an own accessor with a data property', () => {
    let calls = 0;
    const o = {
      get total() {
        return 0;
      },
      set total(_v: unknown) {
        calls++;
      },
    } as Record<string, unknown>;
    setPath(o, target('total'), 7);
    expect(calls).toBe(0);
    expect(descriptor(o, 'total')).toEqual(DATA(7));
  });

  it('refuses a frozen or non-extensible object as Object.defineProperty does', () => {
    expect(() => setPath(Object.freeze({ a: 1 }) as Record<string, unknown>, target('a'), 2)).toThrow(
      TypeError,
    );
    expect(() => setPath(Object.preventExtensions({}) as Record<string, unknown>, target('b'), 2)).toThrow(
      TypeError,
    );
  });

  it('keeps the value exactly: -0, NaN, undefined and null', () => {
    const o: Record<string, unknown> = {};
    setPath(o, target('z'), -0);
    setPath(o, target('n'), Number.NaN);
    setPath(o, target('u'), undefined);
    expect(Object.is(o.z, -0)).toBe(true);
    expect(o.n).toBeNaN();
    expect(descriptor(o, 'u')).toEqual(DATA(undefined));
  });
});
