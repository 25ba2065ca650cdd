import { useState } from 'react';
import { Button, Flex, Input, Table, Tag, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { filterUsStates, type UsState } from '@lab/core/regions';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { messages } from './messages';

async function copyCode(code: string, m: (typeof messages)['en']) {
  if (await copyToClipboard(code)) notify.success(fillMessage(m.copied, { code }), NOTIFY_SECONDS.memo);
  else notify.error(m.copyFailed);
}

/** Search US States: the 50 states, DC and PR, filtered as you type; one click copies a code. */
export default function StatesTab() {
  const m = useMessages(messages);
  const [filter, setFilter] = useState('');
  const rows = filterUsStates(filter);
  return (
    <Flex vertical gap="middle">
      <Input
        aria-label="state filter"
        placeholder={m.placeholder}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ width: 300 }}
        allowClear
      />
      <Table<UsState>
        size="small"
        rowKey="code"
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: m.code,
            dataIndex: 'code',
            width: 120,
            render: (code: string) => (
              <Tooltip title={m.copy}>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={() => void copyCode(code, m)}
                  aria-label={`copy ${code}`}
                >
                  {code}
                </Button>
              </Tooltip>
            ),
          },
          { title: m.name, dataIndex: 'name' },
          { title: m.capital, dataIndex: 'capital' },
          {
            title: m.zones,
            dataIndex: 'timeZones',
            render: (zones: string[]) => zones.map((z) => <Tag key={z}>{z}</Tag>),
          },
        ]}
      />
    </Flex>
  );
}
