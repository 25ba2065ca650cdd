import { useMemo } from 'react';
import { Button, Drawer, Flex, List, Tag, Typography } from 'antd';
import type { SchemaTree } from '@lab/core/schema-tree';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

/**
 * A description's `loadDocReference("x")` link: the fields of the shown tree whose descriptions
 * name that reference (a click selects one), and the enum values they allow together.
 */
export function ReferenceDrawer({
  reference,
  tree,
  onPick,
  onClose,
}: {
  reference: string | undefined;
  tree: SchemaTree | null | undefined;
  onPick: (path: string) => void;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const referenceFields = useMemo(() => {
    if (!reference || !tree) return [];
    const needle = new RegExp(`loadDocReference\\(\\s*\\\\?["']${reference.replace(/[.-]/g, '\\$&')}\\\\?["']`);
    return tree.fields.filter((f) => f.description && needle.test(f.description));
  }, [reference, tree]);
  const referenceValues = useMemo(
    () => [...new Set(referenceFields.flatMap((f) => f.enum ?? []))].sort(),
    [referenceFields],
  );
  return (
    <Drawer
      open={reference !== undefined}
      title={fillMessage(m.reference, { name: reference ?? '' })}
      onClose={onClose}
      width={520}
    >
      <Typography.Paragraph>{fillMessage(m.referenceNote, { name: reference ?? '' })}</Typography.Paragraph>
      <List
        size="small"
        dataSource={referenceFields}
        renderItem={(f) => (
          <List.Item>
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
              onClick={() => onPick(f.path)}
            >
              {f.path}
            </Button>
          </List.Item>
        )}
      />
      {referenceValues.length > 0 && (
        <>
          <Typography.Paragraph style={{ marginTop: 12 }}>{m.referenceValues}</Typography.Paragraph>
          <Flex wrap gap={4}>
            {referenceValues.map((v) => (
              <Tag key={v}>{v}</Tag>
            ))}
          </Flex>
        </>
      )}
    </Drawer>
  );
}
