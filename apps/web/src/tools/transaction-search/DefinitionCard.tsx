import { Button, Card, Descriptions, Space, Tooltip } from 'antd';
import { DownloadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { TransactionDefinition } from '@lab/core/transactions';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { definitionLines, definitionPng, downloadBlob, pngFileName } from './definitionPng';
import { messages } from './messages';

interface Props {
  definition: TransactionDefinition;
  bookmarked: boolean;
  onToggleBookmark: (def: TransactionDefinition) => void;
}

/** One field's definition: every attribute, the possible values one per line. */
export function DefinitionCard({ definition, bookmarked, onToggleBookmark }: Props) {
  const m = useMessages(messages);
  const download = async () => {
    try {
      downloadBlob(await definitionPng(definition), pngFileName(definition));
    } catch (err) {
      notify.error((err as Error).message);
    }
  };
  return (
    <Card
      data-testid="definition-card"
      title={`${definition.description} (${definition.id})`}
      extra={
        <Space>
          <Tooltip title={bookmarked ? m.removeBookmark : m.bookmark}>
            <Button
              aria-label={bookmarked ? 'remove bookmark' : 'bookmark'}
              aria-pressed={bookmarked}
              icon={bookmarked ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => onToggleBookmark(definition)}
            />
          </Tooltip>
          <Tooltip title={m.downloadPng}>
            <Button aria-label="download as PNG" icon={<DownloadOutlined />} onClick={() => void download()} />
          </Tooltip>
        </Space>
      }
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        items={definitionLines(definition).map(([label, value]) => ({
          key: label,
          label: m[label],
          // An empty attribute reads `-`, as on the PNG.
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{value || '-'}</span>,
        }))}
      />
    </Card>
  );
}
