import { defineMessages } from '@/lib/i18n';

/** The Useful Tools page's own words (each tab has its own catalogue). */
export const messages = defineMessages({
  en: {
    title: 'Useful Tools',
    noTools: 'No tools yet',
    lookups: 'Lookups',
    calculators: 'Calculators',
    text: 'Text',
    tabs: 'Useful Tools tabs',
  },
  zh: {
    title: '实用工具',
    noTools: '还没有工具',
    lookups: '查询',
    calculators: '计算',
    text: '文本',
    tabs: '实用工具标签页',
  },
});
