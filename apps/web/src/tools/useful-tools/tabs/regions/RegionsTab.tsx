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
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { DatasetStatus } from '@/tools/useful-tools/DatasetStatus';
import { usefulApi, usefulQueries } from '@/tools/useful-tools/usefulApi';
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

const FILTERS: { value: RegionCardFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'served', label: 'Served' },
  { value: 'not_served', label: 'Not Served' },
  { value: 'postal_routed', label: 'Postal Routed' },
  { value: 'non_postal_routed', label: 'Non-Postal Routed' },
];

/** Search Regions: countries by alpha-2, alpha-3, English/Chinese name, or a UN M49 region. */
export default function RegionsTab() {
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
          <Radio value="name">Name</Radio>
        </Radio.Group>
        <Input
          aria-label="keyword"
          placeholder={type === 'name' ? 'English or Chinese name' : 'Code'}
          value={keyword}
          maxLength={REGION_KEYWORD_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
          allowClear
        />
        <Button type="primary" onClick={search}>
          Search
        </Button>
        <Button onClick={clear}>Clear</Button>
      </Space>
      <Space wrap>
        <Typography.Text>Browse by region</Typography.Text>
        <Cascader
          aria-label="region"
          options={toOptions(tree.data ?? [])}
          value={region}
          onChange={(v) => chooseRegion(v as string[] | undefined)}
          changeOnSelect
          placeholder="Region / sub-region / intermediate region"
          style={{ width: 420 }}
          loading={tree.isLoading}
        />
      </Space>
      {results.length > 0 && (
        <Radio.Group
          aria-label="filter"
          optionType="button"
          value={filter}
          options={FILTERS}
          onChange={(e) => setFilter(e.target.value as RegionCardFilter)}
        />
      )}
      <Spin spinning={regions.isPending}>
        {results.length === 0 ? (
          <Empty description="Search a code or a name, or browse a region" />
        ) : (
          <Flex vertical gap="small">
            <Typography.Text type="secondary">
              {shown.length} of {results.length} countr{results.length === 1 ? 'y' : 'ies'}
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
