import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, List, Spin, Typography } from 'antd';
import { fillMessage, useMessages } from '@/lib/i18n';
import { docQueries } from './docApi';
import { messages } from './messages';

export interface UsageTarget {
  schema: string;
  field?: string;
}

/**
 * Where a component (or a field of it) is used in the shown release: each operation with its
 * direction (request, response status) and the paths there; a click opens that operation and field.
 */
export const WhereUsedDrawer = memo(function WhereUsedDrawer({
  document,
  release,
  target,
  onPick,
  onClose,
}: {
  document: string;
  release: string | undefined;
  target: UsageTarget | undefined;
  onPick: (operation: string, part: string, field: string | undefined) => void;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const uses = useQuery({
    ...docQueries.whereUsed(document, target?.schema ?? '', target?.field, release),
    enabled: target !== undefined,
  });
  const name = target ? (target.field ? `${target.schema}.${target.field}` : target.schema) : '';
  return (
    <Drawer open={target !== undefined} title={fillMessage(m.whereUsedTitle, { name })} onClose={onClose} width={560}>
      {uses.isPending && <Spin />}
      {uses.error && <Alert type="error" title={fillMessage(m.loadFailed, { message: uses.error.message })} />}
      {uses.data && (
        <List
          size="small"
          className="fd-uses"
          dataSource={uses.data.uses}
          locale={{ emptyText: m.whereUsedNone }}
          renderItem={(u) => {
            const part = u.where === 'request' ? 'request' : (u.status ?? '');
            const direction = u.where === 'request' ? m.whereRequest : `${m.whereResponse} ${u.status ?? ''}`;
            return (
              <List.Item>
                <div>
                  <Typography.Text code>{u.operation}</Typography.Text>{' '}
                  <Typography.Text strong>{direction}</Typography.Text>
                  {u.paths.map((p) => (
                    <div key={p}>
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                        onClick={() => onPick(u.operation, part, p || undefined)}
                      >
                        {p || m.whereUsedBody}
                      </Button>
                    </div>
                  ))}
                </div>
              </List.Item>
            );
          }}
        />
      )}
    </Drawer>
  );
});
