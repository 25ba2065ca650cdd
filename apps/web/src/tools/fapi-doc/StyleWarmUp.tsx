import { Button, Card, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import type { SchemaTree } from '@lab/core/schema-tree';
import { SchemaView } from '@/components/schema-view';

/**
 * The antd parts the operation view uses, mounted hidden with the page: antd injects each
 * component's CSS on its first mount, and each injection restyles the whole document. Doing it
 * here, while the user picks an API, keeps it out of the time between choosing an operation and
 * seeing its tree.
 */
const WARM_TREE: SchemaTree = {
  type: 'object',
  fields: [{ parent: -1, depth: 1, end: 1, name: '-', path: '-', type: 'string', required: true, description: '-' }],
};

export function StyleWarmUp() {
  return (
    <div hidden aria-hidden data-i18n-data>
      <Card size="small" title="-">
        <List
          size="small"
          dataSource={['-']}
          renderItem={(x) => (
            <List.Item
              actions={[
                <Button key="b" size="small">
                  -
                </Button>,
              ]}
            >
              {x}
            </List.Item>
          )}
        />
      </Card>
      <SchemaView tree={WARM_TREE} view="tree" level={2} fullDescription={false} height={60} />
      <Space>
        <Tag color="green">-</Tag>
        <Typography.Text code>-</Typography.Text>
        <Typography.Text strong>-</Typography.Text>
        <Typography.Paragraph>-</Typography.Paragraph>
        <Spin size="small" />
        <Empty />
      </Space>
    </div>
  );
}
