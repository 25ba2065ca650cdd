import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Flex, Radio, Select, Space, Typography } from 'antd';
import {
  convertWallTime,
  formatWallClock,
  WORLD_TIME_DEFAULT_ZONE,
  WORLD_TIME_SOURCE_ZONES,
  WORLD_TIME_TARGET_ZONE,
  zoneTransitions,
  type WorldTimeConversion,
} from '@lab/core/time';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** "Mar 8 02:00 → 03:00" for each daylight-saving change of the zone in that year. */
function transitionsText(zone: string, year: number, m: (typeof messages)['en']): string {
  const months = m.months.split(' ');
  const list = zoneTransitions(zone, year);
  if (list.length === 0) return fillMessage(m.noChange, { zone, year });
  const parts = list.map(
    (t) =>
      `${months[t.wallAfter.month - 1]} ${t.wallAfter.day}: ${formatWallClock(t.wallBefore)} → ${formatWallClock(t.wallAfter)}`,
  );
  return fillMessage(m.changes, { zone, year, list: parts.join('; ') });
}

/** A US or EU wall-clock hour, read in China: same instant, across daylight-saving changes. */
export default function WorldTimeTab() {
  const m = useMessages(messages);
  const [date, setDate] = useState('');
  const [hour, setHour] = useState<number>();
  const [zone, setZone] = useState<string>(WORLD_TIME_DEFAULT_ZONE);
  const [result, setResult] = useState<{ conversion: WorldTimeConversion; zone: string; year: number }>();

  function show() {
    if (!date || hour === undefined) return;
    setResult({ conversion: convertWallTime(date, hour, zone), zone, year: Number(date.slice(0, 4)) });
  }

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <DatePicker
          aria-label="date"
          placeholder={m.date}
          format="YYYY-MM-DD"
          onChange={(_, text) => setDate(typeof text === 'string' ? text : '')}
        />
        <Select
          aria-label="time"
          placeholder={m.time}
          options={HOURS}
          value={hour}
          onChange={(h: number) => setHour(h)}
          style={{ width: 110 }}
        />
        <Radio.Group
          aria-label="time zone"
          optionType="button"
          value={zone}
          onChange={(e) => setZone(e.target.value as string)}
          options={WORLD_TIME_SOURCE_ZONES.map((z) => ({ value: z.zone, label: z.label }))}
        />
        <Button type="primary" disabled={!date || hour === undefined} onClick={show}>
          {m.show}
        </Button>
      </Space>
      {result?.conversion.explanation && (
        <Alert
          type="warning"
          showIcon
          title={result.conversion.kind === 'nonexistent' ? m.nonexistent : m.twice}
          description={result.conversion.explanation}
        />
      )}
      {result && (
        <Flex gap="middle" wrap data-testid="world-time-results">
          {result.conversion.results.map(({ source, target }) => (
            <Card
              key={target.instant}
              size="small"
              title={`${source.date} ${source.time} ${source.abbreviation} (${source.offset})`}
              style={{ minWidth: 320 }}
            >
              <Descriptions column={1} size="small">
                <Descriptions.Item label={m.date}>{target.date}</Descriptions.Item>
                <Descriptions.Item label={m.time}>{target.time}</Descriptions.Item>
                <Descriptions.Item label={m.zone}>
                  {WORLD_TIME_TARGET_ZONE} ({target.zoneName}, {target.offset})
                </Descriptions.Item>
              </Descriptions>
            </Card>
          ))}
        </Flex>
      )}
      {result && <Typography.Text type="secondary">{transitionsText(result.zone, result.year, m)}</Typography.Text>}
    </Flex>
  );
}
