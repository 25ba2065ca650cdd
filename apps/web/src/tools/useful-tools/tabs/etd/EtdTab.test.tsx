import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bytesOf } from '@/test/blobs';
import { renderWithProviders } from '@/test/render';
import type { EtdRow, EtdSide } from '@lab/core/contract';
import { COUNTRIES, datasetStatus, fakeServer } from '@/test/fakeServer';
import EtdTab from './EtdTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rules: EtdRow[] = [
  {
    alpha_2: 'CN',
    name: "People's Republic of China",
    name_cn: '中国',
    etd_export: true,
    etd_import: false,
    eci_export: true,
    eci_import: false,
    signature_export: 'OPTIONAL',
    signature_import: 'REQUIRED',
    letterhead_export: 'OPTIONAL',
    letterhead_import: 'PROHIBITED',
  },
  {
    alpha_2: 'US',
    name: 'United States of America',
    name_cn: '美国',
    etd_export: false,
    etd_import: true,
    eci_export: false,
    eci_import: true,
    signature_export: 'REQUIRED',
    signature_import: 'OPTIONAL',
    letterhead_export: 'REQUIRED',
    letterhead_import: 'OPTIONAL',
  },
];
const dataset = { label: '2023-03', importedAt: '2026-11-22T01:00:00.000Z' };

function side(code: string, which: 'export' | 'import'): EtdSide {
  const r = rules.find((x) => x.alpha_2 === code)!;
  return {
    etd: r[`etd_${which}`],
    eci: r[`eci_${which}`],
    signature: r[`signature_${which}`],
    letterhead: r[`letterhead_${which}`],
  };
}

function setup(loaded = true) {
  return fakeServer({
    'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
    'GET /utils/v1/etd-eci': () => ({ body: loaded ? { dataset, data: rules } : { dataset: null, data: [] } }),
    'GET /utils/v1/datasets/:name': datasetStatus('etd-eci', loaded ? dataset : null),
    'GET /utils/v1/etd-eci/requirement': (_b, url) => {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const end = (code: string, which: 'export' | 'import') => ({
        ...COUNTRIES.find((c) => c.alpha_2 === code)!,
        side: loaded ? side(code, which) : null,
      });
      return { body: { dataset: loaded ? dataset : null, from: end(from, 'export'), to: end(to, 'import') } };
    },
  });
}

describe('Search ETD/ECI', () => {
  it('searches CN → US by default and shows both sides', async () => {
    setup();
    renderWithProviders(<EtdTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Sucessfully get requirement from CN to US')).toBeInTheDocument();
    const exp = screen.getByTestId('etd-export');
    expect(within(exp).getByText('ETD')).toBeInTheDocument();
    expect(within(exp).getByText('ECI Accepted')).toBeInTheDocument();
    expect(within(exp).getByText('Signature Optional')).toBeInTheDocument();
    const imp = screen.getByTestId('etd-import');
    expect(within(imp).getByText('Letterhead Optional')).toBeInTheDocument();
  });

  it('swaps origin and destination and searches', async () => {
    const { calls } = setup();
    renderWithProviders(<EtdTab />);
    await userEvent.click(screen.getByRole('button', { name: 'swap' }));
    expect(await screen.findByText('Sucessfully get requirement from US to CN')).toBeInTheDocument();
    const imp = screen.getByTestId('etd-import');
    expect(within(imp).getByText('EWO')).toBeInTheDocument();
    expect(within(imp).getByText('ECI Prohibited')).toBeInTheDocument();
    expect(within(imp).getByText('Signature Required')).toBeInTheDocument();
    expect(within(imp).getByText('Letterhead Prohibited')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/utils/v1/etd-eci/requirement')).toBe(true);
  });

  it('says no result without carrier data', async () => {
    setup(false);
    renderWithProviders(<EtdTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No result returned, please search again')).toBeInTheDocument();
    expect(screen.getAllByText('Unknown: no data loaded for this country')).toHaveLength(2);
    expect(screen.getAllByText('no data loaded').length).toBeGreaterThan(0);
  });

  it('says up front when the ETD/ECI rules are not loaded, with the exact import command', async () => {
    setup(false);
    renderWithProviders(<EtdTab />);
    const status = await screen.findByTestId('dataset-status-etd-eci');
    expect(status).toHaveTextContent(
      'The ETD/ECI rules are not loaded, so every search answers no result. Load them with:',
    );
    expect(status).toHaveTextContent('lab import etd-eci <file.csv|.json|.xlsx> --dataset <label>');
    expect(status).toHaveTextContent(
      'Columns: alpha_2, etd_export, etd_import, eci_export, eci_import, signature_export, signature_import, letterhead_export, letterhead_import',
    );
  });

  it('names the loaded dataset and its date', async () => {
    setup();
    renderWithProviders(<EtdTab />);
    expect(await screen.findByTestId('dataset-status-etd-eci')).toHaveTextContent('Data 2023-03 imported 2026-11-22.');
  });

  it('filters the import side and downloads the filtered rows as CSV with a BOM', async () => {
    setup();
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:etd';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<EtdTab />);
    expect(await screen.findByText('Dataset 2023-03: 2 of 2 destinations')).toBeInTheDocument();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const etdGroup = screen.getByRole('radiogroup', { name: 'ETD' });
    await user.click(within(etdGroup).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByText('Dataset 2023-03: 1 of 2 destinations')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    expect(clicked).toHaveBeenCalled();
    const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^etd-eci-\d{8}-\d{6}\.csv$/);
    // jsdom's Blob has no arrayBuffer(); FileReader reads it as the browser would.
    const bytes = await bytesOf(saved!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'alpha_2,name,name_cn,etd_import,eci_import,signature_import,letterhead_import\r\nUS,United States of America,美国,YES,YES,OPTIONAL,OPTIONAL\r\n',
    );
  });
});
