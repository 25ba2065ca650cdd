import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { CARRIER_SIM_BASES, CARRIER_SIM_PRODUCTION } from '@lab/core/carrier';
import type { TwinCredential, TwinCredentialIssued } from '@lab/core/contract';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { copyWithNotice } from '@/lib/clipboard';
import { dateTimeIn } from '@/lib/dateTime';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { credentialActions, credentialsQuery } from './credentialsApi';
import { credentialsMessages } from './credentialsMessages';
import { messages } from './messages';

const utc = dateTimeIn('UTC');

/** The base URL a client program is given for an environment: the twin's REST host on this site. */
const twinBase = (environment: SimEnvironmentName) =>
  `${window.location.origin}${CARRIER_SIM_BASES.api}${environment === 'production' ? CARRIER_SIM_PRODUCTION : ''}`;

/** Twin credentials: issue one for the environment shown (its secret shown once), list them, revoke one. */
export function CredentialsPanel({ environment }: { environment: SimEnvironmentName }) {
  const m = useMessages(credentialsMessages);
  const page = useMessages(messages);
  const queryClient = useQueryClient();
  const list = useQuery(credentialsQuery);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<TwinCredentialIssued>();
  const envName = (e: SimEnvironmentName) => (e === 'sandbox' ? page.sandbox : page.production);
  const refresh = () => queryClient.invalidateQueries({ queryKey: credentialsQuery.queryKey });

  const issue = useServerAction({
    mutationFn: () => credentialActions.issue(environment, name),
    onSuccess: (credential) => {
      setIssued(credential);
      setName('');
    },
    onSettled: refresh,
  });
  const revoke = useServerAction({
    mutationFn: (clientId: string) => credentialActions.revoke(clientId),
    onSuccess: ({ clientId }) => {
      if (issued?.clientId === clientId) setIssued(undefined);
      notify.success(fillMessage(m.revoked, { clientId }));
    },
    onSettled: refresh,
  });

  const copyButton = (text: string, label: string) => (
    <Button size="small" aria-label={`${m.copy} ${label}`} onClick={() => void copyWithNotice(text, m.copied)}>
      {m.copy}
    </Button>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {fillMessage(m.credentialsIntro, { base: twinBase(environment) })}
      </Typography.Text>
      <Flex gap={8} wrap align="center">
        <Input
          aria-label={m.credentialName}
          placeholder={m.credentialNamePlaceholder}
          maxLength={100}
          style={{ width: 280 }}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate()}>
          {fillMessage(m.issueCredential, { environment: envName(environment) })}
        </Button>
        {list.error && <Typography.Text type="danger">{list.error.message}</Typography.Text>}
      </Flex>
      {issued && (
        <Alert
          type="warning"
          showIcon
          data-testid="issued-credential"
          title={m.issuedTitle}
          description={
            <Descriptions
              size="small"
              column={1}
              items={[
                [m.clientId, issued.clientId],
                [m.clientSecret, issued.clientSecret],
              ].map(([label, value]) => ({
                key: label,
                label,
                children: (
                  <Space>
                    <Typography.Text code>{value}</Typography.Text>
                    {copyButton(value!, label!)}
                  </Space>
                ),
              }))}
            />
          }
          action={
            <Button size="small" onClick={() => setIssued(undefined)}>
              {m.dismiss}
            </Button>
          }
        />
      )}
      <Table<TwinCredential>
        data-testid="credentials-table"
        rowKey="clientId"
        size="small"
        loading={list.isPending && !list.error}
        dataSource={list.data?.credentials ?? []}
        pagination={false}
        locale={{ emptyText: m.noCredentials }}
        columns={[
          {
            title: m.colClientId,
            key: 'id',
            render: (_: unknown, c) => <Typography.Text code>{c.clientId}</Typography.Text>,
          },
          {
            title: m.colEnvironment,
            key: 'environment',
            render: (_: unknown, c) => (
              <Tag color={c.environment === 'production' ? 'red' : 'blue'}>{envName(c.environment)}</Tag>
            ),
          },
          { title: m.colName, dataIndex: 'name' },
          { title: m.colCreated, key: 'created', render: (_: unknown, c) => utc(c.createdAt) },
          {
            title: m.colLastUsed,
            key: 'used',
            render: (_: unknown, c) => (c.lastUsedAt ? utc(c.lastUsedAt) : m.never),
          },
          {
            title: '',
            key: 'revoke',
            render: (_: unknown, c) => (
              <Popconfirm
                title={fillMessage(m.revokeConfirm, { clientId: c.clientId })}
                okText={m.revoke}
                cancelText={m.cancel}
                onConfirm={() => revoke.mutateAsync(c.clientId).catch(() => {})}
              >
                <Button danger size="small">
                  {m.revoke}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
