import { defineMessages } from '@/lib/i18n';

/** ZPL Creator's words. */
export const messages = defineMessages({
  en: {
    title: 'ZPL Creator',
    test: 'test!',
    download: 'Download ZPL',
    tracking: 'tracking {n}',
    placeholder: '^XA … ^XZ, or press test! for a sample label',
  },
  zh: {
    title: 'ZPL 生成器',
    test: 'test!',
    download: '下载 ZPL',
    tracking: '运单号 {n}',
    placeholder: '^XA … ^XZ，或点击 test! 生成样例标签',
  },
});
