import { defineMessages } from '@/lib/i18n';

/** Calculate Tracking #'s words. */
export const messages = defineMessages({
  en: {
    copyAll: 'Copy all',
    numbersCopied: '{n} numbers copied',
    copied: '{n} copied',
    placeholder: 'Tracking number',
    search: 'Search',
    required: 'enter a tracking number',
    prev: 'Prev {n}',
    next: 'Next {n}',
  },
  zh: {
    copyAll: '全部复制',
    numbersCopied: '已复制 {n} 个运单号',
    copied: '已复制 {n}',
    placeholder: '运单号',
    search: '计算',
    required: '请输入运单号',
    prev: '前 {n} 个',
    next: '后 {n} 个',
  },
});
