import { Descriptions, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import type { TrafficEntry } from '@lab/core/contract';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { formatDuration, formatUtc, prettyBody } from './format';
import { messages } from './messages';
import { issueText } from './ruleWords';

type Message = TrafficEntry['request'];
type Verdict = TrafficEntry['conformance']['request'];

const pre = {
  margin: 0,
  padding: 8,
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  maxHeight: 360,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

function MessageView({ label, message, testId }: { label: string; message: Message; testId: string }) {
  const m = useMessages(messages);
  const headers = Object.entries(message.headers);
  return (
    <section data-testid={testId}>
      <Typography.Title level={5}>
        {label}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
          {fillMessage(m.bytes, { n: message.size })}
          {message.truncated ? ` · ${m.truncated}` : ''}
        </Typography.Text>
      </Typography.Title>
      <Typography.Text strong>{m.headers}</Typography.Text>
      <pre style={pre}>{headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
      <Typography.Text strong>{m.body}</Typography.Text>
      <pre style={pre}>{message.body ? prettyBody(message.body) : m.emptyBody}</pre>
    </section>
  );
}

/** One side's verdict: conforms, no document covers it, or each issue at its JSON path. */
function VerdictView({ label, verdict, testId }: { label: string; verdict: Verdict; testId: string }) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  return (
    <div data-testid={testId}>
      {verdict === null ? (
        <Typography.Text type="secondary">
          {fillMessage(m.verdict, { side: label, verdict: m.noOperation })}
        </Typography.Text>
      ) : verdict.ok ? (
        <Typography.Text type="success">
          {fillMessage(m.verdict, { side: label, verdict: m.conformsToDocument })}
        </Typography.Text>
      ) : (
        <List
          header={
            <Typography.Text strong>
              {fillMessage(m.verdict, {
                side: label,
                verdict: verdict.issues.length === 1 ? m.oneIssue : fillMessage(m.issues, { n: verdict.issues.length }),
              })}
            </Typography.Text>
          }
          size="small"
          dataSource={verdict.issues}
          renderItem={(issue) => (
            <List.Item>
              <Space align="start">
                <Typography.Text code>{issue.path || '/'}</Typography.Text>
                <Typography.Text>{issueText(lang, issue)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

/** A recorded call: what was sent and answered, and where each side departs from the document. */
export function TrafficDrawer({ entry, onClose }: { entry?: TrafficEntry; onClose: () => void }) {
  const m = useMessages(messages);
  return (
    <Drawer
      open={entry !== undefined}
      onClose={onClose}
      size={900}
      title={entry ? <span data-i18n-data>{`${entry.method} ${entry.url}`}</span> : ''}
      destroyOnHidden
    >
      {entry ? (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={m.colTime}>{formatUtc(entry.startedAt, { ms: true })}</Descriptions.Item>
            <Descriptions.Item label={m.colStatus}>{entry.status}</Descriptions.Item>
            <Descriptions.Item label={m.colDuration}>{formatDuration(entry.durationMs)}</Descriptions.Item>
            {/* The recorded call's own values (data, as recorded). */}
            <Descriptions.Item label={m.source}>
              <span data-i18n-data>
                {entry.source}
                {entry.environment ? ` · ${entry.environment}` : ''}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={m.colEndpoint}>
              <span data-i18n-data>{entry.endpointId ?? ''}</span>
            </Descriptions.Item>
            <Descriptions.Item label={m.colFault}>
              {entry.fault ? (
                <Tag color="orange" data-i18n-data>
                  {entry.fault}
                </Tag>
              ) : (
                ''
              )}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{m.conformance}</Typography.Title>
            <VerdictView label={m.request} verdict={entry.conformance.request} testId="request-conformance" />
            <VerdictView label={m.reply} verdict={entry.conformance.response} testId="reply-conformance" />
          </div>
          <MessageView label={m.request} message={entry.request} testId="traffic-request" />
          <MessageView label={m.reply} message={entry.response} testId="traffic-reply" />
        </Space>
      ) : (
        <Empty />
      )}
    </Drawer>
  );
}
