// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WEB_PAGES } from '@lab/core/pages';
import { tools } from './registry';

describe('the tool registry', () => {
  it('routes exactly the pages the server knows (@lab/core/pages), plus the not-found page', () => {
    const paths = tools.map((t) => t.path).filter((p) => p !== '*');
    expect([...paths].sort()).toEqual([...WEB_PAGES].sort());
    expect(tools.filter((t) => t.path === '*')).toHaveLength(1);
  });

  // Each tool's own index.ts says where it sits; this is the menu as the spec lists it (one table,
  // where each screen's test used to check its own entry).
  it('puts each tool at its path, title, menu group and order', () => {
    const menu = [
      { path: '/', title: 'Home', group: null, order: 0 },
      { path: '/utils/utils', title: 'Useful Tools', group: 'Apps', order: 10 },
      { path: '/utils/base64', title: 'Decode Base64', group: 'Apps', order: 20 },
      { path: '/utils/zebraprinter', title: 'Browser Print', group: 'Apps', order: 30 },
      { path: '/utils/magpbatch', title: 'MAGP Batch', group: 'Apps', order: 40 },
      { path: '/utils/etdimage', title: 'ETD Image', group: 'Apps', order: 50 },
      { path: '/utils/zplcreator', title: 'ZPL Creator', group: 'Apps', order: 210 },
      { path: '/transaction/search', title: 'Search Transaction', group: 'Transaction', order: 60 },
      { path: '/transaction/parse', title: 'Parse Transaction', group: 'Transaction', order: 70 },
      { path: '/api/fapi', title: 'FAPI Playground', group: 'APIs', order: 100 },
      { path: '/api/fapidoc', title: 'FAPI Doc', group: 'APIs', order: 110 },
      { path: '/api/fapishippayloadgenerator', title: 'Payload Generator', group: 'APIs', order: 120 },
      { path: '/api/stratus', title: 'Stratus API', group: 'APIs', order: 130 },
      { path: '/api/simulator', title: 'Simulator', group: 'APIs', order: 140, zh: { title: '模拟器' } },
      { path: '/api/fdxwebhook', title: 'Shipment Visibility Webhook', group: 'APIs', order: 200 },
      { path: '*', title: 'Not found', group: null, order: 10_000 },
    ];
    for (const entry of menu)
      expect(
        tools.find((t) => t.path === entry.path),
        entry.path,
      ).toMatchObject(entry);
    expect(tools).toHaveLength(menu.length);
  });
});
