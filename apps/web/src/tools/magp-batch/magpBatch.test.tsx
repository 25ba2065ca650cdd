import * as XLSX from '@e965/xlsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bytesOf } from '@/test/blobs';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import MagpBatchPage from './MagpBatchPage';

// The worker's functions run in-process here (jsdom has no Worker); parse.test.ts covers them.
vi.mock('./workerClient', async () => {
  const parse = await import('./parse');
  return {
    parseInWorker: async (file: File, encoding: 'auto' | 'utf-8' | 'gbk') =>
      parse.parseSpreadsheet(await bytesOf(file), file.name, encoding),
    writeMagpInWorker: async (rows: string[][]) => parse.writeMagpWorkbook(rows),
    prepareWorker: () => {},
  };
});

const downloads: { blob: Blob; name: string }[] = [];
vi.mock('@/components/label-viewer/download', () => ({
  downloadBlob: (blob: Blob, name: string) => downloads.push({ blob, name }),
}));

beforeEach(() => {
  downloads.length = 0;
  fakeServer({ 'GET /config': () => ({ body: clientConfig() }) });
});

const LONG_CITY = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch'; // 58 characters
function customersXlsx(): File {
  const wb = XLSX.utils.book_new();
  const rows = [
    ['Company', 'City', 'Weight', 'Note'],
    ['Acme', 'Memphis', '2.5', 'n1'],
    ['Globex', LONG_CITY, 'two', 'n2'],
    ['Initech', 'Shanghai', '3', 'n3'],
  ];
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const bytes = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new File([bytes], 'customers.xlsx');
}

async function upload(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, file, { applyAccept: false });
}

/** Chooses a field in a column's header dropdown by typing its value. */
async function chooseField(column: string, value: string, name = `Column ${column} field`) {
  const box = screen.getByRole('combobox', { name });
  await userEvent.click(box);
  await userEvent.type(box, value);
  await waitFor(() => expect(dropdownItems(value).length).toBeGreaterThan(0));
  await userEvent.click(dropdownItems(value).at(-1)!);
}

/** The shown dropdown items (antd's own, not its hidden accessibility list) containing `text`. */
const dropdownItems = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter((el) => el.textContent?.includes(text));

const state = (column: number) => screen.getByTestId(`magp-state-${column}`).textContent;

async function readBack(blob: Blob) {
  const wb = XLSX.read(await bytesOf(blob), { type: 'array' });
  return {
    sheets: wb.SheetNames,
    rows: XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 }),
  };
}

