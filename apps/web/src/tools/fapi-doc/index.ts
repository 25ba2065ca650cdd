import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/fapidoc',
  title: 'FAPI Doc',
  description: 'Read the carrier’s imported OpenAPI documents offline: fields, types, limits, enums and named samples',
  zh: { title: 'FAPI 文档', description: '离线阅读已导入的承运商 OpenAPI 文档：字段、类型、长度、枚举和命名示例' },
  group: 'APIs',
  order: 110,
  keywords: ['openapi', 'swagger', 'schema'],
  load: () => import('./FapiDocPage'),
});
