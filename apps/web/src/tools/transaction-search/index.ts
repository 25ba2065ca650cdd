import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/transaction/search',
  title: 'Search Transaction',
  description: 'Look up tagged-transaction fields by id or by name, keep the ones you use as bookmarks',
  zh: { title: '搜索交易字段', description: '按编号或名称查找标签式交易字段，收藏常用字段' },
  group: 'Transaction',
  order: 60,
  keywords: ['transaction', 'tag', 'field', 'definition', 'fsms', 'tranquery', 'bookmark'],
  load: () => import('./SearchTransactionPage'),
});
