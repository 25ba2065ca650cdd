import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp } from '../../test/helpers.js';
import { systemModule } from './index.js';
import { mapTileOrigin } from './settings.js';

describe('the map tile setting (MAP_TILE_URL)', () => {
  it('turns a tile template into the CSP source its images come from', () => {
    expect(mapTileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(mapTileOrigin('https://tiles.example.org:8443/osm/{z}/{x}/{y}.png')).toBe('https://tiles.example.org:8443');
    expect(mapTileOrigin('/lab/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileOrigin('ftp://tiles.example.org/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileOrigin('https://user:pw@tiles.example.org/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileOrigin(undefined)).toBeUndefined();
  });

  it('is off by default and refuses what is not an http(s) template', () => {
    const config = loadConfig({}, {}, [systemModule]);
    expect(config.mapTileUrl).toBeUndefined();
    expect(config.mapTileAttribution).toBeUndefined();
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)' }, {}, [systemModule])).toThrow(
      'MAP_TILE_URL: MAP_TILE_URL must be an http(s) tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png',
    );
  });

  it('is handed to the web app and its origin allowed for images by the Content-Security-Policy', async () => {
    const t = await buildTestApp('sqlite', {
      mapTileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example contributors',
    });
    try {
      const res = await t.app.inject('/lab/api/config');
      expect(res.json()).toMatchObject({
        mapTileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
        mapTileAttribution: '© Example contributors',
      });
      expect(res.headers['content-security-policy']).toMatch(
        /img-src 'self' data: blob: https:\/\/\*\.tile\.example\.org[ ;]/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('the carrier upstreams the web app is told about (samples dated from the twin clock)', () => {
  /** `carrierTwin` of GET /lab/api/config in an app with these settings. */
  const carrierTwinOf = async (config: Parameters<typeof buildTestApp>[1] = {}) => {
    const t = await buildTestApp('sqlite', config);
    try {
      return (await t.app.inject('/lab/api/config')).json().carrierTwin as unknown;
    } finally {
      await t.close();
    }
  };

  it('says which carrier environment answers from the built-in twin', async () => {
    expect(await carrierTwinOf()).toEqual({ sandbox: true, production: true });
    const production = 'https://apis.carrier.example.com';
    expect(
      await carrierTwinOf({
        gatewayUpstreams: {
          carrierSandbox: undefined,
          carrierProduction: production,
          carrierDocumentsSandbox: undefined,
          carrierDocumentsProduction: undefined,
          stratus: undefined,
        },
      }),
    ).toEqual({ sandbox: true, production: false });
  });
});
