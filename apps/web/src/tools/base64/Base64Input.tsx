import { useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { checkBase64 } from '@lab/core/text';
import { notify } from '@/lib/notify';

export interface Base64InputProps {
  /** Button text. */
  action: string;
  placeholder?: string;
  onBytes: (bytes: Uint8Array) => void;
}

/** A base64 text area: strips data: prefixes and line breaks, refuses anything that is not base64. */
export function Base64Input({ action, placeholder = 'Paste base64 here', onBytes }: Base64InputProps) {
  const [text, setText] = useState('');
  const submit = () => {
    const checked = checkBase64(text);
    if (!checked.ok) {
      notify.error(checked.message);
      return;
    }
    onBytes(checked.bytes);
  };
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        aria-label="Base64 input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoSize={{ minRows: 4, maxRows: 10 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
      <Flex gap={8}>
        <Button type="primary" onClick={submit}>
          {action}
        </Button>
        <Button onClick={() => setText('')} disabled={!text}>
          Clear
        </Button>
      </Flex>
    </Flex>
  );
}

export function formatBytes(n: number): string {
  return `${n.toLocaleString('en-US')} bytes`;
}

/** A Blob over decoded bytes (copied, so later edits of the array do not change it). */
export function bytesBlob(bytes: Uint8Array, type: string): Blob {
  return new Blob([bytes.slice()], { type });
}
