import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { datasetStatus, fakeServer } from '@/test/fakeServer';
import { renderWithProviders } from '@/test/render';
import { defineTab, usefulTabs, type TabDefinition } from './tabs';
import UsefulToolsPage from './UsefulToolsPage';

afterEach(() => vi.unstubAllGlobals());

function fakeTabs() {
  const loaded: string[] = [];
  const tab = (key: string, group: TabDefinition['group'], order: number) =>
    defineTab({
      key,
      label: `Tab ${key}`,
      zh: `标签 ${key}`,
      group,
      order,
      load: async () => {
        loaded.push(key);
        return { default: () => <p>content of {key}</p> };
      },
    });
  return {
    loaded,
    tabs: [tab('a', 'lookups', 1), tab('b', 'lookups', 2), tab('c', 'calculators', 3), tab('d', 'text', 4)],
  };
}

describe('Useful Tools page', () => {
  it('shows all 13 tabs at once, grouped Lookups / Calculators / Text, with nothing behind an overflow menu', async () => {
    fakeServer({
      'GET /utils/v1/m49': () => ({ body: { data: [] } }),
      'GET /utils/v1/datasets/:name': datasetStatus('regions-served', null),
    });
    // The shown tab's chunk is imported first, as the menu's preloadActiveTab starts it: importing it
    // (its module graph, transformed on first use) is the test's work, not what the page waits for.
    await usefulTabs[0]!.load();
    renderWithProviders(<UsefulToolsPage />, { route: '/utils/utils' });
    const bar = screen.getByRole('tablist', { name: 'Useful Tools tabs' });
    const tabs = within(bar).getAllByRole('tab');
    expect(tabs).toHaveLength(13);
    expect(usefulTabs).toHaveLength(13);
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Search Regions',
      'Search Cities',
      'Search US States',
      'Search HS Code (CN)',
      'Search ETD/ECI',
      'Postal Code Lookup',
      'World Time',
      'Calculate Dim Weight',
      'Calculate Tracking #',
      'Verify Enterprise Account #',
      'Translate Weird Text',
      'Log Beautifier',
      'FAPI Splunk',
    ]);
    for (const group of ['Lookups', 'Calculators', 'Text']) expect(within(bar).getByText(group)).toBeInTheDocument();
    expect(document.querySelector('.ant-tabs-nav-more')).toBeNull();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('loads only the shown tab; another tab loads when chosen, kept in ?tab=', async () => {
    const { loaded, tabs } = fakeTabs();
    const { router } = renderWithProviders(<UsefulToolsPage tabs={tabs} />, { route: '/utils/utils' });
    expect(await screen.findByText('content of a')).toBeInTheDocument();
    expect(loaded).toEqual(['a']);
    fireEvent.click(screen.getByRole('tab', { name: 'Tab c' }));
    expect(await screen.findByText('content of c')).toBeInTheDocument();
    expect(loaded).toEqual(['a', 'c']);
    expect(router.state.location.search).toBe('?tab=c');
    expect(screen.queryByText('content of a')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Tab c' }), { key: 'ArrowRight' });
    expect(await screen.findByText('content of d')).toBeInTheDocument();
  });

  it('fetches no tab’s data until it is shown', async () => {
    const { calls } = fakeServer({
      'GET /utils/v1/datasets/:name': datasetStatus('etd-eci', null),
      'GET /utils/v1/etd-eci': () => ({ body: { dataset: null, data: [] } }),
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: [] } }),
    });
    renderWithProviders(<UsefulToolsPage />, { route: '/utils/utils?tab=etd' });
    await screen.findByText('Browse import requirements');
    await waitFor(() => expect(calls.some((c) => c.path === '/utils/v1/etd-eci')).toBe(true));
    const paths = new Set(calls.map((c) => c.path));
    expect(paths.has('/utils/v1/m49')).toBe(false);
    expect(paths.has('/utils/v1/datasets/regions-served')).toBe(false);
  });

  it('labels the tabs and groups in Chinese', () => {
    const { tabs } = fakeTabs();
    renderWithProviders(<UsefulToolsPage tabs={tabs} />, { route: '/utils/utils', lang: 'zh' });
    expect(screen.getByRole('tab', { name: '标签 a' })).toBeInTheDocument();
    expect(screen.getByText('查询')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '实用工具' })).toBeInTheDocument();
  });
});
