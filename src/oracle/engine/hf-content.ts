/**
 * A constant text cell handed to HyperFormula as text, without its guesses (`patchTextContent`).
 *
 * Why: the oracle writes every text constant as `'text` (engine.ts `constantContent`: HyperFormula strips
 * exactly one leading apostrophe), and HyperFormula 3.5's `CellContentParser.parse` still tries each string as a
 * boolean, an error name, a percentage, a currency amount, a number and a date before it takes it as text,
 * copying it in each case (lower case, upper case, trimmed). At 100,000 rows of the wide bench workbook that was
 * about 0.55 s of the oracle thread (`node --cpu-prof`: `isBoolean`, `parse`, `defaultParseToDateTime` and its
 * helpers, self time).
 *
 * What changes: a string whose first character is an apostrophe is answered at once as the text after it,
 * which is what the original answers for every such string under the configurations this holds for. From
 * HyperFormula 3.5's source (CellContentParser.js, NumberLiteralHelper.js, DateTimeDefault.js):
 * - a boolean is `true`/`false` in any case, a formula starts with `=`, an error is a key of the error mapping
 *   (each starts with `#`): none starts with an apostrophe;
 * - the percent sign and currency symbol are taken off the end, or a currency symbol off the start; the rest
 *   still starts with the apostrophe unless a currency symbol does (so: no currency symbol starting with one);
 * - a number must match `^[+-]?(` a separator or a digit: the decimal separator is `.` or `,`, the thousands
 *   separator `''`, `,`, ` ` or `.` (Config.js refuses others), so never;
 * - a date is the configured `parseDateTime`; the default's first test, `^[0-9/.\-: ]+[ap]?m?$` on the
 *   lower-cased, trimmed text, fails on an apostrophe (so: the default function only).
 *
 * Anything else (a number, a formula, a string not starting with an apostrophe, another configuration) takes
 * the original path. `withoutShortcuts` (hf-parse.ts) turns it off, for the tests' comparisons. The patch is
 * applied to the class once, through an engine instance; another shape (another HyperFormula version) leaves it
 * unpatched, as `textContentPatchState` says.
 */
import { HyperFormula } from '../hf.js';
import { shortcutsOn } from './hf-parse.js';

interface ContentConfig {
  currencySymbol: string[];
  parseDateTime: unknown;
}

interface ContentParserLike {
  config: ContentConfig;
  parse(content: unknown): unknown;
}

const APOSTROPHE = 39;
/** Per configuration object: whether the original answers every apostrophe-led string as its text. */
const plain = new WeakMap<object, boolean>();
let state: 'unpatched' | 'patched' | 'unsupported' = 'unpatched';

/** Whether apostrophe text skips HyperFormula's guesses (`unsupported`: the parser is not the expected shape). */
export function textContentPatchState(): 'unpatched' | 'patched' | 'unsupported' {
  return state;
}

function plainText(config: ContentConfig): boolean {
  let known = plain.get(config);
  if (known === undefined) {
    known =
      config.parseDateTime === HyperFormula.defaultConfig.parseDateTime &&
      Array.isArray(config.currencySymbol) &&
      config.currencySymbol.every((s) => typeof s === 'string' && s.charCodeAt(0) !== APOSTROPHE);
    plain.set(config, known);
  }
  return known;
}

/** Patches HyperFormula's CellContentParser class (once) through an engine instance; see the header. */
export function patchTextContent(hf: HyperFormula): void {
  if (state !== 'unpatched') return;
  const parser = (hf as unknown as { _cellContentParser?: ContentParserLike })._cellContentParser;
  const proto = parser ? (Object.getPrototypeOf(parser) as ContentParserLike) : undefined;
  const original = proto?.parse;
  const source = String(original);
  const sample = parser && original ? (original.call(parser, "'x") as { value?: unknown }) : undefined;
  const Text = sample?.constructor as (new (value: string) => unknown) | undefined;
  const shaped =
    parser !== undefined &&
    typeof parser.config === 'object' &&
    source.includes('isBoolean(content)') &&
    source.includes("content.startsWith('\\'') ? content.slice(1) : content") &&
    sample?.value === 'x' &&
    Object.keys(sample).length === 1 &&
    typeof Text === 'function';
  if (!shaped || proto === undefined || original === undefined || Text === undefined) {
    state = 'unsupported';
    return;
  }
  proto.parse = function (this: ContentParserLike, content: unknown): unknown {
    if (
      typeof content === 'string' &&
      content.charCodeAt(0) === APOSTROPHE &&
      shortcutsOn() &&
      plainText(this.config)
    ) {
      return new Text(content.slice(1));
    }
    return original.call(this, content);
  };
  state = 'patched';
}
