/** `sheetspec guidance [topic...] [--topics-file F] [--json]`: vetted domain guidance with worked examples. */
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import { getDomainGuidance } from '../../modelspec/index.js';
import { withExamples } from '../help.js';
import { out } from '../output.js';
import { failWith, printJson } from './spec-common.js';

export function registerGuidanceCommand(program: Command): void {
  const command = commandHead(program, 'guidance')
    .option('--topics-file <file>', 'extra topics (JSON); also SHEETSPEC_GUIDANCE_TOPICS_FILE')
    .option('--json', 'print the topics as JSON')
    .option('--list', 'list the topic ids only')
    .action(async (topics: string[], opts: { topicsFile?: string; json?: boolean; list?: boolean }) => {
      let result: Awaited<ReturnType<typeof getDomainGuidance>>;
      try {
        result = await getDomainGuidance(topics, { topicsFile: opts.topicsFile });
      } catch (e) {
        failWith(e, opts.json);
      }
      if (opts.list) {
        out(opts.json ? `${JSON.stringify(result.available)}\n` : `${result.available.join('\n')}\n`);
      } else if (opts.json) printJson(result);
      else {
        for (const t of result.topics) {
          out(`# ${t.title} (${t.id})\n\n${t.instructions}\n\nExample:\n`);
          for (const d of t.example.derivations) out(`  ${d.path} := ${d.expr}\n`);
          out(`  given ${JSON.stringify(t.example.given)}\n  expect ${JSON.stringify(t.example.expect)}\n\n`);
        }
      }
    });
  withExamples(command, [
    ['sheetspec guidance --list', 'the topic ids'],
    ['sheetspec guidance progressive-brackets date-math', 'two topics with their worked examples'],
  ]);
}
