import { useMemo, useState } from 'react';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { decodeBytesAsText, type TextEncodingName } from '@lab/core/text';
import { Captioned } from '@/components/captioned';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { Base64Input } from './Base64Input';
import { messages } from './messages';

const encodings: Array<{ value: TextEncodingName; label: string }> = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'gbk', label: 'GBK' },
  { value: 'latin1', label: 'Latin-1' },
];

export function DecodeTab() {
  const m = useMessages(messages);
  const [bytes, setBytes] = useState<Uint8Array>();
  const [encoding, setEncoding] = useState<TextEncodingName>('utf-8');
  const text = useMemo(() => (bytes ? decodeBytesAsText(bytes, encoding) : ''), [bytes, encoding]);

  const copy = async () => {
    if (await copyToClipboard(text)) notify.success(m.decodedCopied);
    else notify.error(m.noClipboard);
  };

  return (
    <Flex vertical gap={12}>
      <Base64Input action={m.decode} onBytes={setBytes} />
      {bytes ? (
        <Flex vertical gap={8}>
          <Flex gap={12} align="center" wrap>
            <Captioned caption={m.textEncoding}>
              <Select
                aria-label="Text encoding"
                value={encoding}
                onChange={setEncoding}
                options={encodings}
                style={{ width: 120 }}
              />
            </Captioned>
            <Typography.Text type="secondary">
              {fillMessage(m.bytes, { n: bytes.length.toLocaleString('en-US') })}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {m.copy}
            </Button>
          </Flex>
          <Input.TextArea
            aria-label="Decoded text"
            value={text}
            readOnly
            autoSize={{ minRows: 6, maxRows: 24 }}
            style={{ fontFamily: 'monospace' }}
          />
        </Flex>
      ) : null}
    </Flex>
  );
}
