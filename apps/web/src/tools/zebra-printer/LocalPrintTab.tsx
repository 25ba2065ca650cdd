import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Image, Spin, Typography, Upload } from 'antd';
import { PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import { ZplPreview } from '@/components/label-viewer';
import { notify } from '@/lib/notify';
import { useMessages } from '@/lib/i18n';
import {
  agentErrorText,
  canPrint,
  convertAndPrint,
  printDataOf,
  UPLOAD_ACCEPT,
  uploadKind,
  writeToDevice,
} from './agent';
import { imageAsPng, pdfPagesAsPng } from './images';
import { messages } from './messages';
import type { Printer } from './usePrinter';

function useObjectUrls(blobs: Blob[] | undefined): string[] {
  const urls = useMemo(() => (blobs ?? []).map((b) => URL.createObjectURL(b)), [blobs]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/**
 * Local Print: a ZPL file goes to /write as it is; an image goes to /convert as PNG; a PDF is
 * drawn page by page with pdf.js at scale 2.7 and each page goes to /convert as PNG. The preview
 * shows what will print (ZPL through the label service).
 */
export function LocalPrintTab({ printer }: { printer: Printer }) {
  const m = useMessages(messages);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const kind = file ? uploadKind(file.name) : null;

  const prepared = useQuery({
    queryKey: ['zebra-printer-upload', file?.name, file?.size, file?.lastModified, kind],
    enabled: file !== null && kind !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async () => {
      const f = file!;
      if (kind === 'zpl') {
        const bytes = new Uint8Array(await f.arrayBuffer());
        const data = printDataOf(bytes);
        return { zpl: 'text' in data ? data.text : new TextDecoder('latin1').decode(bytes), data, pngs: [] as Blob[] };
      }
      const pngs = kind === 'image' ? [await imageAsPng(f)] : await pdfPagesAsPng(f);
      return { zpl: '', data: null, pngs };
    },
  });
  const urls = useObjectUrls(prepared.data?.pngs);
  const ready = canPrint(printer.state.readiness);

  async function print() {
    if (!file) return notify.error(m.noFile);
    if (!kind) return notify.error(m.unsupportedFile);
    const device = printer.latest.current.device;
    if (!canPrint(printer.latest.current.readiness) || !device) return notify.error(m.notReady);
    setBusy(true);
    notify.success(m.printing);
    try {
      const job = prepared.data ?? (await prepared.refetch()).data;
      if (!job) throw new Error(prepared.error?.message ?? m.unsupportedFile);
      if (kind === 'zpl') await writeToDevice(printer.agentUrl, device, job.data!);
      else for (const png of job.pngs) await convertAndPrint(printer.agentUrl, device, png);
      printer.markAvailable();
    } catch (err) {
      printer.markFailed(err);
      notify.error(agentErrorText(err, m.notReachable, printer.agentUrl));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center">
        <Upload
          accept={UPLOAD_ACCEPT}
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'upload', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>{m.upload}</Button>
        </Upload>
        <Typography.Text type="secondary">{m.uploadHint}</Typography.Text>
      </Flex>
      <Flex gap={12} align="center">
        <Button type="primary" icon={<PrinterOutlined />} loading={busy} onClick={() => void print()}>
          {m.print}
        </Button>
        {!ready && <Typography.Text type="danger">{m.notReady}</Typography.Text>}
      </Flex>
      {file && kind === null && <Alert type="error" showIcon message={m.unsupportedFile} />}
      {prepared.error && <Alert type="error" showIcon message={prepared.error.message} />}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {m.preview}
      </Typography.Title>
      {!file || kind === null ? (
        <Empty description={m.previewEmpty} />
      ) : kind === 'zpl' ? (
        prepared.data && <ZplPreview zpl={prepared.data.zpl} fileBaseName={file.name.replace(/\.[^.]+$/, '')} />
      ) : prepared.isFetching ? (
        <Spin tip={m.rendering}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : (
        <Flex wrap gap={12}>
          {urls.map((url, i) => (
            <figure key={url} style={{ margin: 0 }}>
              <Image
                src={url}
                alt={`${m.preview} ${i + 1}`}
                width={280}
                style={{ border: '1px solid #d9d9d9', background: '#fff' }}
              />
              {kind === 'pdf' && (
                <figcaption>
                  <Typography.Text type="secondary">
                    {m.pdfPage} {i + 1}
                  </Typography.Text>
                </figcaption>
              )}
            </figure>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
