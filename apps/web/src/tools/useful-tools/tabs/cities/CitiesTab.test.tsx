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
});
