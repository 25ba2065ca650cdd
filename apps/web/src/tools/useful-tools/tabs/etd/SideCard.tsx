import { Card, Empty, Space, Tag } from 'antd';
import { sideTags, type EtdSide } from '@lab/core/regions';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

const levelColor = { OPTIONAL: 'blue', REQUIRED: 'orange', PROHIBITED: 'red' } as const;

/** The requirement tags of one side (export or import) of a lane. */
export function SideTags({ side }: { side: EtdSide }) {
  const tags = sideTags(side);
  return (
    <Space wrap size={4}>
      <Tag color={side.etd ? 'green' : 'default'}>{tags.etd}</Tag>
      <Tag color={side.eci ? 'green' : 'red'}>{tags.eci}</Tag>
      <Tag color={levelColor[side.signature]}>{tags.signature}</Tag>
      <Tag color={levelColor[side.letterhead]}>{tags.letterhead}</Tag>
    </Space>
  );
}

export function SideCard({ title, side, testId }: { title: string; side: EtdSide | null; testId: string }) {
  const m = useMessages(messages);
  return (
    <Card size="small" title={title} style={{ flex: 1, minWidth: 280 }} data-testid={testId}>
      {side ? <SideTags side={side} /> : <Empty description={m.unknown} />}
    </Card>
  );
}
