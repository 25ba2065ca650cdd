import { useEffect, useRef, useState } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-110m.json?url';
import type { LocationEntry } from '@lab/core/carrier/replies';
import './LocationsMap.css';

export interface LocationsMapProps {
  entries: LocationEntry[];
  origin?: { lat: number; lon: number; label: string };
  showNames: boolean;
  selected?: number;
  onSelect: (index: number) => void;
  /** A tile server (MAP_TILE_URL) drawn over the outline; none = offline outline only. */
  tileUrl?: string;
  tileAttribution?: string;
  outlineLabel: string;
}

let outline: Promise<GeoJSON.FeatureCollection> | undefined;

/** Natural Earth countries (world-atlas, 1:110m) as GeoJSON, fetched once from our own assets. */
function worldOutline(): Promise<GeoJSON.FeatureCollection> {
  outline ??= fetch(worldUrl)
    .then((r) => r.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topo) => feature(topo, topo.objects.countries) as GeoJSON.FeatureCollection);
  return outline;
}

/**
 * Leaflet over an offline world outline (no tile server needed), optional tiles on top, a numbered
 * marker per location (orange when the carrier runs it) and the search origin.
 */
export default function LocationsMap({
  entries,
  origin,
  showNames,
  selected,
  onSelect,
  tileUrl,
  tileAttribution,
  outlineLabel,
}: LocationsMapProps) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map>(null);
  const markers = useRef<L.LayerGroup>(null);
  const [outlineState, setOutlineState] = useState<'loading' | 'loaded' | 'failed'>('loading');

  useEffect(() => {
    const m = L.map(holder.current!, { worldCopyJump: true, attributionControl: true }).setView([20, 0], 2);
    m.attributionControl.setPrefix(false);
    map.current = m;
    markers.current = L.layerGroup().addTo(m);
    let alive = true;
    worldOutline().then(
      (world) => {
        if (!alive) return;
        L.geoJSON(world, {
          style: { color: '#8c8c8c', weight: 0.8, fillColor: '#f5f2ea', fillOpacity: 1 },
          interactive: false,
          attribution: outlineLabel,
        })
          .addTo(m)
          .bringToBack();
        setOutlineState('loaded');
      },
      () => alive && setOutlineState('failed'),
    );
    return () => {
      alive = false;
      m.remove();
      map.current = null;
    };
    // The map is made once; its layers follow the props below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(m);
    return () => void layer.remove();
  }, [tileUrl, tileAttribution]);

  useEffect(() => {
    const m = map.current;
    const group = markers.current;
    if (!m || !group) return;
    group.clearLayers();
    if (origin) {
      L.marker([origin.lat, origin.lon], {
        icon: L.divIcon({ className: 'fapi-origin-marker', iconSize: [14, 14] }),
        title: origin.label,
        keyboard: false,
      }).addTo(group);
    }
    for (const e of entries) {
      if (e.lat === undefined || e.lon === undefined) continue;
      const marker = L.marker([e.lat, e.lon], {
        icon: L.divIcon({
          className: `fapi-location-marker${e.carrierOperated ? ' operated' : ''}${selected === e.index ? ' selected' : ''}`,
          html: String(e.index + 1),
          iconSize: [22, 22],
        }),
        title: e.name,
        alt: e.name,
      });
      marker.bindTooltip(showNames ? e.name : e.locationId, {
        permanent: showNames,
        direction: 'top',
        offset: [0, -10],
      });
      marker.on('click', () => onSelect(e.index));
      marker.addTo(group);
    }
  }, [entries, origin, showNames, selected, onSelect]);

  // Frame the origin and the locations when they change (not when one is selected or names shown).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const points: L.LatLngExpression[] = [];
    if (origin) points.push([origin.lat, origin.lon]);
    for (const e of entries) if (e.lat !== undefined && e.lon !== undefined) points.push([e.lat, e.lon]);
    if (points.length === 1) m.setView(points[0]!, 11);
    else if (points.length > 1) m.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 13 });
  }, [entries, origin]);

  return (
    <div
      ref={holder}
      className="fapi-map"
      data-testid="fapi-locations-map"
      data-markers={entries.filter((e) => e.lat !== undefined && e.lon !== undefined).length}
      data-outline={outlineState}
      data-tiles={tileUrl ? 'on' : 'off'}
    />
  );
}
