import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/transaction/parse',
  title: 'Parse Transaction',
  description: 'Check a tagged transaction’s format, name every field and spot values longer than defined',
  group: 'Transaction',
  order: 70,
  keywords: ['transaction', 'parse', 'trim', 'tag', 'field', 'fsms', '020', 'strict'],
  load: () => import('./ParseTransactionPage'),
});
