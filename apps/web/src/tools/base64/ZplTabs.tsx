import { useState } from 'react';
import { Flex } from 'antd';
import { bytesToText } from '@lab/core/json';
import { ZplPreview } from '@/components/label-viewer';
import { ZplEditorPanel } from '@/components/zpl-editor';
import { useMessages } from '@/lib/i18n';
import { Base64Input } from './Base64Input';
import { messages } from './messages';

function ZplEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return <ZplEditorPanel value={value} onChange={onChange} placeholder="^XA … ^XZ" minHeight={140} maxHeight={440} />;
}

/** Base64 → ZPL text (editable) → the label through the conversion service. */
export function Base64ZplTab() {
  const m = useMessages(messages);
  const [zpl, setZpl] = useState<string>();
  return (
    <Flex vertical gap={12}>
      <Base64Input action={m.decode} placeholder={m.pasteZpl} onBytes={(b) => setZpl(bytesToText(b))} />
      {zpl !== undefined ? (
        <>
          <ZplEditor value={zpl} onChange={setZpl} />
          <ZplPreview zpl={zpl} />
        </>
      ) : null}
    </Flex>
  );
}

export function RawZplTab() {
  const [zpl, setZpl] = useState('');
  return (
    <Flex vertical gap={12}>
      <ZplEditor value={zpl} onChange={setZpl} />
      <ZplPreview zpl={zpl} />
    </Flex>
  );
}
