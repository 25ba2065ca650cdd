import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Menu, Modal, Spin, Table, Tabs, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { webhookQueries } from './webhookApi';
import { orderSchemaNames, schemaOutline, schemaRows, type SchemaNode } from './schemaOutline';

function treeData(nodes: SchemaNode[], required: string): DataNode[] {
  return nodes.map((n) => ({
    key: n.path,
    title: (
      <span>
        <Typography.Text strong>{n.name}</Typography.Text> <Typography.Text type="secondary">{n.type}</Typography.Text>
        {n.required && (
          <Tag color="red" style={{ marginInlineStart: 8 }}>
            {required}
          </Tag>
        )}
        {n.description && <Typography.Text style={{ marginInlineStart: 8 }}>{n.description}</Typography.Text>}
      </span>
    ),
    children: treeData(n.children, required),
  }));
}

function SchemaView({ name, schema }: { name: string; schema: Record<string, unknown> }) {
  const outline = useMemo(() => schemaOutline(schema), [schema]);
  const rows = useMemo(() => schemaRows(schema), [schema]);
  const description = typeof schema.description === 'string' ? schema.description : '';
  const m = useMessages(messages);
  const columns = [
    { title: m.colPath, dataIndex: 'path', key: 'path' },
    { title: m.colType, dataIndex: 'type', key: 'type' },
    { title: m.colRequired, dataIndex: 'required', key: 'required', render: (r: boolean) => (r ? m.yes : '') },
    { title: m.colDescription, dataIndex: 'description', key: 'description' },
  ];
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {name}
      </Typography.Title>
      {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
      <Tabs
        items={[
          {
            key: 'doc',
            label: 'doc',
            children: outline.length ? (
              <Tree
                treeData={treeData(outline, m.required)}
                defaultExpandedKeys={outline.map((n) => n.path)}
                selectable={false}
              />
            ) : (
              <Empty description={m.noProperties} />
            ),
          },
          {
            key: 'table',
            label: 'table',
            children: (
              <Table rowKey="path" size="small" columns={columns} dataSource={rows} pagination={{ pageSize: 50 }} />
            ),
          },
          {
            key: 'raw',
            label: 'raw',
            children: (
              <pre data-testid="schema-raw" style={{ maxHeight: '60vh', overflow: 'auto' }}>
                {JSON.stringify(schema, null, 2)}
              </pre>
            ),
          },
        ]}
      />
    </div>
  );
}

/** The schema browser: names on the left (Account first when present), doc/table/raw on the right. */
export function SchemaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(messages);
  const schemas = useQuery({ ...webhookQueries.schemas, enabled: open });
  const names = useMemo(() => orderSchemaNames(Object.keys(schemas.data ?? {})), [schemas.data]);
  const [picked, setPicked] = useState<string>();
  const selected = picked && names.includes(picked) ? picked : names[0];

  return (
    <Modal title={m.schema} open={open} onCancel={onClose} footer={null} width="90%" destroyOnHidden>
      {schemas.isPending && <Spin />}
      {schemas.error && <Alert type="error" title={(schemas.error as Error).message} />}
      {schemas.data && selected && (
        <Flex gap={16} align="start">
          <Menu
            style={{ width: 280, maxHeight: '70vh', overflow: 'auto', flex: 'none' }}
            selectedKeys={[selected]}
            items={names.map((n) => ({ key: n, label: n }))}
            onClick={({ key }) => setPicked(key)}
          />
          <SchemaView name={selected} schema={schemas.data[selected]!} />
        </Flex>
      )}
    </Modal>
  );
}
