import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/zebraprinter',
  title: 'Browser Print',
  description:
    'Print ZPL, images and PDFs on the Zebra printer on your desk through Browser Print, or on a printer in another office through the relay',
  zh: {
    title: '浏览器打印',
    description: '通过 Browser Print 在桌面的 Zebra 打印机上打印 ZPL、图片和 PDF，或经中继在其他办公室的打印机上打印',
  },
  group: 'Apps',
  order: 30,
  keywords: ['zebra', 'printer', 'print', 'browser print', 'zpl', 'thermal', 'label', 'remote', 'receiver', '9100'],
  load: () => import('./ZebraPrinterPage'),
});
