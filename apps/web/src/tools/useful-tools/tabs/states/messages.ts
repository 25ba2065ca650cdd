import { defineMessages } from '@/lib/i18n';

/** Search US States' words. */
export const messages = defineMessages({
  en: {
    placeholder: 'Filter by code, name or capital',
    copied: '{code} copied',
    copyFailed: 'copy failed: the browser refused the clipboard',
    copy: 'Copy',
    code: 'Code',
    name: 'Name',
    capital: 'Capital',
    zones: 'Time zones',
  },
  zh: {
    placeholder: '按代码、名称或首府筛选',
    copied: '已复制 {code}',
    copyFailed: '复制失败：浏览器拒绝访问剪贴板',
    copy: '复制',
    code: '代码',
    name: '名称',
    capital: '首府',
    zones: '时区',
  },
});
