/** What a library helper is written as: its JSONata text and one line of documentation. */
export interface HelperSource {
  /** JSONata `function(...) {...}` text. The helpers it calls are the `$xl…` names in it (library.ts). */
  fn: string;
  /** One line for the catalogue and docs. */
  doc: string;
}

/** The largest double, as JSONata text. */
export const MAX = '1.7976931348623157e308';
/** Its square root, the largest base whose square is finite. */
export const SQRT_MAX = '1.3407807929942596e154';
