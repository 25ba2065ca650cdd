import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Flex, Form, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { SimSubscription } from '@lab/core/contract';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { useClientConfig } from '@/lib/config';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import {
  CHANNEL_PATTERN,
  DEFAULT_CHANNEL,
  destinationUrl,
  ensureInspectorToken,
  inspectorPagePath,
  knownChannels,
  saveKnownChannels,
} from '@/lib/webhook-inspector';
import { messages } from './messages';
import { simulatorActions, simulatorQueries } from './simulatorApi';

/**
 * One click subscribes this site's own webhook inspector: its channel's URL (the public base URL,
 * else this origin) with the inspector's security token (generated and saved for the inspector
 * when it has none), replacing an earlier subscription of the same URL, whose token may be another.
 */
export function InspectorCard({
  environment,
  subscriptions,
}: {
  environment: SimEnvironmentName;
  subscriptions: readonly SimSubscription[];
}) {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const [channels, setChannels] = useState(knownChannels);
  const [channel, setChannel] = useState(DEFAULT_CHANNEL);
  const [problem, setProblem] = useState<string>();
  const valid = CHANNEL_PATTERN.test(channel);
  const url = destinationUrl(config.data?.publicBaseUrl, window.location.origin, valid ? channel : DEFAULT_CHANNEL);
  const subscribed = subscriptions.some((s) => s.url === url && s.environment === environment);

  const subscribe = useServerAction({
    mutationFn: async () => {
      const { token, generated } = await ensureInspectorToken();
      const earlier = subscriptions.filter((s) => s.url === url && s.environment === environment && s.source === 'api');
      for (const s of earlier) await simulatorActions.unsubscribe(s.id);
      const created = await simulatorActions.subscribe({ url, token, environment });
      return { created, generated, replaced: earlier.length > 0 };
    },
    onSuccess: ({ created, generated, replaced }) => {
      if (!channels.includes(channel)) {
        const updated = [...channels, channel];
        setChannels(updated);
        saveKnownChannels(updated);
      }
      notify.success(fillMessage(replaced ? m.inspectorReplaced : m.inspectorSubscribed, { url: created.url }));
      if (generated) notify.info(m.tokenGenerated);
    },
    onError: (err) => setProblem(err.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueries.subscriptions.queryKey }),
  });

  const start = () => {
    if (!valid) return setProblem(m.badChannel);
    setProblem(undefined);
    subscribe.mutate();
  };

  return (
    <Card size="small" title={m.inspectorTitle}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {m.inspectorText}
      </Typography.Paragraph>
      <Flex gap={8} wrap align="start">
        <Form.Item
          label={m.channel}
          validateStatus={problem ? 'error' : undefined}
          help={problem}
          style={{ marginBottom: 0 }}
        >
          <AutoComplete
            aria-label="inspector channel"
            style={{ width: 200 }}
            value={channel}
            options={channels.map((c) => ({ value: c }))}
            onChange={(v) => {
              setChannel(v.trim());
              setProblem(undefined);
            }}
          />
        </Form.Item>
        <Button type="primary" loading={subscribe.isPending} onClick={start}>
          {m.subscribeInspector}
        </Button>
        <Link to={inspectorPagePath(valid ? channel : DEFAULT_CHANNEL)} style={{ lineHeight: '32px' }}>
          {m.openInspector}
        </Link>
      </Flex>
      <Space size={4}>
        <Typography.Text code data-testid="inspector-url">
          {url}
        </Typography.Text>
        {subscribed && <Tag color="green">{m.inspectorIsSubscribed}</Tag>}
      </Space>
    </Card>
  );
}
