import { describe, expect, it } from 'vitest';
import { RELAUNCH_ENV, RELAUNCH_FLAG, RELAUNCH_MIN_BYTES, relaunchWanted } from '../../src/cli/relaunch.js';

describe('relaunchWanted: a large one-file conversion runs in a child with the collector on its threads', () => {
  it('by size when nothing says otherwise', () => {
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], {})).toBe(true);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES - 1, [], {})).toBe(false);
    expect(relaunchWanted(0, [], {})).toBe(false);
  });

  it(`${RELAUNCH_ENV}=off keeps it here, on relaunches whatever the size; another value is by size`, () => {
    expect(relaunchWanted(10 * RELAUNCH_MIN_BYTES, [], { [RELAUNCH_ENV]: 'off' })).toBe(false);
    expect(relaunchWanted(0, [], { [RELAUNCH_ENV]: 'on' })).toBe(true);
    expect(relaunchWanted(0, [], { [RELAUNCH_ENV]: 'yes' })).toBe(false);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], { [RELAUNCH_ENV]: 'yes' })).toBe(true);
  });

  it('never when the process already has the flag, or runs single-threaded, or is the relaunched child', () => {
    const on = { [RELAUNCH_ENV]: 'on' };
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [RELAUNCH_FLAG], on)).toBe(false);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, ['--single-threaded'], on)).toBe(false);
    expect(
      relaunchWanted(RELAUNCH_MIN_BYTES, [], { ...on, NODE_OPTIONS: `--trace-gc ${RELAUNCH_FLAG}` }),
    ).toBe(false);
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, [], { ...on, SHEETSPEC_RELAUNCHED: '1' })).toBe(false);
    // A flag that only starts with the same letters is another flag.
    expect(relaunchWanted(RELAUNCH_MIN_BYTES, ['--single-threaded-gc-x'], on)).toBe(true);
  });
});
