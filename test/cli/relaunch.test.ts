import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RELAUNCH_ENV,
  RELAUNCH_FLAG,
  RELAUNCH_MIN_BYTES,
  relaunch,
  relaunchWanted,
} from '../../src/cli/relaunch.js';

/** The command line's entry, as `process.argv[1]` names it when started from it. */
const BIN = path.resolve(import.meta.dirname, '../../bin/sheetspec.js');

describe('relaunchWanted: a large one-file conversion runs in a child with the collector on its threads', () => {
  it('by size when nothing says otherwise', () => {
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], {}, BIN)).toBe(true);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES - 1, [], {}, BIN)).toBe(false);
    expect(relaunchWanted(0, [], {}, BIN)).toBe(false);
  });

  it(`${RELAUNCH_ENV}=off keeps it here, on relaunches whatever the size; another value is by size`, () => {
    expect(relaunchWanted(10 * RELAUNCH_MIN_BYTES, [], { [RELAUNCH_ENV]: 'off' }, BIN)).toBe(false);
    expect(relaunchWanted(0, [], { [RELAUNCH_ENV]: 'on' }, BIN)).toBe(true);
    expect(relaunchWanted(0, [], { [RELAUNCH_ENV]: 'yes' }, BIN)).toBe(false);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], { [RELAUNCH_ENV]: 'yes' }, BIN)).toBe(true);
  });

  it('never when the process already has the flag, or runs single-threaded, or is the relaunched child', () => {
    const on = { [RELAUNCH_ENV]: 'on' };
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [RELAUNCH_FLAG], on, BIN)).toBe(false);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, ['--single-threaded'], on, BIN)).toBe(false);
    expect(
      relaunchWanted(RELAUNCH_MIN_BYTES, [], { ...on, NODE_OPTIONS: `--trace-gc ${RELAUNCH_FLAG}` }, BIN),
    ).toBe(false);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], { ...on, SHEETSPEC_RELAUNCHED: '1' }, BIN)).toBe(false);
    // A flag that only starts with the same letters is another flag.
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, ['--single-threaded-gc-x'], on, BIN)).toBe(true);
  });

  it('never in a process not started from bin/sheetspec.js (a test, a script calling run())', () => {
    const on = { [RELAUNCH_ENV]: 'on' };
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], on, BIN)).toBe(true);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], on, path.join(path.dirname(BIN), '../package.json'))).toBe(
      false,
    );
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], on, undefined)).toBe(false);
    // Through a link, as node_modules/.bin/sheetspec names it: the same file.
    const dir = mkdtempSync(path.join(tmpdir(), 'sheetspec-bin-'));
    try {
      symlinkSync(BIN, path.join(dir, 'sheetspec'));
      expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], on, path.join(dir, 'sheetspec'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], on, '/no/such/file.js')).toBe(false);
    // This test process itself: vitest's, not the command line's.
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], on)).toBe(false);
  });
});

describe('relaunch', () => {
  it('a child that cannot be started answers undefined (the conversion then runs here) and leaves no handler', async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const before = signals.map((s) => process.listenerCount(s));
    expect(await relaunch('/no/such/node')).toBeUndefined();
    expect(signals.map((s) => process.listenerCount(s))).toEqual(before);
  });
});
