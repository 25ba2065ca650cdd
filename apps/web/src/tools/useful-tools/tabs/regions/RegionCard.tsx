import { Card, Descriptions, Tag } from 'antd';
import type { RegionRecord } from '@lab/core/regions';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

type M = (typeof messages)['en'];

function servedTag(served: boolean | null, m: M) {
  if (served === null) return <Tag>{m.unknown}</Tag>;
  return served ? <Tag color="green">{m.served}</Tag> : <Tag color="red">{m.notServed}</Tag>;
}

function postalTag(r: RegionRecord, m: M) {
  if (!r.is_postal_routed) return <Tag color="orange">{m.nonPostal}</Tag>;
  const { digits, pattern } = r.postal_pattern;
  const detail = [digits !== null ? fillMessage(m.digits, { n: digits }) : null, pattern].filter(Boolean).join(' · ');
  return (
    <Tag color="blue">
      {m.postal}
      {detail ? ` (${detail})` : ''}
    </Tag>
  );
}

/** One country of the Search Regions results. */
export function RegionCard({ record }: { record: RegionRecord }) {
  const m = useMessages(messages);
  return (
    <Card
      size="small"
      title={`${record.name} ${record.name_cn}`}
      extra={
        <>
          {servedTag(record.is_served, m)}
          {postalTag(record, m)}
        </>
      }
      data-testid={`region-${record.alpha_2}`}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={m.name}>{record.name}</Descriptions.Item>
        <Descriptions.Item label={m.chineseName}>{record.name_cn || '—'}</Descriptions.Item>
        <Descriptions.Item label={m.alpha2}>{record.alpha_2}</Descriptions.Item>
        <Descriptions.Item label={m.alpha3}>{record.alpha_3}</Descriptions.Item>
        <Descriptions.Item label={m.countryCode}>{record.country_code}</Descriptions.Item>
        <Descriptions.Item label={m.region}>{record.region || '—'}</Descriptions.Item>
        <Descriptions.Item label={m.subRegion}>{record.sub_region || '—'}</Descriptions.Item>
        <Descriptions.Item label={m.intermediate}>{record.intermediate_region || '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
