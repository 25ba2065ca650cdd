import { defineMessages } from '@/lib/i18n';

/** Calculate Dim Weight's words. */
export const messages = defineMessages({
  en: {
    rule: 'Dimensional weight = L × W × H / {divisor} (cm → kg), weights rounded up to the next 0.5 kg. Freight service is required over {kg} kg, {length} cm length or {girth} cm length + girth.',
    Length: 'Length',
    Width: 'Width',
    Height: 'Height',
    'Gross weight': 'Gross weight',
    search: 'Search',
    clear: 'Clear',
    freight: 'Freight service required',
    noFreight: 'No Freight service required',
    actual: 'Actual weight',
    dim: 'Dimensional weight',
    girth: 'Girth',
    reasons: 'Reason of Freight Service',
  },
  zh: {
    rule: '体积重 = 长 × 宽 × 高 / {divisor}（厘米 → 千克），重量向上取整到 0.5 千克。超过 {kg} 千克、长度超过 {length} 厘米或长度 + 周长超过 {girth} 厘米时需要使用货运服务。',
    Length: '长',
    Width: '宽',
    Height: '高',
    'Gross weight': '毛重',
    search: '计算',
    clear: '清空',
    freight: '需要货运服务',
    noFreight: '不需要货运服务',
    actual: '实际重量',
    dim: '体积重',
    girth: '周长',
    reasons: '需要货运服务的原因',
  },
});
