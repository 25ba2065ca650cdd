import { useState } from 'react';
import { Button, Cascader, Empty, Flex, Input, Radio, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  filterRegionCards,
  REGION_KEYWORD_MAX,
  type M49Node,
  type RegionCardFilter,
  type RegionRecord,
} from '@lab/core/regions';
import { apiFetch, isUtilError, postUtil } from '@/lib/api';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { RegionCard } from './RegionCard';

type KeywordType = 'alpha_2' | 'alpha_3' | 'name';
interface RegionsReply {
  tag: 'success' | 'error';
  msg?: string;
  data: RegionRecord[];
}

export const EMPTY_KEYWORD = 'enter a code or word before search';
export const NO_RESULTS = 'no results found';

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
  const [loading, setLoading] = useState(false);
  const tree = useQuery({
    queryKey: ['utils', 'm49'],
    queryFn: async () => (await apiFetch<{ data: M49Node[] }>('/utils/v1/m49')).data,
    staleTime: Infinity,
  });

  async function run(body: { type: KeywordType | 'region'; keyword?: string; regions?: string[] }) {
    setLoading(true);
    setFilter('all');
    try {
      const { data } = await postUtil<RegionsReply>('/utils/v1/iso3166/regions', body);
      setResults(data.data);
      if (data.tag !== 'success' || data.data.length === 0) notify.error(data.msg ?? NO_RESULTS);
    } catch (err) {
      setResults([]);
      const body = isUtilError(err) ? (err.data as { message?: string; msg?: string } | undefined) : undefined;
      notify.error(body?.message ?? body?.msg ?? (err instanceof Error ? err.message : NO_RESULTS));
    } finally {
      setLoading(false);
    }
  }

  function search() {
    if (!keyword.trim()) {
      notify.warning(EMPTY_KEYWORD, NOTIFY_SECONDS.search);
      return;
    }
    setRegion([]);
    void run({ type, keyword: keyword.trim() });
  }

  function chooseRegion(path: string[] | undefined) {
    const chosen = path ?? [];
    setRegion(chosen);
    if (chosen.length) void run({ type: 'region', regions: chosen });
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
      <Spin spinning={loading}>
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
