import { useState } from 'react';
import { Button, Divider, Flex, Space, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import type { EtdRequirementReply } from '@lab/core/contract';
import { CountrySelect } from '@/components/country-select';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { DatasetStatus } from '@/tools/useful-tools/DatasetStatus';
import { usefulApi } from '@/tools/useful-tools/usefulApi';
import { EtdBrowse } from './EtdBrowse';
import { messages } from './messages';
import { SideCard } from './SideCard';

/** Search ETD/ECI worldwide: the origin's export rules and the destination's import rules. */
export default function EtdTab() {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const [from, setFrom] = useState('CN');
  const [to, setTo] = useState('US');
  const [lane, setLane] = useState<EtdRequirementReply | undefined>();
  const requirement = useServerAction({
    mutationFn: usefulApi.etdRequirement,
    onSuccess: (reply, asked) => {
      setLane(reply);
      // The product's message, spelling included.
      if (reply.from.side || reply.to.side)
        notify.success(fillMessage(m.success, { from: asked.from, to: asked.to }), NOTIFY_SECONDS.search);
      else notify.error(m.noResult);
    },
    onError: () => setLane(undefined),
  });

  function swap() {
    setFrom(to);
    setTo(from);
    requirement.mutate({ from: to, to: from });
  }

  /** One end of the lane: "export from / import to <code> <name>" (the Chinese name alone in Chinese). */
  const sideCard = (testId: string, title: string, end: EtdRequirementReply['from']) => (
    <SideCard
      testId={testId}
      title={fillMessage(title, {
        code: end.alpha_2,
        name: lang === 'zh' ? end.name_cn : `${end.name} ${end.name_cn}`,
      })}
      side={end.side}
    />
  );

  return (
    <Flex vertical gap="middle">
      <DatasetStatus name="etd-eci" />
      <Space wrap>
        <Typography.Text>{m.from}</Typography.Text>
        <CountrySelect aria-label="origin" value={from} onChange={(v: string) => setFrom(v)} style={{ width: 300 }} />
        <Button aria-label="swap" icon={<SwapOutlined />} onClick={swap} />
        <Typography.Text>{m.to}</Typography.Text>
        <CountrySelect aria-label="destination" value={to} onChange={(v: string) => setTo(v)} style={{ width: 300 }} />
        <Button type="primary" loading={requirement.isPending} onClick={() => requirement.mutate({ from, to })}>
          {m.search}
        </Button>
      </Space>
      {lane && (
        <Flex gap="middle" wrap>
          {sideCard('etd-export', m.exportFrom, lane.from)}
          {sideCard('etd-import', m.importTo, lane.to)}
        </Flex>
      )}
      <Divider titlePlacement="start">{m.browse}</Divider>
      <EtdBrowse />
    </Flex>
  );
}
