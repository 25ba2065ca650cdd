import type { RouteObject } from 'react-router';
import { tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { Layout } from './Layout';
import { ToolPage } from './ToolPage';

/** The route table, built from the same tool list as the menu. */
export function buildRoutes(list: ToolDefinition[] = tools): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: list.map((tool) =>
        tool.path === '/'
          ? { index: true, element: <ToolPage key={tool.path} tool={tool} /> }
          : { path: tool.path, element: <ToolPage key={tool.path} tool={tool} /> },
      ),
    },
  ];
}
