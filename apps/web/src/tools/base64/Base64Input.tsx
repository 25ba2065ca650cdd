import { useState } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { base64Repair, checkBase64 } from '@lab/core/text';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { messages } from './messages';

export interface Base64InputProps {
  /** Button text. */
  action: string;
  placeholder?: string;
  onBytes: (bytes: Uint8Array) => void;
}

/**
 * A base64 text area: strips data: prefixes and line breaks, refuses anything that is not base64
 * with `invalid base64 input`; when the cause is URL-safe or unpadded base64, a hint under the
 * error offers to normalise it with one click.
 */
export function Base64Input({ action, placeholder, onBytes }: Base64InputProps) {
  const m = useMessages(messages);
  const [text, setText] = useState('');
  // The refused text: the error (and hint) stay while the text is the one refused.
  const [refused, setRefused] = useState<string>();
  const submit = (value = text) => {
    const checked = checkBase64(value);
    if (!checked.ok) {
      setRefused(value);
      notify.error(checked.message);
      return;
    }
    setRefused(undefined);
    onBytes(checked.bytes);
  };
  const error = refused !== undefined && refused === text;
  const repair = error ? base64Repair(text) : null;
  const normalise = () => {
    if (!repair) return;
    setText(repair.base64);
    submit(repair.base64);
  };
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        aria-label="Base64 input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? m.paste}
        status={error ? 'error' : undefined}
        autoSize={{ minRows: 4, maxRows: 10 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
      {error && (
        <Alert
          data-testid="base64-error"
          type="error"
          showIcon
          title={m.invalid}
          description={
            repair ? (
              <Flex gap={8} align="center" wrap data-testid="base64-hint">
                <span>{m[repair.variant]}</span>
                <Button size="small" onClick={normalise}>
                  {m.normalise}
                </Button>
              </Flex>
            ) : undefined
          }
        />
      )}
      <Flex gap={8}>
        <Button type="primary" onClick={() => submit()}>
          {action}
        </Button>
        <Button onClick={() => setText('')} disabled={!text}>
          {m.clear}
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
