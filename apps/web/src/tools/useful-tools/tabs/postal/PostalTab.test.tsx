import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { COUNTRIES, fakeServer } from '@/test/fakeServer';
import PostalTab from './PostalTab';

afterEach(() => vi.unstubAllGlobals());

describe('Postal code → city', () => {
  it('looks up US 10001 by default and shows the count banner and Primary tag', async () => {
    const { calls } = fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'POST /postal/lookup': () => ({
        body: [
          {
            countryCode: 'US',
            postalCode: '10001',
            city: 'New York',
            stateOrProvinceCode: 'NY',
            primary: true,
            residential: null,
          },
        ],
      }),
    });
    renderWithProviders(<PostalTab />);
    await userEvent.type(screen.getByLabelText('postal code'), '10001{Enter}');
    expect(await screen.findByText('1 result(s) returned')).toBeInTheDocument();
    expect(screen.getByText('New York, NY')).toBeInTheDocument();
    expect(screen.getByText('Primary')).toBeInTheDocument();
    expect(screen.queryByText('Residential')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/postal/lookup')?.body).toEqual({ countryCode: 'US', postalCode: '10001' });
  });

  it('says when nothing is found, and keeps the code to 12 characters', async () => {
    fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'POST /postal/lookup': () => ({ body: [] }),
    });
    renderWithProviders(<PostalTab />);
    await userEvent.type(screen.getByLabelText('postal code'), '1234567890123');
    expect(screen.getByLabelText('postal code')).toHaveValue('123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No result returned, please search again')).toBeInTheDocument();
    // US codes are built in: nothing to import.
    expect(screen.queryByTestId('postal-import-hint')).not.toBeInTheDocument();
  });

  it.each([
    [
      'en' as const,
      "No postal code data of People's Republic of China is imported: offline, only US ZIP codes are built in. Import the GeoNames postal dump with:",
    ],
    ['zh' as const, '未导入中国的邮编数据：离线时只内置了美国邮编。请用以下命令导入 GeoNames 邮编数据：'],
  ])('outside the US, a lookup with no result names the import command (%s)', async (lang, hint) => {
    fakeServer({
      'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
      'POST /postal/lookup': () => ({ body: [] }),
    });
    renderWithProviders(<PostalTab />, { lang });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'country' }));
    await userEvent.click(await screen.findByTitle("CN · People's Republic of China 中国"));
    await userEvent.type(screen.getByLabelText('postal code'), '200000{Enter}');
    const notice = await screen.findByTestId('postal-import-hint');
    expect(notice).toHaveTextContent(hint);
    expect(notice).toHaveTextContent('lab import postal-geonames <allCountries.txt|CC.txt>');
  });
});
