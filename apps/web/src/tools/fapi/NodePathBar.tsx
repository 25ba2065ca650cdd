import { Button, Flex, Input, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyWithNotice } from '@/lib/clipboard';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** The path of the node last selected in either editor, with a copy button. */
export function NodePathBar({ nodePath }: { nodePath: string }) {
  const m = useMessages(messages);
  return (
    <Flex gap={8} align="center">
      <Typography.Text>{m.nodePath}</Typography.Text>
      <Input aria-label={m.nodePath} value={nodePath} readOnly style={{ maxWidth: 600 }} />
      <Button
        aria-label={m.copyNodePath}
        icon={<CopyOutlined />}
        disabled={!nodePath}
        onClick={() => void copyWithNotice(nodePath, m.nodePathCopied)}
      />
    </Flex>
  );
}
