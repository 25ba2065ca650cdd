import { useState } from 'react';
import { Alert, Button, Flex, Input, Select, Space, Table, Tag } from 'antd';
import type { PostalPlace } from '@lab/core/regions';
import { apiFetch } from '@/lib/api';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { countrySelectOptions, useCountries } from '@/tools/useful-tools/tabs/regions/countries';

export const NO_POSTAL_RESULT = 'No result returned, please search again';

/** Postal code → city: what places a postal code of a country belongs to. */
export default function PostalTab() {
  const countries = useCountries();
  const [country, setCountry] = useState('US');
  const [postalCode, setPostalCode] = useState('');
  const [rows, setRows] = useState<PostalPlace[] | undefined>();
  const [loading, setLoading] = useState(false);

  async function search() {
    if (!postalCode.trim()) {
      notify.warning('enter a postal code before search', NOTIFY_SECONDS.search);
      return;
    }
    setLoading(true);
    try {
      setRows(
        await apiFetch<PostalPlace[]>('/postal/lookup', {
          method: 'POST',
          json: { countryCode: country, postalCode: postalCode.trim() },
        }),
      );
    } catch (err) {
      setRows(undefined);
      notify.error((err as Error).message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <Select
          aria-label="country"
          showSearch={{ optionFilterProp: 'label' }}
          value={country}
          options={countrySelectOptions(countries.data)}
          onChange={(v: string) => setCountry(v)}
          style={{ width: 320 }}
        />
        <Input
          aria-label="postal code"
          placeholder="Postal code"
          value={postalCode}
          maxLength={12}
          onChange={(e) => setPostalCode(e.target.value)}
          onPressEnter={() => void search()}
          style={{ width: 200 }}
          allowClear
        />
        <Button type="primary" onClick={() => void search()} loading={loading}>
          Search
        </Button>
      </Space>
      {rows && (
        <Alert
          type={rows.length ? 'success' : 'warning'}
          showIcon
          title={rows.length ? `${rows.length} result(s) returned` : NO_POSTAL_RESULT}
        />
      )}
      {rows && rows.length > 0 && (
        <Table<PostalPlace>
          size="small"
          rowKey={(r) => `${r.countryCode}|${r.postalCode}|${r.city}|${r.stateOrProvinceCode}`}
          dataSource={rows}
          pagination={false}
          columns={[
            { title: 'Country', dataIndex: 'countryCode', width: 90 },
            { title: 'Postal code', dataIndex: 'postalCode', width: 120 },
            {
              title: 'City',
              render: (_, r) => (r.stateOrProvinceCode ? `${r.city}, ${r.stateOrProvinceCode}` : r.city),
            },
            {
              title: 'Tags',
              render: (_, r) => (
                <>
                  {r.primary && <Tag color="blue">Primary</Tag>}
                  {r.residential && <Tag color="green">Residential</Tag>}
                </>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
