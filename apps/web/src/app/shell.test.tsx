import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { Providers } from './Providers';
import { buildRoutes } from './routes';
import { buildMenuItems } from './Layout';
import { ToolPage } from './ToolPage';
import { tools } from '@/tools/registry';
import { defineTool, type ToolDefinition } from '@/tools/types';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { TestAntd } from '@/test/antd';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';

afterEach(() => vi.unstubAllGlobals());

function renderApp(path: string, lang: 'en' | 'zh' = 'en', user: string | null = null) {
  fakeServer({ 'GET /config': () => ({ body: clientConfig({ fileShareUrl: 'https://share.example.test/', user }) }) });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  return render(
    <TestAntd>
      <Providers lang={lang}>
        <RouterProvider router={router} />
      </Providers>
    </TestAntd>,
  );
}

describe('tool registry', () => {
  it('collects every tools/*/index.ts, sorted by menu order, Home first', () => {
    expect(tools[0]?.path).toBe('/');
    const orders = tools.map((t) => t.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(tools.map((t) => t.path)).size).toBe(tools.length);
  });

  it('builds the menu from the list: Home, then one group per non-empty menu group in order', () => {
    const fake = (path: string, group: ToolDefinition['group'], order: number) =>
      defineTool({ path, title: path, description: '', group, order, load: async () => ({ default: () => null }) });
    const items = buildMenuItems(
      [fake('/b', 'Transaction', 60), fake('/a', 'Apps', 10), fake('/hidden', null, 200), fake('/c', 'Apps', 20)],
      (k) => k,
    );
    expect(items.map((i) => i?.key)).toEqual(['/', 'group:Apps', 'group:Transaction']);
    const apps = items[1] as { children: { key: string }[] };
    expect(apps.children.map((c) => c.key)).toEqual(['/a', '/c']);
  });
});

describe('the menu of the real tools', () => {
  const group = (items: ReturnType<typeof buildMenuItems>, key: string) =>
    (items.find((i) => i?.key === key) as { children: { key: string }[] } | undefined)?.children.map((c) => c.key);

  it('has the APIs group with the webhook page, and ZPL creator under Apps', () => {
    const items = buildMenuItems(tools, (k) => k);
    expect(items.map((i) => i?.key)).toContain('group:APIs');
    expect(group(items, 'group:APIs')).toContain('/api/fdxwebhook');
    expect(group(items, 'group:Apps')).toContain('/utils/zplcreator');
  });

  it('names the tools in Chinese when the language is Chinese', () => {
    const items = buildMenuItems(tools, (k) => k, 'zh');
    const apps = items.find((i) => i?.key === 'group:Apps') as {
      children: { label: { props: { children: string } } }[];
    };
    expect(apps.children.map((c) => c.label.props.children)).toContain('实用工具');
  });
});

describe('app shell', () => {
  it('renders the Home catalogue and footer with the file-share link and year', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Shipping Lab', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'File sharing' })).toHaveAttribute(
      'href',
      'https://share.example.test/',
    );
    expect(screen.getByText(`© ${new Date().getFullYear()}`)).toBeInTheDocument();
  });

  it('renders the 404 texts for an unknown path', async () => {
    renderApp('/nowhere/at/all');
    expect(await screen.findByText('HTTP 404')).toBeInTheDocument();
    expect(screen.getByText('THE PAGE YOU WERE LOOKING FOR COULD NOT BE FOUND.')).toBeInTheDocument();
  });

  it('shows who is signed in when the server has access control on, nobody when it is off', async () => {
    renderApp('/', 'en', 'ada');
    expect(await screen.findByTestId('current-user')).toHaveTextContent('ada');
    expect(screen.getByText('Signed in as')).toBeInTheDocument();
  });

  it('shows no user when access control is off', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'File sharing' })).toBeInTheDocument();
    expect(screen.queryByTestId('current-user')).toBeNull();
  });

  it('switches the chrome to Chinese', async () => {
    renderApp('/');
    await screen.findByPlaceholderText('Filter tools');
    fireEvent.click(screen.getByText('简体中文'));
    expect(await screen.findByPlaceholderText('筛选工具')).toBeInTheDocument();
    expect(localStorage.getItem('lab.lang')).toBe('zh');
  });
});

describe('ToolPage', () => {
  it('shows a retry message when a chunk fails to load, and loads on retry', async () => {
    let calls = 0;
    const tool = defineTool({
      path: '/flaky',
      title: 'Flaky',
      description: '',
      group: null,
      order: 1,
      load: async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { default: () => <p>loaded page</p> };
      },
    });
    renderWithProviders(<ToolPage tool={tool} />);
    expect(
      await screen.findByText('This page could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
  });

  it('treats a chunk that never arrives as failed after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const tool = defineTool({
        path: '/slow',
        title: 'Slow',
        description: '',
        group: null,
        order: 1,
        load: () => new Promise(() => {}),
      });
      renderWithProviders(<ToolPage tool={tool} timeoutMs={120_000} />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_001);
      });
      expect(
        screen.getByText('This page could not be loaded. Check your connection and try again.'),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('notify', () => {
  it('keeps the product durations', () => {
    expect(NOTIFY_SECONDS).toEqual({ search: 3, bookmark: 3, default: 5, error: 10, memo: 2 });
  });

  it('shows notices through antd once the app is mounted', async () => {
    renderWithProviders(<p>page</p>);
    await screen.findByText('page');
    act(() => notify.success('bookmark added', NOTIFY_SECONDS.bookmark));
    await waitFor(() => expect(screen.getByText('bookmark added')).toBeInTheDocument());
  });
});
