/** Library helpers: RADIANS and DEGREES (entry.ts), the number times π/180 or 180/π as doubles. */
import type { HelperSource } from '../../helpers/source.js';

/** The doubles nearest π/180 and 180/π (Math.PI / 180, 180 / Math.PI). */
export const PI_OVER_180 = '0.017453292519943295';
export const DEG_PER_RAD = '57.29577951308232';

export const ANGLES_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlRadians: {
    fn: `function($v) {( $x := $xlNum($v); $xlIsErr($x) ? $x : $x * ${PI_OVER_180} )}`,
    doc: 'RADIANS: the number (arithmetic coercion) times the double nearest π/180',
  },
  xlDegrees: {
    fn: `function($v) {( $x := $xlNum($v); $xlIsErr($x) ? $x : $xlFin($x * ${DEG_PER_RAD}) )}`,
    doc: 'DEGREES: the number (arithmetic coercion) times the double nearest 180/π, #NUM! past the largest double',
  },
};
