import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/transaction/search',
  title: 'Search Transaction',
  description: 'Look up tagged-transaction fields by id or by name, keep the ones you use as bookmarks',
  group: 'Transaction',
  order: 60,
  keywords: ['transaction', 'tag', 'field', 'definition', 'fsms', 'tranquery', 'bookmark'],
  load: () => import('./SearchTransactionPage'),
});
