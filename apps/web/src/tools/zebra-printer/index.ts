import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/zebraprinter',
  title: 'Browser Print',
  description:
    'Print ZPL, images and PDFs on the Zebra printer on your desk through Browser Print, or on a printer in another office through the relay',
  group: 'Apps',
  order: 30,
  keywords: ['zebra', 'printer', 'print', 'browser print', 'zpl', 'thermal', 'label', 'remote', 'receiver', '9100'],
  load: () => import('./ZebraPrinterPage'),
});
