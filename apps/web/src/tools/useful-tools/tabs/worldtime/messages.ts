import { defineMessages } from '@/lib/i18n';

/** World Time's words. */
export const messages = defineMessages({
  en: {
    date: 'Date',
    time: 'Time',
    zone: 'Zone',
    show: 'show time',
    nonexistent: 'This time does not exist',
    twice: 'This time happened twice',
    noChange: '{zone} does not change its clocks in {year}.',
    changes: 'Clock changes in {zone} in {year}: {list}.',
    months: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec',
  },
  zh: {
    date: '日期',
    time: '时间',
    zone: '时区',
    show: '显示时间',
    nonexistent: '这个时间不存在',
    twice: '这个时间出现了两次',
    noChange: '{zone} 在 {year} 年不调整时钟。',
    changes: '{zone} 在 {year} 年的时钟调整：{list}。',
    months: '1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月',
  },
});
