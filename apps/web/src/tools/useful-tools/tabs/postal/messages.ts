import { defineMessages } from '@/lib/i18n';

/** Postal Code Lookup's words. */
export const messages = defineMessages({
  en: {
    required: 'enter a postal code before search',
    placeholder: 'Postal code',
    search: 'Search',
    results: '{n} result(s) returned',
    noResult: 'No result returned, please search again',
    importHint:
      'No postal code data of {country} is imported: offline, only US ZIP codes are built in. Import the GeoNames postal dump with:',
    country: 'Country',
    postalCode: 'Postal code',
    city: 'City',
    tags: 'Tags',
    primary: 'Primary',
    residential: 'Residential',
  },
  zh: {
    required: '请先输入邮编再搜索',
    placeholder: '邮编',
    search: '搜索',
    results: '返回 {n} 条结果',
    noResult: '没有返回结果，请重新搜索',
    importHint: '未导入{country}的邮编数据：离线时只内置了美国邮编。请用以下命令导入 GeoNames 邮编数据：',
    country: '国家/地区',
    postalCode: '邮编',
    city: '城市',
    tags: '标记',
    primary: '主要',
    residential: '住宅',
  },
});
