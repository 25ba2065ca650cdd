import { memo, useMemo } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Table, Tag, Typography } from 'antd';
import type { OpenApiDiffReply } from '@lab/core/contract';
import { diffMarkdown, type ApiDiff } from '@lab/core/openapi-diff';
// The one module, not the label viewer's barrel (its graph is large).
import { downloadBlob } from '@/components/label-viewer/download';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { beforeAfter, changeWhere, releaseName, type ApiChangeRow } from './diffMarks';
import { messages } from './messages';
import { ruleReason } from './ruleReasons';

const CLASS_COLOR = { breaking: 'red', 'non-breaking': 'green', 'doc-only': 'default' } as const;

/** The Markdown export's heading: `<document>: <from> → <to>` (what `lab docs diff --format markdown` writes). */
export const diffTitle = (diff: OpenApiDiffReply) =>
  `${diff.name}: ${releaseName(diff.from)} → ${releaseName(diff.to)}`;

/**
 * The change list between two releases: operation, where, field, change (before → after), class,
 * rule; filterable to breaking changes; exported as Markdown by core's `diffMarkdown` (the CLI's own).
 * A row's click opens its operation, part and field.
 */
export const ChangeList = memo(function ChangeList({
  diff,
  breakingOnly,
  onBreakingOnly,
  onPick,
}: {
  diff: OpenApiDiffReply;
  breakingOnly: boolean;
  onBreakingOnly: (on: boolean) => void;
  onPick: (change: ApiChangeRow) => void;
}) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const shown = useMemo(
    () => (breakingOnly ? diff.changes.filter((c) => c.class === 'breaking') : diff.changes),
    [diff, breakingOnly],
  );
  const words = {
    request: m.whereRequest,
    response: m.whereResponse,
    parameter: m.whereParameter,
    operation: m.whereOperation,
  };
  const exportMarkdown = () => {
    const text = diffMarkdown(diffTitle(diff), { counts: diff.counts, changes: shown as ApiDiff['changes'] });
    const file = `${diff.name}-${releaseName(diff.from)}-${releaseName(diff.to)}${breakingOnly ? '-breaking' : ''}.md`;
    downloadBlob(new Blob([text], { type: 'text/markdown' }), file.replace(/[^\w.-]+/g, '_'));
  };
  const { breaking, 'non-breaking': nonBreaking, 'doc-only': docOnly } = diff.counts;
  return (
    <Card
      size="small"
      title={fillMessage(m.changeList, { from: releaseName(diff.from), to: releaseName(diff.to) })}
      extra={
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">
            {fillMessage(m.counts, { breaking, nonBreaking, docOnly })}
          </Typography.Text>
          <Checkbox checked={breakingOnly} onChange={(e) => onBreakingOnly(e.target.checked)}>
            {m.breakingOnly}
          </Checkbox>
          <Button size="small" icon={<DownloadOutlined />} onClick={exportMarkdown}>
            {m.exportMarkdown}
          </Button>
        </Flex>
      }
    >
      <Table<ApiChangeRow>
        size="small"
        className="fd-changes"
        rowKey={(c) => `${c.operation}|${c.where}|${c.status ?? ''}|${c.field ?? ''}|${c.rule}`}
        dataSource={shown}
        locale={{ emptyText: m.noChanges }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(c) => ({ onClick: () => onPick(c), style: { cursor: 'pointer' } })}
        columns={[
          { title: m.colOperation, key: 'operation', render: (_, c) => <code>{c.operation}</code> },
          { title: m.colWhere, key: 'where', render: (_, c) => changeWhere(c, words) },
          { title: m.colField, key: 'field', render: (_, c) => (c.field ? <code>{c.field}</code> : '') },
          {
            title: m.colChange,
            key: 'change',
            render: (_, c) => (c.before !== undefined || c.after !== undefined ? beforeAfter(c) : ''),
          },
          {
            title: m.colClass,
            key: 'class',
            render: (_, c) => <Tag color={CLASS_COLOR[c.class]}>{m[`class.${c.class}`]}</Tag>,
          },
          {
            title: m.colRule,
            key: 'rule',
            render: (_, c) => (
              <span>
                <code>{c.rule}</code>
                <br />
                <Typography.Text type="secondary">{ruleReason(c.rule, lang)}</Typography.Text>
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
});
