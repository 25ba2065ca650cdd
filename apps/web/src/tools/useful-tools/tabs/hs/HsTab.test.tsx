import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { datasetStatus, fakeServer } from '@/test/fakeServer';
import HsTab from './HsTab';

afterEach(() => vi.unstubAllGlobals());

const row = (hs_code: string, location = 'nonSCN') => ({
  location,
  hs_code,
  commodity_name: `商品${hs_code}`,
  legal_unit_1: '千克',
  legal_unit_2: '头',
  regulatory_condition: 'AB',
  export_tax_rate: '0%',
});

describe('Search HS Code (CN)', () => {
  it('asks for at least 4 digits without calling the server', async () => {
    const { calls } = fakeServer({});
    renderWithProviders(<HsTab />);
    await userEvent.type(screen.getByLabelText('商品编码'), '010{Enter}');
    expect(await screen.findByText('请输入至少4位数字')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/utils/v1/hs-codes/search')).toEqual([]);
  });

  it('shows the table, the count notice, the dataset label and pages 50 at a time', async () => {
    const { calls } = fakeServer({
      'POST /utils/v1/hs-codes/search': (body) => {
        const page = (body as { page: number }).page;
        return {
          body: {
            tag: 'success',
            msg: '共找到51条记录',
            total: 51,
            page,
            pageSize: 50,
            dataset: { label: '2023-05', importedAt: '2026-11-22T01:00:00.000Z' },
            data: page === 1 ? [row('0101210010'), row('0101210090', 'ALL')] : [row('0101290090', 'ALL')],
          },
        };
      },
    });
    renderWithProviders(<HsTab />);
    await userEvent.type(screen.getByLabelText('商品编码'), '0101{Enter}');
    expect(await screen.findByText('共找到51条记录')).toBeInTheDocument();
    expect(screen.getByText('0101210010')).toBeInTheDocument();
    expect(screen.getByText('非华南')).toBeInTheDocument();
    expect(screen.getByText('全国')).toBeInTheDocument();
    expect(screen.getByText('数据版本：2023-05（导入于 2026-11-22）')).toBeInTheDocument();
    expect(screen.getByText('共 51 条')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('0101290090')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/utils/v1/hs-codes/search').map((c) => c.body)).toEqual([
        { keyword: '0101', page: 1 },
        { keyword: '0101', page: 2 },
      ]),
    );
  });

  it('says when nothing is found', async () => {
    fakeServer({
      'POST /utils/v1/hs-codes/search': () => ({
        body: { tag: 'error', msg: '没有找到相关记录', total: 0, page: 1, pageSize: 50, dataset: null, data: [] },
      }),
    });
    renderWithProviders(<HsTab />);
    await userEvent.type(screen.getByLabelText('商品编码'), '9876{Enter}');
    expect(await screen.findByText('没有找到相关记录')).toBeInTheDocument();
    expect(screen.getByText('未导入海关编码数据')).toBeInTheDocument();
  });

  it('says before any search when no HS code data is loaded, with the command, its file types and columns', async () => {
    fakeServer({ 'GET /utils/v1/datasets/:name': datasetStatus('hs-cn', null) });
    renderWithProviders(<HsTab />);
    const status = await screen.findByTestId('dataset-status-hs-cn');
    expect(status).toHaveTextContent('No HS code data is loaded. Load it with:');
    expect(status).toHaveTextContent('lab import hs-cn <file.csv|.json|.xlsx> --dataset <label>');
    expect(status).toHaveTextContent(
      'Columns: location, hs_code, commodity_name, legal_unit_1, legal_unit_2, regulatory_condition, export_tax_rate',
    );
    expect(status).toHaveTextContent('Example file: data/examples/hs-cn.csv');
  });
});