describe('MAGP batch builder', () => {
  it('shows the switches, add-on fields and export from the start, the switches as specified', () => {
    renderWithProviders(<MagpBatchPage />);
    expect(screen.getByRole('switch', { name: 'delete 1st row of your template' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'add data type row' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'add description row' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'add-on fields' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });

  it('refuses other file types with a clear message', async () => {
    renderWithProviders(<MagpBatchPage />);
    await upload(new File(['x'], 'notes.txt'));
    expect(await screen.findByText('Only .xls, .xlsx and .csv files can be read')).toBeInTheDocument();
    expect(screen.queryByTestId('magp-grid')).not.toBeInTheDocument();
  });

  it('shows the sheet with "no check" above each column, then "no error" or "N errors" once a header is chosen', async () => {
    renderWithProviders(<MagpBatchPage />);
    await upload(customersXlsx());
    expect(await screen.findByTestId('magp-file-info')).toHaveTextContent('customers.xlsx · 4 rows × 4 columns');
    expect([0, 1, 2, 3].map(state)).toEqual(['no check', 'no check', 'no check', 'no check']);

    await chooseField('B', 'recipient.address.city');
    await waitFor(() => expect(state(1)).toBe('1 error'));
    expect(screen.getByTestId('magp-state-1')).toHaveAttribute('data-state', '1');
    // The over-long cell says by how much.
    const flagged = screen.getByText(LONG_CITY).closest('[role=gridcell]')!;
    expect(flagged).toHaveAttribute('data-issue', 'length');
    expect(within(flagged as HTMLElement).getByTestId('excess')).toHaveTextContent('+23');

    await chooseField('A', 'recipient.contact.companyName');
    await waitFor(() => expect(state(0)).toBe('no error'));
    // Type check: "two" is not a number.
    await chooseField('C', 'requestedPackageLineItems.weight.value');
    await waitFor(() => expect(state(2)).toBe('1 error'));
    expect(screen.getByText('two').closest('[role=gridcell]')).toHaveAttribute('data-issue', 'number');
    expect(state(3)).toBe('no check');

    // The source header row counts when it is kept.
    await userEvent.click(screen.getByRole('switch', { name: 'delete 1st row of your template' }));
    await waitFor(() => expect(state(2)).toBe('2 errors'));
  });

  it('disables a field chosen for one column in the other columns', async () => {
    renderWithProviders(<MagpBatchPage />);
    await upload(customersXlsx());
    await screen.findByTestId('magp-grid');
    await chooseField('B', 'recipient.address.city');
    const other = screen.getByRole('combobox', { name: 'Column D field' });
    await userEvent.click(other);
    await userEvent.type(other, 'recipient.address.city');
    await waitFor(() => expect(dropdownItems('recipient.address.city').length).toBeGreaterThan(0));
    const option = dropdownItems('recipient.address.city').at(-1)!;
    expect(option).toHaveClass('ant-select-item-option-disabled');
    await userEvent.click(option);
    expect(state(3)).toBe('no check');
    expect(state(1)).toBe('1 error');
  });

  it('exports <source>_magpTemplate.xlsx with a sheet MAGP: mapped columns, 1st row deleted, add-on columns; then resets', async () => {
    renderWithProviders(<MagpBatchPage />);
    await upload(customersXlsx());
    await screen.findByTestId('magp-grid');
    await chooseField('B', 'recipient.address.city');
    await chooseField('A', 'recipient.contact.companyName');
    const addOns = screen.getByRole('combobox', { name: 'add-on fields' });
    await userEvent.type(addOns, 'myOwnColumn{enter}');
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('customers_magpTemplate.xlsx');
    expect(await readBack(downloads[0]!.blob)).toEqual({
      sheets: ['MAGP'],
      rows: [
        ['recipient.contact.companyName', 'recipient.address.city', 'myOwnColumn'],
        // The add-on column is there, empty.
        ['Acme', 'Memphis', ''],
        ['Globex', LONG_CITY, ''],
        ['Initech', 'Shanghai', ''],
      ],
    });
    expect(await screen.findByText('customers_magpTemplate.xlsx exported')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('magp-grid')).not.toBeInTheDocument());
  });

  it('exports <source>_magpGuide.xlsx with the data type and description rows', async () => {
    renderWithProviders(<MagpBatchPage />);
    await upload(customersXlsx());
    await screen.findByTestId('magp-grid');
    await chooseField('C', 'requestedPackageLineItems.weight.value');
    await chooseField('B', 'recipient.address.city');
    await userEvent.click(screen.getByRole('switch', { name: 'add data type row' }));
    await userEvent.click(screen.getByRole('switch', { name: 'add description row' }));
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('customers_magpGuide.xlsx');
    const { sheets, rows } = await readBack(downloads[0]!.blob);
    expect(sheets).toEqual(['MAGP']);
    expect(rows.slice(0, 3)).toEqual([
      ['recipient.address.city', 'requestedPackageLineItems.weight.value'],
      ['String(35)', 'Number'],
      ['City name. Max length is 35.', 'Package weight value.'],
    ]);
    expect(rows.slice(3)).toEqual([
      ['Memphis', '2.5'],
      [LONG_CITY, 'two'],
      ['Shanghai', '3'],
    ]);
  });

  it('does nothing on export without data or with every header empty', async () => {
    renderWithProviders(<MagpBatchPage />);
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await upload(customersXlsx());
    await screen.findByTestId('magp-grid');
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect(
      await screen.findAllByText('Nothing to export: upload a file and choose a header for at least one column'),
    ).not.toHaveLength(0);
    expect(downloads).toHaveLength(0);
    expect(screen.getByTestId('magp-grid')).toBeInTheDocument();
  });

  it('renders only the rows in view of a 10,000-row sheet', async () => {
    const rows = Array.from({ length: 10_000 }, (_, r) => Array.from({ length: 40 }, (_, c) => `r${r}c${c}`));
    const csv = rows.map((r) => r.join(',')).join('\n');
    renderWithProviders(<MagpBatchPage />);
    await upload(new File([csv], 'big.csv'));
    expect(await screen.findByTestId('magp-file-info')).toHaveTextContent('big.csv · 10000 rows × 40 columns');
    const rendered = screen.getAllByRole('row').length;
    expect(rendered).toBeLessThan(60);
    expect(screen.getByText('r0c0')).toBeInTheDocument();
    expect(screen.queryByText('r9999c0')).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    renderWithProviders(<MagpBatchPage />, { lang: 'zh' });
    expect(screen.getByRole('switch', { name: '删除模板的第 1 行' })).toBeInTheDocument();
    await upload(customersXlsx());
    await screen.findByTestId('magp-grid');
    expect(state(0)).toBe('未检查');
    await chooseField('B', 'recipient.address.city', '第 B 列字段');
    await waitFor(() => expect(state(1)).toBe('1 个错误'));
  });

  it('says "1 error" and "2 errors" (plural rules), and marks the deleted 1st row only while the switch is on', async () => {
    renderWithProviders(<MagpBatchPage />);
    await upload(customersXlsx());
    await screen.findByTestId('magp-grid');
    const firstRow = () => screen.getAllByRole('row').find((r) => r.getAttribute('aria-rowindex') === '1')!;
    expect(firstRow()).toHaveAttribute('data-deleted', 'true');
    expect(firstRow()).toHaveAttribute('title', 'not exported (1st row deleted)');
    await chooseField('C', 'requestedPackageLineItems.weight.value');
    await waitFor(() => expect(state(2)).toBe('1 error'));
    await userEvent.click(screen.getByRole('switch', { name: 'delete 1st row of your template' }));
    await waitFor(() => expect(state(2)).toBe('2 errors'));
    expect(firstRow()).not.toHaveAttribute('data-deleted');
    expect(firstRow()).not.toHaveAttribute('title');
  });
});
