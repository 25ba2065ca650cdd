import { useState } from 'react';
import { Button, Flex } from 'antd';
import { FileImageOutlined } from '@ant-design/icons';
import { LabelViewer, downloadBlob } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { Base64Input, bytesBlob, formatBytes } from './Base64Input';
import { DecodedFile } from './DecodedFile';
import { messages } from './messages';

export function PdfTab() {
  const m = useMessages(messages);
  const [pdf, setPdf] = useState<{ bytes: Uint8Array; blob: Blob }>();
  const [pngs, setPngs] = useState<Blob[]>();
  const [converting, setConverting] = useState(false);

  const show = (bytes: Uint8Array) => {
    setPngs(undefined);
    setPdf({ bytes, blob: bytesBlob(bytes, 'application/pdf') });
  };

  /** Every page at scale 1.5, each saved once its drawing has finished. */
  const asPng = async () => {
    if (!pdf) return;
    setConverting(true);
    try {
      const { pdfToPngs } = await import('@/components/label-viewer/pdf');
      const pages = await pdfToPngs(pdf.bytes, 1.5);
      setPngs(pages);
      pages.forEach((png, i) => downloadBlob(png, pages.length === 1 ? 'document.png' : `document-page-${i + 1}.png`));
    } catch (err) {
      notify.error(fillMessage(m.pdfNotConverted, { reason: (err as Error).message }));
    } finally {
      setConverting(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Base64Input action={m.preview} placeholder={m.pastePdf} onBytes={show} />
      {pdf ? (
        <>
          <DecodedFile kind="pdf" blob={pdf.blob} caption={formatBytes(pdf.bytes.length)} fileName="document.pdf" />
          <Flex>
            <Button icon={<FileImageOutlined />} loading={converting} onClick={() => void asPng()}>
              {m.asPng}
            </Button>
          </Flex>
          {pngs ? (
            <LabelViewer kind="png" blobs={pngs} caption={fillMessage(m.pagesAsPng, { n: pngs.length })} />
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
