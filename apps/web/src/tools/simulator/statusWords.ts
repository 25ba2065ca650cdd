import { defineMessages } from '@/lib/i18n';

/**
 * The Simulator's status tags in the reader's language, by the twin's derived status code
 * (`Label created (OC)`, `已创建标签 (OC)`); a code not listed shows the description as sent.
 * Scan events' descriptions are carrier data and stay as the carrier sends them.
 */
export const statusWords = defineMessages({
  en: {
    OC: 'Label created',
    PU: 'Picked up',
    IT: 'In transit',
    OD: 'Out for delivery',
    DL: 'Delivered',
    DE: 'Delivery exception',
    RS: 'Return to shipper',
    CA: 'Cancelled',
  },
  zh: {
    OC: '已创建标签',
    PU: '已揽收',
    IT: '运输中',
    OD: '派送中',
    DL: '已签收',
    DE: '派送异常',
    RS: '退回寄件人',
    CA: '已取消',
  },
});

/** `Delivered (DL)` / `已签收 (DL)`. */
export function statusTag(words: Record<string, string>, status: { code: string; description: string }): string {
  return `${Object.hasOwn(words, status.code) ? words[status.code] : status.description} (${status.code})`;
}
