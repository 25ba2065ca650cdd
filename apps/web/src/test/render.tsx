import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/Providers';
import { TestAntd } from './antd';
import type { Lang } from '@/lib/i18n';

export interface RenderOptions {
  /** The URL below /lab, e.g. '/utils/utils?tab=hs'. */
  route?: string;
  lang?: Lang;
}

/** Renders a screen inside the app's real providers (antd as tests render it: ./antd) and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', lang = 'en' }: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const result = render(
    <TestAntd>
      <Providers lang={lang} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </TestAntd>,
  );
  return { ...result, router };
}
