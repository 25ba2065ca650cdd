import { defineMessages } from '@/lib/i18n';

/** The label viewer's and ZPL preview's words. */
export const messages = defineMessages({
  en: {
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    rotate: 'Rotate 180°',
    on: '(on)',
    page: 'Page {n} of {total}',
    label: 'Label {n} of {total}',
    openNewTab: 'Open in new tab',
    size: 'Size',
    inches: '{size} in',
    enterZpl: 'Enter ZPL to see the label.',
    caption: '{n} {labels} · {size} in · 8 dpmm',
    oneLabel: 'label',
    labels: 'labels',
  },
  zh: {
    zoomOut: '缩小',
    zoomIn: '放大',
    rotate: '旋转 180°',
    on: '（已开启）',
    page: '第 {n} 页，共 {total} 页',
    label: '第 {n} 张标签，共 {total} 张',
    openNewTab: '在新标签页中打开',
    size: '尺寸',
    inches: '{size} 英寸',
    enterZpl: '输入 ZPL 即可看到标签。',
    caption: '{n} 张{labels} · {size} 英寸 · 8 dpmm',
    oneLabel: '标签',
    labels: '标签',
  },
});
