import { useState } from 'react';
import { Alert, Button, Flex, Input, Space, Table, Tag } from 'antd';
import type { PostalPlace } from '@lab/core/contract';
import { CountrySelect, useCountries } from '@/components/country-select';
import { ImportHint } from '@/components/import-hint';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { usefulApi } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';

/** Postal code → city: what places a postal code of a country belongs to. */
export default function PostalTab() {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const countries = useCountries();
  const [country, setCountry] = useState('US');
  // The country of the last lookup: the hint speaks of it, not of a country picked since.
  const [searchedCountry, setSearchedCountry] = useState('US');
  const [postalCode, setPostalCode] = useState('');
  const [rows, setRows] = useState<PostalPlace[] | undefined>();
  const lookup = useServerAction({
    mutationFn: usefulApi.lookupPostal,
    onSuccess: setRows,
    onError: () => setRows(undefined),
  });

  function countryName(code: string): string {
    const c = countries.data?.find((x) => x.alpha_2 === code);
    return (lang === 'zh' ? c?.name_cn : c?.name) || code;
  }

  function search() {
    if (!postalCode.trim()) {
      notify.warning(m.required, NOTIFY_SECONDS.search);
      return;
    }
    setSearchedCountry(country);
    lookup.mutate({ countryCode: country, postalCode: postalCode.trim() });
  }

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <CountrySelect
          aria-label="country"
          value={country}
          onChange={(v: string) => setCountry(v)}
          style={{ width: 320 }}
        />
        <Input
          aria-label="postal code"
          placeholder={m.placeholder}
          value={postalCode}
          maxLength={12}
          onChange={(e) => setPostalCode(e.target.value)}
          onPressEnter={search}
          style={{ width: 200 }}
          allowClear
        />
        <Button type="primary" onClick={search} loading={lookup.isPending}>
          {m.search}
        </Button>
      </Space>
      {rows && (
        <Alert
          type={rows.length ? 'success' : 'warning'}
          showIcon
          title={rows.length ? fillMessage(m.results, { n: rows.length }) : m.noResult}
        />
      )}
      {rows && rows.length === 0 && searchedCountry !== 'US' && (
        <Alert
          data-testid="postal-import-hint"
          type="info"
          showIcon
          title={
            <div>
              {fillMessage(m.importHint, { country: countryName(searchedCountry) })}
              <ImportHint dataset="postal-geonames" />
            </div>
          }
        />
      )}
      {rows && rows.length > 0 && (
        <Table<PostalPlace>
          size="small"
          rowKey={(r) => `${r.countryCode}|${r.postalCode}|${r.city}|${r.stateOrProvinceCode}`}
          dataSource={rows}
          pagination={false}
          columns={[
            { title: m.country, dataIndex: 'countryCode', width: 90 },
            { title: m.postalCode, dataIndex: 'postalCode', width: 120 },
            {
              title: m.city,
              render: (_, r) => (r.stateOrProvinceCode ? `${r.city}, ${r.stateOrProvinceCode}` : r.city),
            },
            {
              title: m.tags,
              render: (_, r) => (
                <>
                  {r.primary && <Tag color="blue">{m.primary}</Tag>}
                  {r.residential && <Tag color="green">{m.residential}</Tag>}
                </>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
