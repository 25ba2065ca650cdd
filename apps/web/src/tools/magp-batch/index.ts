import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/magpbatch',
  title: 'MAGP Batch',
  description: 'Map a customer spreadsheet (.xls, .xlsx, .csv) to the batch-shipping template, check lengths, export',
  group: 'Apps',
  order: 40,
  keywords: ['magp', 'batch', 'template', 'excel', 'xlsx', 'csv', 'spreadsheet', 'upload'],
  load: () => import('./MagpBatchPage'),
});
