import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecentKeyword, TransactionDefinition } from '@lab/core/contract';
import { blankDefinition } from '@lab/core/transactions';
import { fakeServer, typesReply, type FakeCall } from '@/test/fakeServer';
import { renderWithProviders } from '@/test/render';
import { definitionPng, pngFileName } from './definitionPng';
import { drawerWidth, FAVORITES_STORAGE_KEY, loadFavorites, toggleFavorite } from './favorites';
import SearchTransactionPage from './SearchTransactionPage';

const REQ = '020-global-shipping-transaction-request';
const def = (id: number, description: string, extra: Partial<TransactionDefinition> = {}): TransactionDefinition => ({
  ...blankDefinition('GSMW14', REQ, id, description),
  ...extra,
});
const packaging = def(1273, 'packaging_type', {
  valueType: 'N',
  length: '2',
  occurrences: '1',
  details: 'kind of box',
  allValues: '01~02~YOUR_PACKAGING',
});
const sender = def(4, 'sender_company');

let keywords: RecentKeyword[];
let calls: FakeCall[];

beforeEach(() => {
  keywords = [{ keyword: 'weight', isId: false, created: 'then' }];
  ({ calls } = fakeServer({
    'GET /transactions/types': (_body, url) =>
      url.search === '?version=GSMW14'
        ? { body: typesReply({ '120-global-shipping-transaction-reply': 436, [REQ]: 436, 'x-imported': 3 }) }
        : { status: 500, body: { message: `unexpected ${url.search}` } },
    'GET /transactions/keywords': () => ({ body: keywords }),
    'GET /transactions/search': (_body, url) => {
      const q = url.searchParams;
      if (q.get('keyword')!.length < 2)
        return { body: { definations: [], msg: 'input at least two letters', total: 0, refused: true } };
      keywords = [{ keyword: q.get('keyword')!, isId: q.get('isId') === 'true', created: 'now' }, ...keywords];
      if (q.get('keyword') === '1273')
        return { body: { definations: [packaging], msg: '1 transaction found', total: 1, refused: false } };
      if (q.get('keyword') === 'comp')
        return { body: { definations: [sender], msg: '1 transaction found', total: 1, refused: false } };
      return { body: { definations: [], msg: 'no transaction found', total: 0, refused: false } };
    },
  }));
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => renderWithProviders(<SearchTransactionPage />, { route: '/transaction/search' });
const keywordBox = () => screen.getByLabelText('keyword') as HTMLInputElement;
const checkbox = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function searchFor(text: string, { byId = false, enter = false } = {}) {
  fireEvent.change(keywordBox(), { target: { value: text } });
  if (byId && !checkbox('search id').checked) fireEvent.click(checkbox('search id'));
  if (enter) fireEvent.keyDown(keywordBox(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  else fireEvent.click(screen.getByText('Search', { selector: 'button *' }));
}

describe('Search Transaction screen', () => {
  it('searches by id with the default type and shows the whole definition', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText(REQ)).toBeInTheDocument());
    await searchFor('1273', { byId: true });
    const card = await screen.findByTestId('definition-card');
    expect(calls.some((c) => c.search.includes(`keyword=1273&isId=true&isFullText=false&type=${REQ}`))).toBe(true);
    expect(screen.getByTestId('found-count')).toHaveTextContent('1 transaction found');
    for (const text of [
      'packaging_type (1273)',
      'kind of box',
      'Value Type',
      'Max Length',
      'Occurrences',
      'All Possible Values',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByText(/01\s+02\s+YOUR_PACKAGING/).textContent).toBe('01\n02\nYOUR_PACKAGING');
    expect(await screen.findByText('1 transaction found', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('turns search id off on a non-digit and disables full text while search id is on', async () => {
    renderPage();
    fireEvent.click(checkbox('search id'));
    expect(checkbox('full text')).toBeDisabled();
    fireEvent.change(keywordBox(), { target: { value: '12a' } });
    expect(checkbox('search id')).not.toBeChecked();
    expect(checkbox('full text')).toBeEnabled();
    expect(keywordBox().maxLength).toBe(30);
  });

  it('shows the reply message as an error when nothing came back, searching on Enter', async () => {
    renderPage();
    await searchFor('zzz', { enter: true });
    expect(await screen.findByText('no transaction found', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(screen.getByTestId('found-count')).toHaveTextContent('0 transactions found');
  });

  it('keeps the last results when a search is refused, and does not add it to Recent', async () => {
    renderPage();
    await searchFor('comp');
    await screen.findByText('sender_company (4)');
    await searchFor('x', { enter: true });
    expect(await screen.findByText('input at least two letters', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(screen.getByTestId('found-count')).toHaveTextContent('1 transaction found');
    expect(screen.getByText('sender_company (4)')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('recent-keywords')).getByText('comp')).toBeInTheDocument());
    expect(within(screen.getByTestId('recent-keywords')).queryByText('x')).not.toBeInTheDocument();
  });

  it('offers every known type with its loaded-definition count, imported types beside them, filterable', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText(`${REQ} (436 definitions)`)).toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'transaction type' }));
    const list = await screen.findByRole('listbox');
    expect(list).toBeInTheDocument();
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual([
      `${REQ} (436 definitions)`,
      '120-global-shipping-transaction-reply (436 definitions)',
      'return-shipment (0 definitions)',
      'ipd-add-crn (0 definitions)',
      'ipd-edit-crn (0 definitions)',
      'ipd-create-master (0 definitions)',
      'ipd-edit-master (0 definitions)',
      'x-imported (3 definitions)',
    ]);
    expect(screen.getByText('Carrier transaction types')).toBeInTheDocument();
    expect(screen.getByText('Imported types')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'transaction type' }), { target: { value: 'ipd' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(4));
    fireEvent.change(screen.getByRole('combobox', { name: 'transaction type' }), { target: { value: '120' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
        '120-global-shipping-transaction-reply (436 definitions)',
      ]),
    );
  });

  it('reads - for empty attributes on the detail card, as on its PNG', async () => {
    renderPage();
    await searchFor('comp');
    const card = await screen.findByTestId('definition-card');
    const valueType = within(card).getByText('Value Type').closest('tr')!;
    expect(valueType).toHaveTextContent('Value Type-');
    expect(within(card).getByText('All Possible Values').closest('tr')).toHaveTextContent('All Possible Values-');
  });

  it('says when the definitions are loaded, and when only names are, with the exact import command', async () => {
    renderPage();
    expect(await screen.findByTestId('definitions-status')).toHaveTextContent(
      'Definitions GSMW14, imported 2026-11-20.',
    );
  });

  it('refills the keyword box from a recent keyword', async () => {
    renderPage();
    const recent = await screen.findByTestId('recent-keywords');
    fireEvent.click(within(recent).getByText('weight'));
    expect(keywordBox().value).toBe('weight');
    await searchFor('comp');
    await waitFor(() => expect(within(screen.getByTestId('recent-keywords')).getByText('comp')).toBeInTheDocument());
  });

  it('bookmarks into localStorage, views all, removes and clears them in My Transactions', async () => {
    renderPage();
    await searchFor('1273', { byId: true });
    fireEvent.click(await screen.findByLabelText('bookmark'));
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY)!)).toEqual([packaging]);
    await searchFor('comp');
    await screen.findByText('sender_company (4)');
    fireEvent.click(screen.getByLabelText('bookmark'));
    expect(loadFavorites().map((d) => d.id)).toEqual([1273, 4]);

    fireEvent.click(screen.getByLabelText('open My Transactions'));
    await screen.findByText('My Transactions', { selector: '.ant-drawer-title' });
    fireEvent.click(screen.getByText('View All'));
    expect(await screen.findByText('All bookmarked transactions being viewed')).toBeInTheDocument();
    expect(screen.getByTestId('found-count')).toHaveTextContent('2 transactions found');

    fireEvent.click(screen.getByLabelText('open My Transactions'));
    fireEvent.click(within(await screen.findByTestId('bookmark-tags')).getByLabelText('remove bookmark 4'));
    await waitFor(() => expect(loadFavorites().map((d) => d.id)).toEqual([1273]));
    fireEvent.click(screen.getByText('Clear All'));
    expect(await screen.findByText('All bookmarked transactions cleared')).toBeInTheDocument();
    expect(localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe('[]');
  });

  it('starts from an empty list when the stored bookmarks are unreadable', () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, '{not json');
    expect(loadFavorites()).toEqual([]);
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([{ id: 'x' }]));
    expect(loadFavorites()).toEqual([]);
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([sender, { ...sender, type: 'other' }]));
    expect(loadFavorites()).toEqual([sender]);
    expect(toggleFavorite([sender], { ...sender, type: 'other' })).toEqual([]);
  });

  it('sizes the drawer by viewport and names the PNG after the field', async () => {
    expect([drawerWidth(499), drawerWidth(500), drawerWidth(999), drawerWidth(1000)]).toEqual([
      '80%',
      '50%',
      '50%',
      '30%',
    ]);
    expect(pngFileName(packaging)).toBe('1273-packaging_type.png');
    expect(pngFileName(def(7, 'a/b c'))).toBe('7-a_b_c.png');
    const drawn: string[] = [];
    const ctx = {
      font: '',
      fillStyle: '',
      textBaseline: '',
      measureText: (t: string) => ({ width: t.length * 8 }),
      fillRect: () => {},
      fillText: (t: string) => drawn.push(t),
    };
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ctx,
      toBlob: (cb: (b: Blob) => void) => cb(new Blob(['png'])),
    } as unknown as HTMLCanvasElement;
    await expect(definitionPng(packaging, canvas)).resolves.toBeInstanceOf(Blob);
    expect(drawn).toEqual(expect.arrayContaining(['ID', '1273', 'packaging_type', 'YOUR_PACKAGING']));
  });
});
