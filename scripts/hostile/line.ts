/** What a hostile-case child process reports, one JSON line per case. */
export interface ChildLine {
  name?: string;
  /** The code returned: a failure reason, `OK` for a valid result, or the tool's own code. */
  code: string;
  ms: number;
  /** Workbook cases: the conversion worker's start-up (module loading), not charged to the file. */
  loadMs?: number;
  maxRssMb: number;
  /** A problem found by the case's own check, if any. */
  problem?: string;
  detail?: string;
  /** The whole conversion result (workbook cases). */
  result?: unknown;
}

/** This process's peak resident memory so far, MB (covers worker threads: they share the process). */
export function rssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
