import { lazy, Suspense, useMemo, useState } from 'react';
import { Flex, List, Spin, Switch, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { readLocations } from '@lab/core/carrier/replies';
import { useClientConfig } from '@/lib/config';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { externalMapUrl } from './model';

// Leaflet, its CSS and the world outline: a chunk of their own.
const LocationsMap = lazy(() => import('./LocationsMap'));

/** Locations: a map with a marker per location and the list beside it. */
export default function LocationsDemo({ body }: { body: unknown }) {
  const m = useMessages(messages);
  const { data: config } = useClientConfig();
  const model = useMemo(() => readLocations(body), [body]);
  const [dtrHalOnly, setDtrHalOnly] = useState(false);
  const [showNames, setShowNames] = useState(false);
  const [selected, setSelected] = useState<number>();
  const entries = useMemo(
    () => (dtrHalOnly ? model.entries.filter((e) => e.carrierOperated) : model.entries),
    [model, dtrHalOnly],
  );
  const originLabel = model.matchedAddress || m.origin;
  const origin = useMemo(
    () =>
      model.matchedLat !== undefined && model.matchedLon !== undefined
        ? { lat: model.matchedLat, lon: model.matchedLon, label: originLabel }
        : undefined,
    [model, originLabel],
  );
  const coord = (lat?: number, lon?: number) =>
    lat === undefined || lon === undefined ? m.noCoordinates : `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

  return (
    <Flex vertical gap={8} data-testid="fapi-locations-demo">
      <Flex wrap gap={16} align="center">
        <label>
          <Switch size="small" checked={dtrHalOnly} onChange={setDtrHalOnly} aria-label={m.dtrHalOnly} /> {m.dtrHalOnly}
        </label>
        <label>
          <Switch size="small" checked={showNames} onChange={setShowNames} aria-label={m.showLocationName} />{' '}
          {m.showLocationName}
        </label>
        <Typography.Text type="secondary" data-testid="fapi-locations-count">
          {fillMessage(m.locationsFound, { shown: entries.length, total: model.entries.length })}
        </Typography.Text>
      </Flex>
      <Typography.Text>
        {m.matchedAddress}: <span data-testid="fapi-locations-matched">{model.matchedAddress}</span> (
        {coord(model.matchedLat, model.matchedLon)})
      </Typography.Text>
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 420px', minWidth: 320 }}>
          <Suspense fallback={<Spin tip={m.mapLoading}>{<div style={{ height: 420 }} />}</Spin>}>
            <LocationsMap
              entries={entries}
              origin={origin}
              showNames={showNames}
              selected={selected}
              onSelect={setSelected}
              tileUrl={config?.mapTileUrl ?? undefined}
              tileAttribution={config?.mapTileAttribution ?? undefined}
              outlineLabel={m.mapOutline}
            />
          </Suspense>
        </div>
        <List
          style={{ flex: '1 1 320px', maxHeight: 420, overflow: 'auto' }}
          size="small"
          bordered
          data-testid="fapi-locations-list"
          dataSource={entries}
          renderItem={(e) => (
            <List.Item
              key={e.index}
              data-testid="fapi-location"
              data-type={e.locationType}
              onClick={() => setSelected(e.index)}
              style={{ cursor: 'pointer', background: selected === e.index ? '#f4f0fa' : undefined }}
            >
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <Flex gap={6} wrap align="center">
                  <Typography.Text strong>
                    {e.index + 1}. {showNames ? e.name : e.locationId}
                  </Typography.Text>
                  <Tag>{e.locationType}</Tag>
                  {e.carrierOperated ? <Tag color="purple">{m.carrierOperated}</Tag> : null}
                </Flex>
                <Typography.Text type="secondary">{e.address}</Typography.Text>
                <Typography.Text>
                  {m.distance}: {e.distance ? `${e.distance.value} ${e.distance.units}` : '—'} · {m.coordinates}:{' '}
                  {coord(e.lat, e.lon)}
                </Typography.Text>
                {e.lat !== undefined && e.lon !== undefined ? (
                  <a href={externalMapUrl(e.lat, e.lon)} target="_blank" rel="noopener noreferrer">
                    <EnvironmentOutlined /> {m.openMap}
                  </a>
                ) : null}
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Flex>
  );
}
