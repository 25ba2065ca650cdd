import { Space, Tag } from 'antd';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { CarrierCallResult } from './shared/types';
import { messages } from './messages';

export function statusColor(status: number): string {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400 && status < 500) return 'warning';
  return 'error';
}

/** The answer's status, time and size tags. */
export function ResponseSummary({ result }: { result: CarrierCallResult }) {
  const m = useMessages(messages);
  return (
    <Space size={4} data-testid="response-summary">
      <Tag color={statusColor(result.status)} aria-label={m.status}>
        {result.status} {result.statusText}
      </Tag>
      <Tag aria-label={m.time}>{fillMessage(m.ms, { n: Math.round(result.timeMs * 10) / 10 })}</Tag>
      <Tag aria-label={m.size}>{fillMessage(m.bytes, { n: result.sizeBytes })}</Tag>
    </Space>
  );
}
