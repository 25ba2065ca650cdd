import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/magpbatch',
  title: 'MAGP Batch',
  description: 'Map a customer spreadsheet (.xls, .xlsx, .csv) to the batch-shipping template, check lengths, export',
  zh: { title: 'MAGP 批量模板', description: '把客户的表格（.xls、.xlsx、.csv）映射为批量发货模板，检查长度并导出' },
  group: 'Apps',
  order: 40,
  keywords: ['magp', 'batch', 'template', 'excel', 'xlsx', 'csv', 'spreadsheet', 'upload'],
  load: () => import('./MagpBatchPage'),
});
