/**
 * One measurement in a fresh process (so peak RSS is this measurement's alone). Prints one JSON line:
 * `{ms, cpuMs?, stages?, maxRssMb, ...}`. Kinds: convert, exceljs, hyperformula. `cpuMs` (convert only) is the
 * process's user and system CPU during the conversion, every thread counted (the oracle's too): on a shared
 * machine `ms` also measures the other processes, `cpuMs` much less so.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [kind, file] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
const out: Record<string, unknown> = { kind };

if (kind === 'convert') {
  // The compiled library, as `npx sheetspec` runs it (`npm run bench` builds first); from the TypeScript source
  // the oracle's worker thread would also pay for transpiling itself (about 1 s under tsx).
  const { convert } = (await import(
    '../../dist/pipeline/index.js' as string
  )) as typeof import('../../src/pipeline/index.js');
  const stages: Record<string, number> = {};
  // The process's CPU from one stage's report to the next, attributed to the stage reported: it is the stage's
  // own CPU where the stages run one after the other (below 10,000 formula cells, the oracle in line); the
  // first also holds the conversion worker's start and module loading.
  const stageCpuMs: Record<string, number> = {};
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let cpuAt = cpu0;
  const result = await convert(bytes, {
    filename: file,
    onStage: (stage: string, ms: number) => {
      stages[stage] = (stages[stage] ?? 0) + ms;
      const now = process.cpuUsage();
      stageCpuMs[stage] =
        (stageCpuMs[stage] ?? 0) + (now.user - cpuAt.user + now.system - cpuAt.system) / 1000;
      cpuAt = now;
    },
  } as Parameters<typeof convert>[1]);
  out.ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  out.cpuMs = (cpu.user + cpu.system) / 1000;
  out.stages = stages;
  out.stageCpuMs = Object.fromEntries(Object.entries(stageCpuMs).map(([k, v]) => [k, Math.round(v)]));
  out.valid = result.valid;
  if (result.valid) {
    out.refused = result.rejectedColumns.map((c) => `${c.header}:${c.reason}`);
    out.cellsChecked = result.verification?.cellsChecked;
    out.matched = result.verification?.matched;
  } else out.reason = result.reason;
} else if (kind === 'exceljs') {
  const ExcelJS = (await import('exceljs')).default;
  const t0 = performance.now();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  out.ms = performance.now() - t0;
  out.sheets = wb.worksheets.length;
} else if (kind === 'hyperformula') {
  // Build the sheet content first (not timed), then time HyperFormula building and evaluating it alone.
  const ExcelJS = (await import('exceljs')).default;
  const { HyperFormula } = await import('hyperformula');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const ws = wb.worksheets[0];
  const data: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, r) => {
    const line: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      const v = cell.value as unknown;
      if (v && typeof v === 'object' && 'formula' in (v as object))
        line[c - 1] = `=${(v as { formula: string }).formula}`;
      else if (v && typeof v === 'object' && 'sharedFormula' in (v as object))
        line[c - 1] = `=${cell.formula}`;
      else line[c - 1] = v ?? null;
    });
    data[r - 1] = line;
  });
  const t0 = performance.now();
  const hf = HyperFormula.buildFromSheets(
    { [ws.name]: data as (string | number | null)[][] },
    { licenseKey: 'gpl-v3', smartRounding: false, maxRows: data.length + 10 },
  );
  const values = hf.getSheetValues(0);
  out.ms = performance.now() - t0;
  out.cells = values.length;
} else {
  console.error(`unknown kind ${kind}`);
  process.exit(2);
}
out.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify(out));
