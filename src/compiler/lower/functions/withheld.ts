/**
 * Excel functions refused on purpose: their Excel behaviour was studied and is not established, so no lowering
 * is written. Each reason is what the refusal (UNSUPPORTED_FUNCTION) says after "not supported", naming the rule
 * and where the study is written up.
 */
export const WITHHELD_FUNCTIONS: Readonly<Record<string, string>> = {
  RATE: "Excel's iteration is not established: its saved RATE values lie 1E-13 to 2E-12 from the exact roots (ironcalc RATE.xlsx), and no Newton or secant variant tried reproduces them to 15 digits (docs/semantics.md, The 15-digit tier)",
};
