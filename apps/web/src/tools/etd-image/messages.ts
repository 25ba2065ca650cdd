import { defineMessages } from '@/lib/i18n';

export const messages = defineMessages({
  en: {
    title: 'ETD Image',
    intro:
      'Cut a customer’s letterhead or signature to the sizes the trade-document service accepts. The image never leaves this browser.',
    upload: 'Upload image',
    notAllowed: 'Only gif, jpg, jpeg, png and bmp images are allowed',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    zoomLevel: 'Zoom {percent} %',
    wholeImage: '(whole image)',
    letterHead: 'Letter head',
    signature: 'Signature',
    lockSize: 'Lock Size',
    recommendedSize: 'Recommended Size',
    download: 'Download',
    sendToPlayground: 'Send to FAPI Playground',
    output: 'Output {width}×{height} PNG',
    noImage: 'Choose an image to start',
    preview: 'Result at its real size',
    labelOutline: '4×6 in label',
    rules: 'Trade-document image rules',
    ruleType: 'Type PNG or GIF',
    ruleSize: 'Size {width}×{height} accepted for {kind}',
    ruleSource: 'Cropped area has at least {width}×{height} source pixels (not enlarged)',
    downloaded: '{file} downloaded',
    unreadable: 'This image could not be read',
  },
  zh: {
    title: 'ETD 图片',
    intro: '把客户的信头或签名图片裁剪为贸易单证服务接受的尺寸。图片不会离开本浏览器。',
    upload: '上传图片',
    notAllowed: '只允许 gif、jpg、jpeg、png 和 bmp 图片',
    zoomIn: '放大',
    zoomOut: '缩小',
    zoomLevel: '缩放 {percent} %',
    wholeImage: '（整张图片）',
    letterHead: '信头',
    signature: '签名',
    lockSize: '锁定尺寸',
    recommendedSize: '推荐尺寸',
    download: '下载',
    sendToPlayground: '发送到 FAPI Playground',
    output: '输出 {width}×{height} PNG',
    noImage: '请选择一张图片',
    preview: '实际像素大小的结果',
    labelOutline: '4×6 英寸标签',
    rules: '贸易单证图片规则',
    ruleType: '类型为 PNG 或 GIF',
    ruleSize: '{kind}接受 {width}×{height} 尺寸',
    ruleSource: '裁剪区域至少有 {width}×{height} 个原图像素（未放大）',
    downloaded: '已下载 {file}',
    unreadable: '无法读取此图片',
  },
});

export function fill(template: string, values: object): string {
  const v = values as Record<string, unknown>;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in v ? String(v[k]) : m));
}
