import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegionRecord, RegionSearchBody, RegionSearchReply } from '@lab/core/contract';
import { renderWithProviders } from '@/test/render';
import RegionsTab from './RegionsTab';
import { datasetStatus, fakeServer } from '@/test/fakeServer';
import { CHINA_REGION } from '@test/regions';

const china = CHINA_REGION;
const hongKong: RegionRecord = {
  ...china,
  name: 'Hong Kong',
  name_cn: '中国香港',
  alpha_2: 'HK',
  alpha_3: 'HKG',
  country_code: '344',
  is_served: true,
  is_postal_routed: false,
  postal_pattern: { digits: null, pattern: null },
};
const tree = [{ code: '142', name: 'Asia', children: [{ code: '030', name: 'Eastern Asia', children: [] }] }];

function setup(answer: (body: RegionSearchBody) => RegionSearchReply, served: boolean = false) {
  return fakeServer({
    'GET /utils/v1/m49': () => ({ body: { data: tree } }),
    'GET /utils/v1/datasets/:name': datasetStatus(
      'regions-served',
      served ? { label: null, importedAt: '2026-11-21T00:00:00.000Z' } : null,
    ),
    'POST /utils/v1/iso3166/regions': (body) => ({ body: answer(body) }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Search Regions', () => {
  it('says when the served-country data is not loaded, with the exact import command', async () => {
    setup(() => ({ tag: 'success', data: [] }));
    renderWithProviders(<RegionsTab />);
    const status = await screen.findByTestId('dataset-status-regions-served');
    expect(status).toHaveTextContent(
      'The carrier’s served-country data is not loaded, so Served reads Unknown. Load it with:',
    );
    expect(status).toHaveTextContent('lab import regions-served <file.csv|.json|.xlsx>');
    expect(status).toHaveTextContent('Columns: alpha_2, is_served, is_postal_routed, postal_digits, postal_pattern');
    expect(status).toHaveTextContent('Example file: data/examples/regions-served.csv');
  });

  it('names the import date when the served-country data is loaded', async () => {
    setup(() => ({ tag: 'success', data: [] }), true);
    renderWithProviders(<RegionsTab />);
    expect(await screen.findByTestId('dataset-status-regions-served')).toHaveTextContent(
      'Data (no label) imported 2026-11-21.',
    );
  });

  it('warns on an empty keyword without calling the server', async () => {
    const { calls } = setup(() => ({ tag: 'success', data: [] }));
    renderWithProviders(<RegionsTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('enter a code or word before search')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('searches alpha-2 on Enter and shows a card with Unknown service and the postal format', async () => {
    const { calls } = setup(() => ({ tag: 'success', data: [china] }));
    renderWithProviders(<RegionsTab />);
    await userEvent.type(screen.getByLabelText('keyword'), 'cn{Enter}');
    const card = await screen.findByTestId('region-CN');
    expect(within(card).getByText("People's Republic of China 中国")).toBeInTheDocument();
    expect(within(card).getByText('Unknown')).toBeInTheDocument();
    expect(within(card).getByText('Postal Routed (6 digits · ^\\d{6}$)')).toBeInTheDocument();
    expect(within(card).getByText('156')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'alpha_2', keyword: 'cn' });
  });

  it('keeps the keyword to 15 characters and sends the chosen type', async () => {
    const { calls } = setup(() => ({ tag: 'success', data: [china] }));
    renderWithProviders(<RegionsTab />);
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('keyword'), 'people republic of china');
    expect(screen.getByLabelText('keyword')).toHaveValue('people republic');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('region-CN');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'name', keyword: 'people republic' });
  });

  it('says no results found', async () => {
    setup(() => ({ tag: 'error', msg: 'no results found', data: [] }));
    renderWithProviders(<RegionsTab />);
    await userEvent.type(screen.getByLabelText('keyword'), 'qq{Enter}');
    expect(await screen.findByText('no results found')).toBeInTheDocument();
  });

  it('filters the cards, resets the filter on a new search, and clears everything', async () => {
    setup(() => ({ tag: 'success', data: [china, hongKong] }));
    renderWithProviders(<RegionsTab />);
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('keyword'), '中国{Enter}');
    await screen.findByTestId('region-HK');
    // antd draws its own radio over a transparent input
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('radio', { name: 'Served' }));
    await waitFor(() => expect(screen.queryByTestId('region-CN')).not.toBeInTheDocument());
    expect(screen.getByTestId('region-HK')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Non-Postal Routed' }));
    expect(screen.getByText('1 of 2 countries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('region-CN')).toBeInTheDocument());
    expect(screen.getByText('2 of 2 countries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('region-CN')).not.toBeInTheDocument();
    expect(screen.getByLabelText('keyword')).toHaveValue('');
  });

  it('searches by a region chosen in the cascade', async () => {
    const { calls } = setup(() => ({ tag: 'success', data: [china] }));
    renderWithProviders(<RegionsTab />);
    await waitFor(() => expect(calls.some((c) => c.path === '/utils/v1/m49')).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'region' }));
    await userEvent.click(await screen.findByText('Asia'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'region', regions: ['Asia'] }),
    );
    await screen.findByTestId('region-CN');
  });
});
