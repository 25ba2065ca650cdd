import { useState } from 'react';
import { Button, Divider, Flex, Select, Space, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import type { EtdSide } from '@lab/core/regions';
import { apiFetch } from '@/lib/api';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { countrySelectOptions, useCountries } from '@/tools/useful-tools/tabs/regions/countries';
import { EtdBrowse } from './EtdBrowse';
import { SideCard } from './SideCard';

interface LaneEnd {
  alpha_2: string;
  name: string;
  name_cn: string;
  side: EtdSide | null;
}
interface Requirement {
  dataset: { label: string | null; importedAt: string } | null;
  from: LaneEnd;
  to: LaneEnd;
}

export const NO_ETD_RESULT = 'No result returned, please search again';

/** Search ETD/ECI worldwide: the origin's export rules and the destination's import rules. */
export default function EtdTab() {
  const countries = useCountries();
  const [from, setFrom] = useState('CN');
  const [to, setTo] = useState('US');
  const [lane, setLane] = useState<Requirement | undefined>();
  const [loading, setLoading] = useState(false);

  async function search(origin = from, destination = to) {
    setLoading(true);
    try {
      const reply = await apiFetch<Requirement>(
        `/utils/v1/etd-eci/requirement?${new URLSearchParams({ from: origin, to: destination }).toString()}`,
      );
      setLane(reply);
      // The product's message, spelling included.
      if (reply.from.side || reply.to.side)
        notify.success(`Sucessfully get requirement from ${origin} to ${destination}`, NOTIFY_SECONDS.search);
      else notify.error(NO_ETD_RESULT);
    } catch (err) {
      setLane(undefined);
      notify.error((err as Error).message || NO_ETD_RESULT);
    } finally {
      setLoading(false);
    }
  }

  function swap() {
    setFrom(to);
    setTo(from);
    void search(to, from);
  }

  const options = countrySelectOptions(countries.data);
  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <Typography.Text>From</Typography.Text>
        <Select
          aria-label="origin"
          showSearch={{ optionFilterProp: 'label' }}
          value={from}
          options={options}
          onChange={(v: string) => setFrom(v)}
          style={{ width: 300 }}
        />
        <Button aria-label="swap" icon={<SwapOutlined />} onClick={swap} />
        <Typography.Text>To</Typography.Text>
        <Select
          aria-label="destination"
          showSearch={{ optionFilterProp: 'label' }}
          value={to}
          options={options}
          onChange={(v: string) => setTo(v)}
          style={{ width: 300 }}
        />
        <Button type="primary" loading={loading} onClick={() => void search()}>
          Search
        </Button>
      </Space>
      {lane && (
        <Flex gap="middle" wrap>
          <SideCard
            testId="etd-export"
            title={`Export from ${lane.from.alpha_2} · ${lane.from.name} ${lane.from.name_cn}`}
            side={lane.from.side}
          />
          <SideCard
            testId="etd-import"
            title={`Import to ${lane.to.alpha_2} · ${lane.to.name} ${lane.to.name_cn}`}
            side={lane.to.side}
          />
        </Flex>
      )}
      <Divider titlePlacement="start">Browse import requirements</Divider>
      <EtdBrowse />
    </Flex>
  );
}
