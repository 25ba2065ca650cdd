import { useState } from 'react';
import { Button, Flex, Input, Select, Space, Table, Typography } from 'antd';
import { apiFetch } from '@/lib/api';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { countrySelectOptions, useCountries } from '@/tools/useful-tools/tabs/regions/countries';

export interface CityRow {
  id: number;
  name: string;
  country_code: string;
  country_name: string;
  country_name_cn: string;
  admin_code: string;
  lat: number;
  lon: number;
  population: number;
}

/** Search Cities: a name or its beginning → cities of the world, best matches first. */
export default function CitiesTab() {
  const countries = useCountries();
  const [query, setQuery] = useState('');
  const [country, setCountry] = useState<string | undefined>();
  const [rows, setRows] = useState<CityRow[] | undefined>();
  const [loading, setLoading] = useState(false);

  async function search(nextCountry = country) {
    const q = query.trim();
    if (!q) {
      notify.warning('enter a city name before search', NOTIFY_SECONDS.search);
      return;
    }
    setLoading(true);
    try {
      const params = new URLSearchParams({ q, limit: '100' });
      if (nextCountry) params.set('country', nextCountry);
      const reply = await apiFetch<{ data: CityRow[] }>(`/utils/v1/cities?${params.toString()}`);
      setRows(reply.data);
      if (reply.data.length === 0) notify.error('no results found');
    } catch (err) {
      notify.error((err as Error).message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <Input
          aria-label="city"
          placeholder="City name or its beginning"
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          onPressEnter={() => void search()}
          style={{ width: 260 }}
          allowClear
        />
        <Select
          aria-label="country"
          placeholder="All countries"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={country}
          options={countrySelectOptions(countries.data)}
          onChange={(v?: string) => {
            setCountry(v);
            if (query.trim()) void search(v);
          }}
          style={{ width: 320 }}
        />
        <Button type="primary" onClick={() => void search()}>
          Search
        </Button>
      </Space>
      {rows && (
        <Typography.Text type="secondary">
          {rows.length} cit{rows.length === 1 ? 'y' : 'ies'} (population 1,000 or more; biggest first)
        </Typography.Text>
      )}
      <Table<CityRow>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: 'City', dataIndex: 'name' },
          { title: 'Country', dataIndex: 'country_code', width: 80 },
          { title: 'Country name', render: (_, r) => `${r.country_name} ${r.country_name_cn}` },
          { title: 'State / province', dataIndex: 'admin_code', width: 130 },
          { title: 'Coordinates', render: (_, r) => `${r.lat.toFixed(4)}, ${r.lon.toFixed(4)}`, width: 180 },
          {
            title: 'Population',
            dataIndex: 'population',
            align: 'right',
            render: (p: number) => p.toLocaleString('en-US'),
            width: 120,
          },
        ]}
      />
    </Flex>
  );
}
