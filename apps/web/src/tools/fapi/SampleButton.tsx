import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSamples } from './fapiApi';
import { messages } from './messages';

/** "Sample": the endpoint's default sample, with a menu of the named ones when it has some. */
export function SampleButton({ endpointId, onLoad }: { endpointId: string; onLoad: (request: unknown) => void }) {
  const m = useMessages(messages);
  const samples = useSamples(endpointId);
  const sampleMenu = (samples.data?.samples ?? []).map((s, i) => ({ key: String(i), label: s.name }));
  if (sampleMenu.length > 0)
    return (
      <Space.Compact>
        <Button onClick={() => samples.data && onLoad(samples.data.default)}>{m.sample}</Button>
        <Dropdown
          menu={{
            items: sampleMenu,
            onClick: ({ key }) => onLoad(samples.data?.samples[Number(key)]?.request),
          }}
        >
          <Button aria-label={m.namedSamples} icon={<DownOutlined />} />
        </Dropdown>
      </Space.Compact>
    );
  return (
    <Button
      loading={samples.isLoading}
      onClick={() => {
        if (samples.data) onLoad(samples.data.default);
        else if (samples.error) notify.error(fillMessage(m.sampleFailed, { message: samples.error.message }));
      }}
    >
      {m.sample}
    </Button>
  );
}
