import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpenApiDiffReply, OpenApiRelease } from '@lab/core/contract';
import { textOf } from '@/test/blobs';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import FapiDocPage from './FapiDocPage';
import { docRoutes, summary } from './testDocs';

// The page renders antd and a lazy list; on a busy CI machine the default 1 s is too short.
configure({ asyncUtilTimeout: 8000 });

const NAME = 'ship--Shipment-Resource';
const OP = 'POST /ship/v1/shipments';
const ADDRESS = 'requestedShipment.shipper.address';

const release = (id: number, label: string | null, version: string, current: boolean): OpenApiRelease => ({
  id,
  label,
  version,
  sha256: `${id}`.repeat(64),
  importedAt: `2026-11-2${id}T10:0${id}:00.000Z`,
  operations: 1,
  current,
});
const RELEASES = [release(2, 'r2', '2.0', true), release(1, null, '1.0', false)];

const DIFF: OpenApiDiffReply = {
  name: NAME,
  from: { id: 1, label: null, version: '1.0', sha256: '1', importedAt: RELEASES[1]!.importedAt },
  to: { id: 2, label: 'r2', version: '2.0', sha256: '2', importedAt: RELEASES[0]!.importedAt },
  counts: { breaking: 2, 'non-breaking': 1, 'doc-only': 1 },
  operations: { added: 1, removed: 0, changed: 1, unchanged: 0 },
  changes: [
    { operation: 'GET /ship/v1/shipments/{id}', where: 'operation', rule: 'operation.added', class: 'non-breaking' },
    {
      operation: OP,
      where: 'request',
      field: `${ADDRESS}.streetLines`,
      rule: 'request.field-removed',
      class: 'breaking',
    },
    {
      operation: OP,
      where: 'request',
      field: `${ADDRESS}.postalCode`,
      rule: 'request.limit-narrowed',
      class: 'breaking',
      before: 'maxLength 20',
      after: 'maxLength 10',
    },
    {
      operation: OP,
      where: 'request',
      field: `${ADDRESS}.countryCode`,
      rule: 'doc.description-changed',
      class: 'doc-only',
      before: 'Country code.',
      after: 'Country.',
    },
  ],
};

