import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { COUNTRIES, fakeServer } from '@/test/fakeServer';
import CitiesTab from './CitiesTab';

afterEach(() => vi.unstubAllGlobals());

const nyc = {
  id: 5128581,
  name: 'New York City',
  country_code: 'US',
  country_name: 'United States of America',
  country_name_cn: '美国',
  admin_code: 'NY',
  admin_name: 'New York',
  admin_name_cn: '纽约州',
  lat: 40.71427,
  lon: -74.00597,
  population: 8175133,
};

describe('Search Cities', () => {
  it('searches a prefix and shows country names, state, coordinates and population', async () => {
    const { calls } = fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'GET /utils/v1/cities': () => ({ body: { tookMs: 0.2, data: [nyc] } }),
    });
    renderWithProviders(<CitiesTab />);
    await userEvent.type(screen.getByLabelText('city'), 'new yo{Enter}');
    expect(await screen.findByText('New York City')).toBeInTheDocument();
    expect(screen.getByText('United States of America 美国')).toBeInTheDocument();
    expect(screen.getByText('40.7143, -74.0060')).toBeInTheDocument();
    expect(screen.getByText('8,175,133')).toBeInTheDocument();
    expect(screen.getByText('1 city (population 1,000 or more; biggest first)')).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/utils/v1/cities');
    expect(call?.search).toBe('?q=new+yo&limit=100');
  });

  it('warns on an empty name and says when nothing is found', async () => {
    const { calls } = fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'GET /utils/v1/cities': () => ({ body: { tookMs: 0.1, data: [] } }),
    });
    renderWithProviders(<CitiesTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('enter a city name before search')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/utils/v1/cities')).toBe(false);
    await userEvent.type(screen.getByLabelText('city'), 'zzzz{Enter}');
    expect(await screen.findByText('no results found')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/utils/v1/cities')).toBe(true));
  });

  it('shows subdivision names, not GeoNames codes, in English and Chinese, and says where it has none', async () => {
    const shanghai = {
      ...nyc,
      id: 1796236,
      name: 'Shanghai',
      country_code: 'CN',
      country_name: 'China',
      country_name_cn: '中国',
      admin_code: '23',
      admin_name: 'Shanghai',
      admin_name_cn: '上海市',
    };
    const santos = {
      ...nyc,
      id: 3449433,
      name: 'Santos',
      country_code: 'BR',
      country_name: 'Brazil',
      country_name_cn: '巴西',
      admin_code: '27',
      admin_name: null,
      admin_name_cn: null,
    };
    fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'GET /utils/v1/cities': () => ({ body: { tookMs: 0.2, data: [shanghai, santos] } }),
    });
    const { unmount } = renderWithProviders(<CitiesTab />);
    await userEvent.type(screen.getByLabelText('city'), 's{Enter}');
    expect(await screen.findByText('Shanghai (23)')).toBeInTheDocument();
    expect(screen.queryByText(/^23$/)).not.toBeInTheDocument();
    expect(screen.getByText('code 27')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The subdivision data has no name for some of these rows; for them the column shows the GeoNames first-level code.',
      ),
    ).toBeInTheDocument();
    unmount();

    renderWithProviders(<CitiesTab />, { lang: 'zh' });
    await userEvent.type(screen.getByLabelText('city'), 's{Enter}');
    expect(await screen.findByText('上海市 (23)')).toBeInTheDocument();
    expect(screen.getByText('代码 27')).toBeInTheDocument();
    expect(
      screen.getByText('行政区数据中没有其中部分行的名称；这些行在此列显示 GeoNames 一级行政区代码。'),
    ).toBeInTheDocument();
  });

  it('says nothing about missing names when every row has one', async () => {
    fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'GET /utils/v1/cities': () => ({ body: { tookMs: 0.2, data: [nyc] } }),
    });
    renderWithProviders(<CitiesTab />);
    await userEvent.type(screen.getByLabelText('city'), 'new{Enter}');
    expect(await screen.findByText('New York (NY)')).toBeInTheDocument();
    expect(screen.queryByText(/The subdivision data has no name/)).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Preparing the city index: the first search after start (or after an idle while) builds it, a few seconds…'],
    ['zh', '正在准备城市索引：启动后（或闲置一段时间后）的首次搜索需要先建立索引，约需几秒…'],
  ] as const)('says it is preparing while a search waits for the index to build (%s)', async (lang, preparing) => {
    let ready = false;
    const { fetchMock } = fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'GET /utils/v1/cities/ready': () => ({ body: { ready } }),
      'GET /utils/v1/cities': () => ({ body: { tookMs: 0.2, data: [nyc] } }),
    });
    // The search waits until the index is built (released below), as the server's first search does.
    let release!: () => void;
    const built = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === '/lab/api/utils/v1/cities') await built;
      return fetchMock(input, init);
    });
    renderWithProviders(<CitiesTab />, { lang });
    await userEvent.type(screen.getByLabelText('city'), 'new{Enter}');
    expect(await screen.findByTestId('cities-preparing')).toHaveTextContent(preparing);
    ready = true;
    release();
    expect(await screen.findByText(lang === 'en' ? 'New York (NY)' : '纽约州 (NY)')).toBeInTheDocument();
    expect(screen.queryByTestId('cities-preparing')).not.toBeInTheDocument();
  });

  it('says nothing about preparing when the index is ready', async () => {
    const { calls } = fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'GET /utils/v1/cities/ready': () => ({ body: { ready: true } }),
      'GET /utils/v1/cities': () => ({ body: { tookMs: 0.2, data: [nyc] } }),
    });
    renderWithProviders(<CitiesTab />);
    await userEvent.type(screen.getByLabelText('city'), 'new{Enter}');
    expect(await screen.findByText('New York (NY)')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/utils/v1/cities')).toBe(true);
    expect(screen.queryByTestId('cities-preparing')).not.toBeInTheDocument();
  });
});
