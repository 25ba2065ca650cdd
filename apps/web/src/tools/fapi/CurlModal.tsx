import { useState } from 'react';
import { Button, Checkbox, Modal, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyWithNotice } from '@/lib/clipboard';
import { useMessages } from '@/lib/i18n';
import { toCurl, type CurlRequest } from './curl';
import { messages } from './messages';

/** "Copy cURL": the request as a curl command, its token hidden unless asked. */
export function CurlModal({ open, onClose, request }: { open: boolean; onClose: () => void; request: CurlRequest }) {
  const m = useMessages(messages);
  const [showToken, setShowToken] = useState(false);
  const curl = toCurl(request, showToken);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={m.curlTitle}
      width={800}
      footer={
        <Space>
          <Checkbox checked={showToken} onChange={(e) => setShowToken(e.target.checked)}>
            {m.showToken}
          </Checkbox>
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copyWithNotice(curl, m.textCopied)}>
            {m.copy}
          </Button>
        </Space>
      }
    >
      <pre
        data-testid="curl"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 400, overflow: 'auto' }}
      >
        {curl}
      </pre>
    </Modal>
  );
}
