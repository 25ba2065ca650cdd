import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/transaction/parse',
  title: 'Parse Transaction',
  description: 'Check a tagged transaction’s format, name every field and spot values longer than defined',
  zh: { title: '解析交易', description: '检查标签式交易的格式，为每个字段命名，找出超过定义长度的值' },
  group: 'Transaction',
  order: 70,
  keywords: ['transaction', 'parse', 'trim', 'tag', 'field', 'fsms', '020', 'strict'],
  load: () => import('./ParseTransactionPage'),
});
