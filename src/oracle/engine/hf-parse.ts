/**
 * Three shortcuts in HyperFormula's parser (ParserWithCaching), for our engines' builds.
 *
 * 1. A filled column's formula lexed once per engine, not once per cell. HyperFormula keys its cache of formula
 *    trees by a hash of the formula's tokens in which every reference is written relative to the formula's
 *    cell, so a column of `=B2*C2`, `=B3*C3`, ... shares one tree; but to find the hash it lexes every cell's
 *    text first (chevrotain, its reference matcher, a string concatenation per token): about 2 s of the
 *    oracle's thread at 100,000 rows of 6 formulas (`node --cpu-prof`). A cell whose content is its template's
 *    text moved there, every reference in the same form (`PreparedFormula.moved`, r1c1.ts `ShiftForm`), is
 *    given the hash HyperFormula computed for the template's first cell in the same engine, once checked: a
 *    moved text's references keep their offsets from their cell, so its tokens hash alike, and HyperFormula's
 *    own cache answers with the tree it would have answered with. The check, per template and engine: for each
 *    direction a cell moves in (rows, columns), the first cell moved that way is lexed and hashed as usual and
 *    must give the same hash; else the template is lexed everywhere in that engine. Why per direction: a
 *    reference our tokenizer and HyperFormula's read differently (`xlA1`: a cell to ours, a name to
 *    HyperFormula, hashed as its text) changes the hash on any move along its relative direction, none along
 *    the other.
 * 2. A tree without ranges shared by the cells that parse to it (`rangeFree`): HyperFormula copies the cached
 *    tree per cell only to put ranges' ends in order for that cell.
 * 3. One grammar per lexer configuration, not one per engine. Each engine builds its own chevrotain parser
 *    (FormulaParser) and runs chevrotain's self-analysis on it: about half of a small workbook's whole oracle
 *    (`npx tsx scripts/bench/oracle-small.ts` compares). The grammar is HyperFormula's class; what differs
 *    between engines is the lexer configuration (token patterns from the separators, the function and error
 *    names, the grid's size) and the sheet resolver. A parser built for a configuration already analysed (`describeLexerConfig`: every field, tokens by
 *    name and pattern, equal text) skips the analysis and is never used: at the engine's first parse its
 *    ParserWithCaching takes the analysed parser, that configuration's token types and the lexer built on them
 *    (`SharedParser`), and each parse lends the shared parser the engine's sheet resolver for that parse only
 *    (between parses it holds `DETACHED`, so no finished engine is kept alive through it). chevrotain resets its
 *    parser's state at each input; HyperFormula itself parses every formula of an engine with one parser.
 *
 * Everything else (the cached tree's reversed ranges ordered for the cell, the cell's dependencies) runs
 * unchanged. The patch reaches the parser's class through an engine (HyperFormula does not export it); another
 * shape of the class (another HyperFormula version) leaves it unpatched, as `parsePatchState` says.
 * `withoutShortcuts` turns all three off, and hf-graph.ts's topological sort (its patch 3) and hf-content.ts's
 * text constants, for the tests' comparisons (an engine built under it analyses its own parser and keeps it). `npm run oracle:template-hashes` (scripts/oracle-template-hashes.ts) checks the hash equality on the corpus's formulas and compares every corpus
 * workbook's values with and without the shortcuts.
 */
import type { HyperFormula } from 'hyperformula';

/** A cell whose content is a template's text moved there. */
export interface MovedFormula {
  /** Identifies the template: every cell moved from it shares this object. */
  template: object;
  row: number;
  col: number;
}

interface Address {
  sheet: number;
  row: number;
  col: number;
}

interface ParserLike {
  parse(text: string, address: Address): { errors: unknown[] };
  convertReversedRangesToRegularRanges(ast: AstLike): AstLike;
  tokenizeFormula(text: string): { errors: unknown[]; tokens: unknown[] };
  computeHashFromTokens(tokens: unknown[], address: Address): string;
  cache: { get(hash: string): unknown };
  lexerConfig: object;
  lexer: object;
  formulaParser: FormulaParserLike;
  resolveSheetReference: unknown;
}

/** HyperFormula's chevrotain parser (FormulaParser), as far as the sharing reads it. */
interface FormulaParserLike {
  lexerConfig: object;
  resolveSheetReference: unknown;
  performSelfAnalysis(): void;
}

/** A node of HyperFormula's formula tree, as far as `rangeFree` reads it. */
interface AstLike {
  type: string;
  value?: unknown;
  left?: AstLike;
  right?: AstLike;
  expression?: AstLike;
  args?: Array<AstLike | AstLike[]>;
}

