import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { LabelViewer, renderZpl, useLabelServiceUrl, type LabelDownload } from '@/components/label-viewer';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import type { ShownLabel } from './orderRun';

const fileStem = (label: ShownLabel) => label.name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'label';

/** The picked label in the shared viewer, titled raw PDF or ZPL converted PDF, with PDF/ZPL/PNG downloads. */
export function LabelPreview({ label }: { label: ShownLabel }) {
  const m = useMessages(messages);
  const serviceUrl = useLabelServiceUrl();
  const blobs = useMemo(() => [label.pdf], [label.pdf]);
  const stem = fileStem(label);
  // The order names each package's tracking number: the check compares the label's symbols with it.
  const shipment = label.trackingNumber ? { shipment: { trackingNumber: label.trackingNumber } } : {};
  const downloads = useMemo<LabelDownload[]>(() => {
    const list: LabelDownload[] = [{ key: 'pdf', label: 'PDF', fileName: `${stem}.pdf`, blob: label.pdf }];
    if (label.zpl !== undefined) {
      const zpl = label.zpl;
      list.push({ key: 'zpl', label: 'ZPL', fileName: `${stem}.zpl`, blob: new Blob([zpl], { type: 'text/plain' }) });
      list.push({
        key: 'png',
        label: 'PNG',
        fileName: `${stem}.png`,
        blob: async () =>
          (
            await renderZpl(serviceUrl, zpl, {
              dpmm: 8,
              size: '4x6',
              rotation: label.rotation,
              format: 'png',
              index: 0,
            })
          ).blob,
      });
    } else {
      list.push({
        key: 'png',
        label: 'PNG',
        fileName: `${stem}.png`,
        blob: async () => {
          const { pdfToPngs } = await import('@/components/label-viewer/pdf');
          const [png] = await pdfToPngs(new Uint8Array(await label.pdf.arrayBuffer()), 1.5);
          if (!png) throw new Error('the PDF has no page');
          return png;
        },
      });
    }
    return list;
  }, [label, serviceUrl, stem]);

  return (
    <Flex vertical gap={4}>
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="preview-title">
        {label.zpl !== undefined ? m.zplConvertedPdf : m.rawPdf}
      </Typography.Title>
      <LabelViewer
        kind="pdf"
        blobs={blobs}
        downloads={downloads}
        check={
          label.zpl !== undefined
            ? { kind: 'zpl', zpl: label.zpl, dpmm: 8, size: '4x6', ...shipment }
            : { kind: 'image', ...shipment }
        }
      />
    </Flex>
  );
}
