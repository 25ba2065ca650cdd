import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { CarrierEnvironment } from '@lab/core/carrier';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSamples } from './fapiApi';
import { messages } from './messages';

export interface SampleButtonProps {
  endpointId: string;
  /** The environment the tab calls: its default sample is dated from its twin's clock (useSampleDay). */
  environment: CarrierEnvironment;
  onLoad: (request: unknown) => void;
}

/**
 * "Sample": the endpoint's default sample, with a menu of the named ones when it has some. The
 * default is dated for the twin's today (or the browser's with a real carrier upstream): the
 * button waits for that day rather than load a sample of another.
 */
export function SampleButton({ endpointId, environment, onLoad }: SampleButtonProps) {
  const m = useMessages(messages);
  const samples = useSamples(endpointId, environment);
  const sampleMenu = (samples.data?.samples ?? []).map((s, i) => ({ key: String(i), label: s.name }));
  if (sampleMenu.length > 0)
    return (
      <Space.Compact>
        <Button loading={samples.isLoading} onClick={() => samples.data && onLoad(samples.data.default)}>
          {m.sample}
        </Button>
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