/**
 * The node types `convertReversedRangesToRegularRanges` knows, read from its own `case` labels when the patch is
 * applied (empty before: then no tree is shared).
 */
let copiedTypes: ReadonlySet<string> = new Set();
/** The node types it reorders: ranges of cells, columns, rows. */
const RANGES = new Set(['CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);
const rangeFreeNodes = new WeakMap<AstLike, boolean>();

/** A node's children where `convertReversedRangesToRegularRanges` looks for them (a leaf has none there). */
function childNodes(ast: AstLike): AstLike[] {
  const out: AstLike[] = [];
  const add = (x: unknown) => {
    if (typeof x === 'object' && x !== null && typeof (x as AstLike).type === 'string')
      out.push(x as AstLike);
  };
  add(ast.value);
  add(ast.left);
  add(ast.right);
  add(ast.expression);
  for (const a of ast.args ?? []) (Array.isArray(a) ? a : [a]).forEach(add);
  return out;
}

/**
 * Whether a tree holds no range (of cells, columns or rows) and only node types
 * `convertReversedRangesToRegularRanges` knows: it would then copy every inner node into a tree equal to the one
 * given, whatever the cell.
 */
export function rangeFree(ast: AstLike): boolean {
  const known = rangeFreeNodes.get(ast);
  if (known !== undefined) return known;
  const free = copiedTypes.has(ast.type) && !RANGES.has(ast.type) && childNodes(ast).every(rangeFree);
  rangeFreeNodes.set(ast, free);
  return free;
}

/**
 * What an engine's parser knows of one template: the hash of the first of its cells it parsed (`row`, `col`),
 * and whether a cell moved from that one along rows / along columns has been checked to hash alike.
 */
interface Known {
  hash: string;
  row: number;
  col: number;
  rows: boolean;
  cols: boolean;
}

const OFF = 'off' as const;
const known = new WeakMap<ParserLike, Map<object, Known | typeof OFF>>();

/** Which cells of the engine being built hold a moved template's text (`withMovedFormulas`). */
export type MovedLookup = (sheet: number, row: number, col: number, text: string) => MovedFormula | undefined;
let building: MovedLookup | undefined;

/** Set by `parse` for the inner calls: the hash to answer without lexing, or to record. */
let answer: string | undefined;
const SKIPPED: unknown[] = [];
let recorded: string | undefined;

let state: 'unpatched' | 'patched' | 'unsupported' = 'unpatched';

/**
 * In this thread so far: moved cells hashed as their template, moved cells lexed (first, checks, kept off),
 * cells given their cached tree itself (`rangeFree`), and engines' parsers built without analysis to take a
 * shared one.
 */
const counts = { asTemplate: 0, lexed: 0, sharedTrees: 0, sharedParsers: 0 };

/** This thread's counts (`counts`). */
export function movedParseCounts(): {
  asTemplate: number;
  lexed: number;
  sharedTrees: number;
  sharedParsers: number;
} {
  return { ...counts };
}

/** An analysed parser, and the lexer configuration and lexer whose token types it was analysed for. */
interface SharedParser {
  lexerConfig: object;
  lexer: object;
  formulaParser: FormulaParserLike;
}

/**
 * The analysed parsers by `describeLexerConfig`; the first few configurations only (an engine's grid size is
 * one field, so a thread could otherwise keep one per size it met).
 */
const sharedParsers = new Map<string, SharedParser>();
const MAX_SHARED_PARSERS = 4;
/** A parser left unanalysed at its build, and the shared one its ParserWithCaching takes at first use. */
const deferredParsers = new WeakMap<object, SharedParser>();
/** The shared parsers. */
const sharing = new WeakSet<object>();
/** ParserWithCaching instances already seen: offered their parser, or given the shared one. */
const settled = new WeakSet<ParserLike>();

/** A shared parser's sheet resolver between parses: called then, it is a defect, said as one. */
function DETACHED(): never {
  throw new Error("sheetspec: HyperFormula's shared formula parser resolved a sheet outside a parse");
}

/**
 * A lexer configuration (HyperFormula's `buildLexerConfig`) as text: equal text, equal lexing and parsing.
 * Tokens by name and pattern (the token types a configuration creates are made from those alone; the others
 * are HyperFormula's module constants), with their alternatives, categories and group by the same; arrays and
 * records field by field, sorted keys; patterns as written. Undefined when a field is neither (a function, a
 * cycle): that configuration is never shared.
 */
export function describeLexerConfig(config: object): string | undefined {
  const seen = new Set<object>();
  const tokenText = (t: Record<string, unknown>): unknown => ({
    token: t.name,
    pattern: t.PATTERN instanceof RegExp ? String(t.PATTERN) : t.PATTERN,
    group: t.GROUP,
    longerAlt: (t.LONGER_ALT as { name?: unknown } | undefined)?.name,
    categories: ((t.CATEGORIES as Array<{ name?: unknown }> | undefined) ?? []).map((c) => c.name),
  });
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    if (v instanceof RegExp) return { regexp: String(v) };
    if (typeof v !== 'object' || seen.has(v)) throw new TypeError('not data');
    const record = v as Record<string, unknown>;
    if (typeof record.tokenTypeIdx === 'number') return tokenText(record);
    seen.add(v);
    const out = Array.isArray(v)
      ? v.map(walk)
      : Object.fromEntries(
          Object.keys(record)
            .sort()
            .map((k) => [k, walk(record[k])]),
        );
    seen.delete(v);
    return out;
  };
  try {
    return JSON.stringify(walk(config));
  } catch {
    return undefined;
  }
}

/** A ParserWithCaching's first use: it takes the shared parser it was built for, or offers its own. */
function settle(p: ParserLike): void {
  settled.add(p);
  const shared = deferredParsers.get(p.formulaParser);
  if (shared !== undefined) {
    p.lexerConfig = shared.lexerConfig;
    p.lexer = shared.lexer;
    p.formulaParser = shared.formulaParser;
    return;
  }
  offer(p);
}

/** Makes a ParserWithCaching's analysed parser the shared one for its configuration, if there is none yet. */
function offer(p: ParserLike): void {
  if (sharedParsers.size >= MAX_SHARED_PARSERS) return;
  const key = describeLexerConfig(p.lexerConfig);
  if (key === undefined || sharedParsers.has(key)) return;
  sharedParsers.set(key, { lexerConfig: p.lexerConfig, lexer: p.lexer, formulaParser: p.formulaParser });
  sharing.add(p.formulaParser);
  p.formulaParser.resolveSheetReference = DETACHED;
}

/** Whether the shortcuts are on (`withoutShortcuts` turns them off, for the tests' comparisons). */
let shortcuts = true;

/** Whether the shortcuts are on now: also read by hf-graph.ts's topological sort and hf-content.ts. */
export function shortcutsOn(): boolean {
  return shortcuts;
}

/** Runs `f` with every formula lexed and every tree copied, as unpatched HyperFormula does. */
export function withoutShortcuts<T>(f: () => T): T {
  const before = shortcuts;
  shortcuts = false;
  try {
    return f();
  } finally {
    shortcuts = before;
  }
}

/** Whether moved formulas skip the lexer (`unsupported`: the parser is not the expected shape). */
export function parsePatchState(): 'unpatched' | 'patched' | 'unsupported' {
  return state;
}

/**
 * Runs `build` (which builds one engine) with `moved` telling the parser which cell (HyperFormula's sheet id,
 * row, column) holds a moved template's text, given the text parsed there; outside such a call every formula is
 * lexed.
 */
export function withMovedFormulas<T>(moved: MovedLookup, build: () => T): T {
  const before = building;
  building = moved;
  try {
    return build();
  } finally {
    building = before;
  }
}

/** Patches HyperFormula's ParserWithCaching class (once) through an engine instance; see the header. */
export function patchTemplateParse(hf: HyperFormula): void {
  if (state !== 'unpatched') return;
  const parser = (hf as unknown as { _parser?: unknown })._parser as ParserLike | undefined;
  const proto = parser ? (Object.getPrototypeOf(parser) as ParserLike) : undefined;
  const source = proto ? String(proto.parse) : '';
  const shaped =
    parser !== undefined &&
    proto !== undefined &&
    typeof parser.cache?.get === 'function' &&
    typeof proto.tokenizeFormula === 'function' &&
    typeof proto.computeHashFromTokens === 'function' &&
    /this\.tokenizeFormula\(text\)/.test(source) &&
    /this\.computeHashFromTokens\(lexerResult\.tokens, formulaAddress\)/.test(source) &&
    /this\.cache\.get\(hash\)/.test(source) &&
    typeof proto.convertReversedRangesToRegularRanges === 'function' &&
    /case [\w$]+\.AstNodeType\.CELL_RANGE:/.test(String(proto.convertReversedRangesToRegularRanges));
  if (!shaped || proto === undefined) {
    state = 'unsupported';
    return;
  }
  shareParsers(parser, proto);
  const parse = proto.parse;
  const tokenizeFormula = proto.tokenizeFormula;
  const computeHashFromTokens = proto.computeHashFromTokens;
  const convertReversed = proto.convertReversedRangesToRegularRanges;
  copiedTypes = new Set(
    [...String(convertReversed).matchAll(/case [\w$]+\.AstNodeType\.(\w+):/g)].map((m) => m[1]),
  );
  proto.convertReversedRangesToRegularRanges = function (this: ParserLike, ast: AstLike): AstLike {
    // In our engines' builds, a tree without ranges is its own copy, shared by the cells that parse to it.
    if (building !== undefined && shortcuts && rangeFree(ast)) {
      counts.sharedTrees++;
      return ast;
    }
    return convertReversed.call(this, ast);
  };
  proto.tokenizeFormula = function (this: ParserLike, text: string) {
    if (answer !== undefined) return { errors: [], tokens: SKIPPED };
    return tokenizeFormula.call(this, text);
  };
  proto.computeHashFromTokens = function (this: ParserLike, tokens: unknown[], address: Address): string {
    if (tokens === SKIPPED && answer !== undefined) return answer;
    const hash = computeHashFromTokens.call(this, tokens, address);
    recorded = hash;
    return hash;
  };
  const parseMoved = function (this: ParserLike, text: string, address: Address) {
    const moved = shortcuts ? building?.(address.sheet, address.row, address.col, text) : undefined;
    if (moved === undefined) return parse.call(this, text, address);
    let templates = known.get(this);
    if (templates === undefined) {
      templates = new Map();
      known.set(this, templates);
    }
    const k = templates.get(moved.template);
    if (k === OFF) {
      counts.lexed++;
      return parse.call(this, text, address);
    }
    const rows = k !== undefined && moved.row !== k.row;
    const cols = k !== undefined && moved.col !== k.col;
    if (k !== undefined && (!rows || k.rows) && (!cols || k.cols) && this.cache.get(k.hash) !== undefined) {
      answer = k.hash;
      counts.asTemplate++;
      try {
        return parse.call(this, text, address);
      } finally {
        answer = undefined;
      }
    }
    // Lexed and hashed as usual; the hash found is the template's (first cell) or checked against it.
    counts.lexed++;
    recorded = undefined;
    const result = parse.call(this, text, address);
    const hash = recorded;
    recorded = undefined;
    if (hash === undefined || result.errors.length > 0) templates.set(moved.template, OFF);
    else if (k === undefined)
      templates.set(moved.template, { hash, row: moved.row, col: moved.col, rows: false, cols: false });
    else if (hash !== k.hash) templates.set(moved.template, OFF);
    else {
      k.rows ||= rows;
      k.cols ||= cols;
    }
    return result;
  };
  // Settles the engine's parser at its first parse (`settle`), and lends a shared parser the engine's sheet
  // resolver for the parse.
  proto.parse = function (this: ParserLike, text: string, address: Address) {
    if (!settled.has(this)) settle(this);
    const formulaParser = this.formulaParser;
    if (!sharing.has(formulaParser)) return parseMoved.call(this, text, address);
    formulaParser.resolveSheetReference = this.resolveSheetReference;
    try {
      return parseMoved.call(this, text, address);
    } finally {
      formulaParser.resolveSheetReference = DETACHED;
    }
  };
  state = 'patched';
}

/**
 * The third shortcut (see the header), where the parser is the shape it reads: FormulaParser's build ends in
 * `performSelfAnalysis` (inherited from chevrotain) after storing its lexer configuration, and
 * ParserWithCaching builds it from its own `lexerConfig` and sheet resolver. Else engines keep their own parsers.
 */
function shareParsers(parser: ParserLike, proto: ParserLike): void {
  const formulaParser = parser.formulaParser as FormulaParserLike | undefined;
  const fpProto =
    formulaParser === undefined ? undefined : (Object.getPrototypeOf(formulaParser) as FormulaParserLike);
  const shaped =
    fpProto !== undefined &&
    typeof fpProto.performSelfAnalysis === 'function' &&
    !Object.hasOwn(fpProto, 'performSelfAnalysis') &&
    typeof (fpProto as { parseFromTokens?: unknown }).parseFromTokens === 'function' &&
    /this\.lexerConfig = lexerConfig;[^}]*this\.performSelfAnalysis\(\);\s*\}/.test(
      String(fpProto.constructor),
    ) &&
    /this\.formulaParser = new [\w$.]+\(this\.lexerConfig, this\.resolveSheetReference\)/.test(
      String(proto.constructor),
    );
  if (!shaped || formulaParser === undefined) return;
  const analyse = fpProto.performSelfAnalysis;
  fpProto.performSelfAnalysis = function (this: FormulaParserLike): void {
    const key = shortcuts ? describeLexerConfig(this.lexerConfig) : undefined;
    const shared = key === undefined ? undefined : sharedParsers.get(key);
    if (shared === undefined) {
      analyse.call(this);
      return;
    }
    counts.sharedParsers++;
    deferredParsers.set(this, shared);
  };
  settled.add(parser);
  offer(parser);
}
