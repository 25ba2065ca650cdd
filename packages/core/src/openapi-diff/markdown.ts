import type { ApiChange, ApiDiff } from './compare.js';
import { reasonOf } from './rules.js';

/** Where a change is, as one line reads it: `request requestedShipment.shipper`, `response 200 output…`. */
export function changePlace(c: ApiChange): string {
  const where = c.where === 'response' ? `response ${c.status ?? ''}`.trim() : c.where;
  return c.field ? `${where} \`${c.field}\`` : where;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 300);

/** A change list as Markdown: a heading with the counts, then one table row per change. */
export function diffMarkdown(title: string, diff: Pick<ApiDiff, 'changes' | 'counts'>): string {
  const { breaking, 'non-breaking': nonBreaking, 'doc-only': docOnly } = diff.counts;
  const lines = [
    `# ${title}`,
    '',
    `${breaking} breaking, ${nonBreaking} non-breaking, ${docOnly} doc-only`,
    '',
    '| class | operation | where | rule | before | after |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const c of diff.changes) {
    lines.push(
      `| ${c.class} | \`${c.operation}\` | ${cell(changePlace(c))} | ${c.rule}: ${cell(reasonOf(c.rule))} | ${cell(c.before ?? '')} | ${cell(c.after ?? '')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
