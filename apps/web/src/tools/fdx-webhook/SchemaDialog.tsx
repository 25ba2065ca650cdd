import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Menu, Modal, Spin, Tabs, Typography } from 'antd';
import { buildSchemaTree } from '@lab/core/schema-tree';
import { ImportHint } from '@/components/import-hint';
import { SchemaView, SchemaViewControls, useSchemaViewState, type SchemaViewMode } from '@/components/schema-view';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { webhookQueries } from './webhookApi';
import { orderSchemaNames } from './schemaOutline';

/** One schema: its description, then the shared schema view (doc = tree, table) and the raw JSON. */
function SchemaPanel({ name, schema }: { name: string; schema: Record<string, unknown> }) {
  const tree = useMemo(() => buildSchemaTree(schema, schema), [schema]);
  const description = typeof schema.description === 'string' ? schema.description : '';
  const settings = useSchemaViewState();
  // The tabs switch tree/table, so each pane names its view.
  const pane = (view: SchemaViewMode) => (
    <SchemaView tree={tree} {...settings.view} view={view} height="55vh" label={name} />
  );
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {name}
      </Typography.Title>
      {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
      <SchemaViewControls {...settings.controls} showView={false} disabled={tree.fields.length === 0} />
      <Tabs
        items={[
          { key: 'doc', label: 'doc', children: pane('tree') },
          { key: 'table', label: 'table', children: pane('table') },
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
      {schemas.data && names.length <= 1 && (
        <Alert
          data-testid="webhook-schemas-import-hint"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <div>
              {m.schemasNotImported}
              <ImportHint dataset="carrier-openapi" />
            </div>
          }
        />
      )}
      {schemas.data && selected && (
        <Flex gap={16} align="start">
          <Menu
            style={{ width: 280, maxHeight: '70vh', overflow: 'auto', flex: 'none' }}
            selectedKeys={[selected]}
            items={names.map((n) => ({ key: n, label: n }))}
            onClick={({ key }) => setPicked(key)}
          />
          <SchemaPanel key={selected} name={selected} schema={schemas.data[selected]!} />
        </Flex>
      )}
    </Modal>
  );
}
