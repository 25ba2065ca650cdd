import { useState } from 'react';
import { Button, Flex, Input, Table, Tag, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { filterUsStates, type UsState } from '@lab/core/regions';
import { copyToClipboard } from '@/lib/clipboard';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';

async function copyCode(code: string) {
  if (await copyToClipboard(code)) notify.success(`${code} copied`, NOTIFY_SECONDS.memo);
  else notify.error('copy failed: the browser refused the clipboard');
}

/** Search US States: the 50 states, DC and PR, filtered as you type; one click copies a code. */
export default function StatesTab() {
  const [filter, setFilter] = useState('');
  const rows = filterUsStates(filter);
  return (
    <Flex vertical gap="middle">
      <Input
        aria-label="state filter"
        placeholder="Filter by code, name or capital"
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
            title: 'Code',
            dataIndex: 'code',
            width: 120,
            render: (code: string) => (
              <Tooltip title="Copy">
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={() => void copyCode(code)}
                  aria-label={`copy ${code}`}
                >
                  {code}
                </Button>
              </Tooltip>
            ),
          },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Capital', dataIndex: 'capital' },
          {
            title: 'Time zones',
            dataIndex: 'timeZones',
            render: (zones: string[]) => zones.map((z) => <Tag key={z}>{z}</Tag>),
          },
        ]}
      />
    </Flex>
  );
}
