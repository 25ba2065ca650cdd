import { useState } from 'react';
import { Button, Cascader, Empty, Flex, Input, Radio, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { RegionSearchBody, RegionRecord } from '@lab/core/contract';
import {
  EMPTY_KEYWORD,
  filterRegionCards,
  NO_RESULTS,
  REGION_KEYWORD_MAX,
  type M49Node,
  type RegionCardFilter,
} from '@lab/core/regions';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { DatasetStatus } from '@/tools/useful-tools/DatasetStatus';
import { usefulApi, usefulQueries } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';
import { RegionCard } from './RegionCard';

type KeywordType = Exclude<RegionSearchBody['type'], 'region'>;

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

function toOptions(nodes: M49Node[]): CascaderOption[] {
  return nodes.map((n) => ({
    value: n.name,
    label: n.name,
    ...(n.children.length ? { children: toOptions(n.children) } : {}),
  }));
}

const FILTERS: { value: RegionCardFilter; label: 'all' | 'served' | 'notServed' | 'postalRouted' | 'nonPostal' }[] = [
  { value: 'all', label: 'all' },
  { value: 'served', label: 'served' },
  { value: 'not_served', label: 'notServed' },
  { value: 'postal_routed', label: 'postalRouted' },
  { value: 'non_postal_routed', label: 'nonPostal' },
];

/** Search Regions: countries by alpha-2, alpha-3, English/Chinese name, or a UN M49 region. */
export default function RegionsTab() {
  const m = useMessages(messages);
  const [type, setType] = useState<KeywordType>('alpha_2');
  const [keyword, setKeyword] = useState('');
  const [region, setRegion] = useState<string[]>([]);
  const [results, setResults] = useState<RegionRecord[]>([]);
  const [filter, setFilter] = useState<RegionCardFilter>('all');
  const tree = useQuery(usefulQueries.m49);
  const regions = useServerAction({
    mutationFn: usefulApi.searchRegions,
    onSuccess: (reply) => {
      setResults(reply.data);
      // Nothing found is a 200 tagged `error`: data to show, not a failure.
      if (reply.tag !== 'success' || reply.data.length === 0) notify.error(reply.msg ?? NO_RESULTS);
    },
    onError: () => setResults([]),
  });

  function run(body: RegionSearchBody) {
    setFilter('all');
    regions.mutate(body);
  }

  function search() {
    if (!keyword.trim()) {
      notify.warning(EMPTY_KEYWORD, NOTIFY_SECONDS.search);
      return;
    }
    setRegion([]);
    run({ type, keyword: keyword.trim() });
  }

  function chooseRegion(path: string[] | undefined) {
    const chosen = path ?? [];
    setRegion(chosen);
    if (chosen.length) run({ type: 'region', regions: chosen });
  }

  function clear() {
    setKeyword('');
    setResults([]);
    setRegion([]);
    setFilter('all');
  }

  const shown = filterRegionCards(results, filter);

  return (
    <Flex vertical gap="middle">
      <DatasetStatus name="regions-served" />
      <Space wrap>
        <Radio.Group value={type} onChange={(e) => setType(e.target.value as KeywordType)}>
          <Radio value="alpha_2">Alpha-2</Radio>
          <Radio value="alpha_3">Alpha-3</Radio>
          <Radio value="name">{m.name}</Radio>
        </Radio.Group>
        <Input
          aria-label="keyword"
          placeholder={type === 'name' ? m.namePlaceholder : m.codePlaceholder}
          value={keyword}
          maxLength={REGION_KEYWORD_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
          allowClear
        />
        <Button type="primary" onClick={search}>
          {m.search}
        </Button>
        <Button onClick={clear}>{m.clear}</Button>
      </Space>
      <Space wrap>
        <Typography.Text>{m.browse}</Typography.Text>
        <Cascader
          aria-label="region"
          options={toOptions(tree.data ?? [])}
          value={region}
          onChange={(v) => chooseRegion(v as string[] | undefined)}
          changeOnSelect
          placeholder={m.cascade}
          style={{ width: 420 }}
          loading={tree.isLoading}
        />
      </Space>
      {results.length > 0 && (
        <Radio.Group
          aria-label="filter"
          optionType="button"
          value={filter}
          options={FILTERS.map((f) => ({ value: f.value, label: m[f.label] }))}
          onChange={(e) => setFilter(e.target.value as RegionCardFilter)}
        />
      )}
      <Spin spinning={regions.isPending}>
        {results.length === 0 ? (
          <Empty description={m.empty} />
        ) : (
          <Flex vertical gap="small">
            <Typography.Text type="secondary">
              {fillMessage(m.shown, {
                shown: shown.length,
                n: results.length,
                countries: results.length === 1 ? m.country : m.countries,
              })}
            </Typography.Text>
            {shown.map((r) => (
              <RegionCard key={r.alpha_2} record={r} />
            ))}
          </Flex>
        )}
      </Spin>
    </Flex>
  );
}
