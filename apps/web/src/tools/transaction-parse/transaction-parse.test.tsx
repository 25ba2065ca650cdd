import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TransactionDefinition } from '@lab/core/contract';
import { blankDefinition } from '@lab/core/transactions';
import { fakeServer, typesReply, type FakeCall } from '@/test/fakeServer';
import { renderWithProviders } from '@/test/render';
import ParseTransactionPage from './ParseTransactionPage';

const REQ = '020-global-shipping-transaction-request';
const def = (id: number, description: string, extra: Partial<TransactionDefinition> = {}): TransactionDefinition => ({
  ...blankDefinition('GSMW14', REQ, id, description),
  ...extra,
});
const definitions = [
  def(0, 'transaction_code', { length: '3', valueType: 'N', details: 'the transaction type', allValues: '020~120' }),
  def(4, 'sender_company', { length: '5' }),
  def(79, 'description_of_contents'),
  def(99, 'end_of_record'),
];

let calls: FakeCall[];
let detailed: boolean;
let defined: number | undefined;

beforeEach(() => {
  detailed = true;
  defined = undefined;
  ({ calls } = fakeServer({
    'GET /transactions/types': (_body, url) =>
      url.search === '?version=GSMW14'
        ? { body: typesReply({ [REQ]: 436, '120-global-shipping-transaction-reply': 436 }, { detailed, defined }) }
        : { status: 500, body: { message: `unexpected ${url.search}` } },
    'POST /transactions/:version/:type/ids': (body, _url, { version, type }) =>
      version === 'GSMW14' && type === REQ
        ? { body: definitions.filter((d) => body.ids.includes(d.id)) }
        : { status: 404, body: { message: `no route for ${version} ${type}` } },
  }));
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => renderWithProviders(<ParseTransactionPage />, { route: '/transaction/parse' });
const textArea = () => screen.getByLabelText('transaction');
const type = (text: string) => fireEvent.change(textArea(), { target: { value: text } });
const button = (name: string) => screen.getByText(name, { selector: 'button *' }).closest('button')!;
const SPACED = '0,"020" 4,"ACME Inc" 79-1,"books"\n1958,"Box" 99,""';

/** Parses a one-field transaction and opens the transaction_code row's definition details. */
async function parseAndExpandTransactionCode() {
  renderPage();
  type('0,"020"99,""');
  fireEvent.click(button('Parse'));
  const row = (await screen.findByText('transaction_code')).closest('.ant-table-row') as HTMLElement;
  fireEvent.click(within(row).getByRole('button'));
  expect(await screen.findByText('the transaction type')).toBeInTheDocument();
}

describe('Parse Transaction screen', () => {
  it('tags the format as you type, strict mode refusing spaces, and enables Parse and Trim only when correct', async () => {
    renderPage();
    expect(
      screen.getByText('The field definitions come from v14 software and may be incomplete or incorrect.'),
    ).toBeInTheDocument();
    expect(textArea()).toHaveAttribute('rows', '20');
    expect(screen.getByTestId('format-tag')).toHaveTextContent('format incorrect');
    expect(button('Parse')).toBeDisabled();
    type(SPACED);
    expect(screen.getByTestId('format-tag')).toHaveTextContent('format correct');
    expect(button('Parse')).toBeEnabled();
    expect(button('Trim')).toBeEnabled();
    fireEvent.click(screen.getByLabelText('strict mode'));
    expect(screen.getByTestId('format-tag')).toHaveTextContent('format incorrect');
    expect(screen.getByTestId('format-problem')).toHaveTextContent(
      'space between fields is not allowed in strict mode at character 8',
    );
    expect(button('Parse')).toBeDisabled();
    expect(button('Trim')).toBeDisabled();
    type('0,"020"99,""');
    expect(screen.getByTestId('format-tag')).toHaveTextContent('format correct');
  });

  it('parses with one ids request and shows names, NOT FOUND, lengths and row tones', async () => {
    renderPage();
    type(SPACED);
    fireEvent.click(button('Parse'));
    expect(await screen.findByTestId('field-count')).toHaveTextContent('5 fields');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: [0, 4, 79, 1958, 99] }]);
    const company = screen.getByText('sender_company').closest('.ant-table-row')!;
    expect(within(company as HTMLElement).getByText('8/5')).toBeInTheDocument();
    expect(company).toHaveClass('tran-row-error');
    expect(screen.getByText('NOT FOUND').closest('.ant-table-row')).toHaveClass('tran-row-warning');
    expect(screen.getByText('description_of_contents').closest('.ant-table-row')).toHaveClass('tran-row-info');
    expect(screen.getByText('transaction_code').closest('.ant-table-row')).not.toHaveClass(/tran-row/);

    fireEvent.change(screen.getByLabelText('field name'), { target: { value: 'SENDER' } });
    expect(screen.getByTestId('field-count')).toHaveTextContent('1 of 5 fields');
    expect(screen.queryByText('transaction_code')).not.toBeInTheDocument();
  });

  it('expands a row to the definition details', async () => {
    await parseAndExpandTransactionCode();
    expect(screen.getByText(/020\s+120/).textContent).toBe('020\n120');
  });

  it('clears the results when the input changes (to invalid, cleared or other text) and collapses rows on a new parse', async () => {
    await parseAndExpandTransactionCode();
    type('0,"020"99,"');
    expect(screen.queryByTestId('field-count')).not.toBeInTheDocument();
    expect(screen.queryByText('transaction_code')).not.toBeInTheDocument();
    type('');
    expect(screen.queryByTestId('field-count')).not.toBeInTheDocument();
    type('0,"020"99,""');
    fireEvent.click(button('Parse'));
    await screen.findByText('transaction_code');
    expect(screen.queryByText('the transaction type')).not.toBeInTheDocument();
    type('0,"020"4,"ACME"99,""');
    expect(screen.queryByTestId('field-count')).not.toBeInTheDocument();
  });

  it('offers every known type in the type dropdown, with its definitions count', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText(`${REQ} (436 definitions)`)).toBeInTheDocument());
    type('0,"020"99,""');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'transaction type' }));
    await screen.findByRole('listbox');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toContain(
      'ipd-create-master (0 definitions)',
    );
  });

  it.each([
    [
      'only field names are loaded',
      { detailed: false, defined: 0 },
      'Only field names are loaded for GSMW14: lengths, value types, details and possible values are missing, so the too-long check cannot run. Load the definitions with:',
    ],
    [
      'only some definitions have a length',
      { detailed: true, defined: 4 },
      '4 of 872 fields defined for GSMW14: the others have a name only, so the too-long check skips them. Load the definitions with:',
    ],
  ])('says when %s, with the exact command that loads the definitions', async (_when, reply, text) => {
    ({ detailed, defined } = reply);
    renderPage();
    const status = await screen.findByTestId('definitions-status');
    expect(status).toHaveTextContent(text);
    expect(status).toHaveTextContent('lab import transactions <file.csv|.json|.xlsx> --version GSMW14');
    expect(status).toHaveTextContent(
      'Columns: tran_type, tran_id, description, value_type, length, occurrences, details, all_values',
    );
  });

  it('says how many fields are defined in Chinese', async () => {
    defined = 4;
    renderWithProviders(<ParseTransactionPage />, { route: '/transaction/parse', lang: 'zh' });
    expect(await screen.findByTestId('definitions-status')).toHaveTextContent(
      'GSMW14 已定义 4 / 872 个字段：其余字段只有名称，超长检查会跳过它们。请用以下命令加载定义：',
    );
  });

  it('copies the trimmed transaction and confirms', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    type(SPACED);
    fireEvent.click(button('Trim'));
    expect(await screen.findByText('trimmed transaction copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('0,"020"4,"ACME Inc"79-1,"books"1958,"Box"99,""');
  });

  it('renders 2,000 fields without putting 2,000 rows in the page (virtual table)', async () => {
    renderPage();
    const big = Array.from({ length: 2000 }, (_, i) => `${i % 100},"v${i}"`).join('');
    type(big);
    fireEvent.click(button('Parse'));
    expect(await screen.findByTestId('field-count', {}, { timeout: 10_000 })).toHaveTextContent('2000 fields');
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row').length).toBeGreaterThan(0));
    expect(document.querySelectorAll('.ant-table-row').length).toBeLessThan(200);
  });
});