let calls: ReturnType<typeof fakeServer>['calls'];
beforeEach(() => {
  ({ calls } = fakeServer({
    'GET /config': () => ({ body: clientConfig() }),
    ...docRoutes(() => [summary(NAME, 'Ship API')]),
    'GET /openapi-docs/:id/releases': () => ({ body: { name: NAME, releases: RELEASES } }),
    'GET /openapi-docs/:id/diff': () => ({ body: DIFF }),
    'GET /openapi-docs/:id/where-used': (_b, url) => ({
      body: {
        schema: url.searchParams.get('schema')!,
        field: url.searchParams.get('field'),
        uses: [
          { operation: OP, where: 'request', paths: [`${ADDRESS}.postalCode`] },
          { operation: 'PUT /ship/v1/shipments/tag', where: 'response', status: '200', paths: [''] },
        ],
      },
    }),
  }));
  // A download is a click on a temporary link: jsdom does not navigate.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = (query: string) => `/api/fapidoc?api=${NAME}&op=${encodeURIComponent(OP)}&level=4${query}`;

describe('FAPI Doc releases', () => {
  it('lists the releases newest first with the current one tagged, and reads an older release with ?release=', async () => {
    const { router } = renderWithProviders(<FapiDocPage />, { route: route('') });
    await screen.findByRole('tree', { name: 'Request' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Release' }));
    await screen.findByTitle('1.0 · 1.0 · imported 2026-11-21 10:01');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      'r2 · 2.0 · imported 2026-11-22 10:02current',
      '1.0 · 1.0 · imported 2026-11-21 10:01',
    ]);
    fireEvent.click(screen.getByTitle('1.0 · 1.0 · imported 2026-11-21 10:01'));
    await waitFor(() => expect(router.state.location.search).toContain('release=1'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/openapi-docs/${NAME}/view` && c.search.includes('release=1'))).toBe(true),
    );
    expect(calls.some((c) => c.path === `/openapi-docs/${NAME}/operations` && c.search === '?release=1')).toBe(true);
  });

  it('marks the compared tree (added, removed, changed with before → after) and lists the changes, filtered and exported', async () => {
    const { router } = renderWithProviders(<FapiDocPage />, { route: route('&compare=1') });
    const tree = await screen.findByRole('tree', { name: 'Request' });
    const postal = await within(tree).findByText('postalCode');
    const postalRow = postal.closest('[role="treeitem"]') as HTMLElement;
    const changed = within(postalRow).getByText('changed');
    expect(changed.closest('.fd-mark')).toHaveClass('fd-mark-changed');
    expect(changed.closest('.fd-mark')!.querySelector('.anticon-edit')).not.toBeNull();
    fireEvent.mouseEnter(changed.closest('.fd-mark')!);
    expect((await screen.findByTestId('change-tip')).textContent).toBe(
      'a request limit got stricter: values the client sends may be refused: maxLength 20 → maxLength 10',
    );
    const country = within(tree).getByText('countryCode').closest('[role="treeitem"]') as HTMLElement;
    expect(within(country).getByText('changed')).toBeInTheDocument();
    const removed = document.querySelector('.fd-removed') as HTMLElement;
    expect(removed.textContent).toBe(`Removed from this part:removed ${ADDRESS}.streetLines`);
    expect(within(tree).queryAllByText('added')).toEqual([]);

    expect(await screen.findByText('Changes from 1.0 to r2')).toBeInTheDocument();
    const rows = () =>
      [...document.querySelectorAll('.fd-changes tr.ant-table-row')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' | '),
      );
    expect(screen.getByText('2 breaking, 1 non-breaking, 1 doc-only')).toBeInTheDocument();
    expect(rows()).toEqual([
      'GET /ship/v1/shipments/{id} | operation |  |  | non-breaking | operation.addeda new operation: no existing call changes',
      `${OP} | request | ${ADDRESS}.streetLines |  | breaking | request.field-removeda request field the client may send is no longer read`,
      `${OP} | request | ${ADDRESS}.postalCode | maxLength 20 → maxLength 10 | breaking | request.limit-narroweda request limit got stricter: values the client sends may be refused`,
      `${OP} | request | ${ADDRESS}.countryCode | Country code. → Country. | doc-only | doc.description-changedonly the description changed`,
    ]);
    fireEvent.click(screen.getByText('Breaking only'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.split(' | ')[2])).toEqual([`${ADDRESS}.streetLines`, `${ADDRESS}.postalCode`]);
    expect(router.state.location.search).toContain('breaking=1');

    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:md';
    };
    URL.revokeObjectURL = () => {};
    fireEvent.click(screen.getByText('Export Markdown'));
    expect(created).toHaveLength(1);
    expect(await textOf(created[0]!)).toBe(
      [
        `# ${NAME}: 1.0 → r2`,
        '',
        '2 breaking, 1 non-breaking, 1 doc-only',
        '',
        '| class | operation | where | rule | before | after |',
        '| --- | --- | --- | --- | --- | --- |',
        `| breaking | \`${OP}\` | request \`${ADDRESS}.streetLines\` | request.field-removed: a request field the client may send is no longer read |  |  |`,
        `| breaking | \`${OP}\` | request \`${ADDRESS}.postalCode\` | request.limit-narrowed: a request limit got stricter: values the client sends may be refused | maxLength 20 | maxLength 10 |`,
        '',
      ].join('\n'),
    );
  });

  it('lists where a field is used from its row and opens a use', async () => {
    const { router } = renderWithProviders(<FapiDocPage />, { route: route('') });
    const tree = await screen.findByRole('tree', { name: 'Request' });
    const postalRow = (await within(tree).findByText('postalCode')).closest('[role="treeitem"]') as HTMLElement;
    fireEvent.click(within(postalRow).getByRole('button', { name: 'Where used' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(`Where Ship.${ADDRESS}.postalCode is used`)).toBeInTheDocument();
    await within(drawer).findByText('PUT /ship/v1/shipments/tag');
    expect(within(drawer).getByText('response 200')).toBeInTheDocument();
    expect(within(drawer).getByText('(the body itself)')).toBeInTheDocument();
    expect(calls.find((c) => c.path === `/openapi-docs/${NAME}/where-used`)?.search).toBe(
      `?schema=Ship&field=${encodeURIComponent(`${ADDRESS}.postalCode`)}`,
    );
    fireEvent.click(within(drawer).getByText('(the body itself)'));
    await waitFor(() => expect(router.state.location.search).toContain('part=200'));
    expect(new URLSearchParams(router.state.location.search).get('op')).toBe('PUT /ship/v1/shipments/tag');
  });

  it('speaks Chinese: marks, change list and its filter', async () => {
    renderWithProviders(<FapiDocPage />, { route: route('&compare=1'), lang: 'zh' });
    const tree = await screen.findByRole('tree', { name: '请求' });
    const postalRow = (await within(tree).findByText('postalCode')).closest('[role="treeitem"]') as HTMLElement;
    expect(within(postalRow).getByText('变更')).toBeInTheDocument();
    expect(await screen.findByText('从 1.0 到 r2 的变化')).toBeInTheDocument();
    expect(screen.getByText('2 个破坏性变化，1 个非破坏性变化，1 个仅文档变化')).toBeInTheDocument();
    expect(screen.getByText('只看破坏性变化')).toBeInTheDocument();
    expect(screen.getByText('导出 Markdown')).toBeInTheDocument();
    expect(screen.getByText('请求限制变严：客户端发送的值可能被拒绝')).toBeInTheDocument();
    expect(screen.getByText(`删除 ${ADDRESS}.streetLines`)).toBeInTheDocument();
  });
});
