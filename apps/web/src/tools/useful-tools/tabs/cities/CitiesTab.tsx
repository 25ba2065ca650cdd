import { useState } from 'react';
import { Alert, Button, Flex, Input, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CityRow } from '@lab/core/contract';
import { NO_RESULTS } from '@lab/core/regions';
import { CountrySelect } from '@/components/country-select';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { usefulApi } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';

/** Search Cities: a name or its beginning → cities of the world, best matches first. */
export default function CitiesTab() {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const [query, setQuery] = useState('');
  const [country, setCountry] = useState<string | undefined>();
  const [rows, setRows] = useState<CityRow[] | undefined>();
  const cities = useServerAction({
    mutationFn: usefulApi.searchCities,
    onSuccess: (reply) => {
      setRows(reply.data);
      if (reply.data.length === 0) notify.error(NO_RESULTS);
    },
  });

  // While a search waits, whether the server is still building the city index (the first search
  // after start, or after an idle while): then the screen says it is preparing.
  const ready = useQuery({
    queryKey: ['cities-ready', cities.submittedAt],
    queryFn: usefulApi.citiesReady,
    enabled: cities.isPending,
    staleTime: Infinity,
  });
  const preparing = cities.isPending && ready.data?.ready === false;

  function search(nextCountry = country) {
    const q = query.trim();
    if (!q) {
      notify.warning(m.required, NOTIFY_SECONDS.search);
      return;
    }
    cities.mutate({ q, limit: 100, country: nextCountry });
  }

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <Input
          aria-label="city"
          placeholder={m.placeholder}
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          onPressEnter={() => search()}
          style={{ width: 260 }}
          allowClear
        />
        <CountrySelect
          aria-label="country"
          placeholder={m.allCountries}
          allowClear
          value={country}
          onChange={(v?: string) => {
            setCountry(v);
            if (query.trim()) search(v);
          }}
          style={{ width: 320 }}
        />
        <Button type="primary" onClick={() => search()}>
          {m.search}
        </Button>
      </Space>
      {preparing && <Alert type="info" showIcon data-testid="cities-preparing" title={m.preparing} />}
      {rows && (
        <Typography.Text type="secondary">
          {fillMessage(m.count, { n: rows.length, cities: rows.length === 1 ? m.city : m.cities })}
        </Typography.Text>
      )}
      <Table<CityRow>
        size="small"
        rowKey="id"
        loading={cities.isPending}
        dataSource={rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: m.colCity, dataIndex: 'name' },
          { title: m.colCountry, dataIndex: 'country_code', width: 80 },
          { title: m.colCountryName, render: (_, r) => `${r.country_name} ${r.country_name_cn}` },
          {
            title: m.colState,
            width: 170,
            render: (_, r) => {
              const name = lang === 'zh' ? r.admin_name_cn : r.admin_name;
              return name ? `${name} (${r.admin_code})` : fillMessage(m.adminCodeOnly, { code: r.admin_code });
            },
          },
          { title: m.colCoordinates, render: (_, r) => `${r.lat.toFixed(4)}, ${r.lon.toFixed(4)}`, width: 180 },
          {
            title: m.colPopulation,
            dataIndex: 'population',
            align: 'right',
            render: (p: number) => p.toLocaleString('en-US'),
            width: 120,
          },
        ]}
      />
      {rows?.some((r) => r.admin_name === null) && (
        <Typography.Text type="secondary">{m.adminNamesMissing}</Typography.Text>
      )}
    </Flex>
  );
}
