import { Card, Descriptions, Tag } from 'antd';
import type { RegionRecord } from '@lab/core/regions';

function servedTag(served: boolean | null) {
  if (served === null) return <Tag>Unknown</Tag>;
  return served ? <Tag color="green">Served</Tag> : <Tag color="red">Not Served</Tag>;
}

function postalTag(r: RegionRecord) {
  if (!r.is_postal_routed) return <Tag color="orange">Non-Postal Routed</Tag>;
  const { digits, pattern } = r.postal_pattern;
  const detail = [digits !== null ? `${digits} digits` : null, pattern].filter(Boolean).join(' · ');
  return <Tag color="blue">Postal Routed{detail ? ` (${detail})` : ''}</Tag>;
}

/** One country of the Search Regions results. */
export function RegionCard({ record }: { record: RegionRecord }) {
  return (
    <Card
      size="small"
      title={`${record.name} ${record.name_cn}`}
      extra={
        <>
          {servedTag(record.is_served)}
          {postalTag(record)}
        </>
      }
      data-testid={`region-${record.alpha_2}`}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label="Name">{record.name}</Descriptions.Item>
        <Descriptions.Item label="Chinese name">{record.name_cn || '—'}</Descriptions.Item>
        <Descriptions.Item label="Alpha-2">{record.alpha_2}</Descriptions.Item>
        <Descriptions.Item label="Alpha-3">{record.alpha_3}</Descriptions.Item>
        <Descriptions.Item label="Country code">{record.country_code}</Descriptions.Item>
        <Descriptions.Item label="Region">{record.region || '—'}</Descriptions.Item>
        <Descriptions.Item label="Sub-region">{record.sub_region || '—'}</Descriptions.Item>
        <Descriptions.Item label="Intermediate region">{record.intermediate_region || '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
