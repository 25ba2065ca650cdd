import { Button, Modal } from 'antd';
import type { NamedSample } from '@lab/core/contract';
import { copyToClipboard } from '@/lib/clipboard';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { messages } from './messages';

/** A named sample's request JSON, with Copy JSON. */
export function SampleModal({ sample, onClose }: { sample: NamedSample | undefined; onClose: () => void }) {
  const m = useMessages(messages);
  return (
    <Modal
      open={sample !== undefined}
      title={sample?.name}
      onCancel={onClose}
      width={800}
      footer={[
        <Button
          key="copy"
          onClick={async () => {
            if (await copyToClipboard(JSON.stringify(sample?.request, null, 2))) notify.success(m.copied);
            else notify.error(m.noClipboard);
          }}
        >
          {m.copyJson}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {m.close}
        </Button>,
      ]}
    >
      <pre data-testid="sample-json" style={{ maxHeight: '65vh', overflow: 'auto', fontSize: 12 }}>
        {sample ? JSON.stringify(sample.request, null, 2) : ''}
      </pre>
    </Modal>
  );
}
