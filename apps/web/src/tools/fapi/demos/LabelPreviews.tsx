import { useEffect, useMemo, useState } from 'react';
import { Alert, Flex, Segmented } from 'antd';
import { decodeBase64, type ShipDocument } from '@lab/core/carrier/replies';
import { LabelViewer, renderZpl, useLabelServiceUrl, type CheckShipment } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { documentBlob } from './model';

/** ZPL labels are previewed as one PDF from our label service, at the carrier's 4×6.75 stock. */
export const ZPL_PREVIEW = { dpmm: 8, size: '4x6.75', rotation: 0, format: 'pdf' } as const;
/** Shipment documents (the commercial invoice) are shown as PNG pages drawn at this scale. */
export const DOCUMENT_PNG_SCALE = 1.5;

/** The Check action's shipment: the reply, and each label's piece (labels in order). */
const shipmentOf = (labels: ShipDocument[], reply: unknown): CheckShipment => ({
  reply,
  trackingNumber: labels.map((l) => l.trackingNumber).join(','),
});

function ZplAsPdf({ labels, reply }: { labels: ShipDocument[]; reply: unknown }) {
  const m = useMessages(messages);
  const base = useLabelServiceUrl();
  const zpl = useMemo(
    () => labels.map((l) => new TextDecoder().decode(decodeBase64(l.encoded ?? ''))).join('\n'),
    [labels],
  );
  const [pdf, setPdf] = useState<Blob[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    setError(undefined);
    renderZpl(base, zpl, ZPL_PREVIEW, abort.signal).then(
      ({ blob }) => setPdf([blob]),
      (e: Error) => !abort.signal.aborted && setError(fillMessage(m.renderFailed, { message: e.message })),
    );
    return () => abort.abort();
  }, [base, zpl, m.renderFailed]);
  return (
    <div data-testid="shipment-zpl-preview">
      <LabelViewer
        kind="pdf"
        blobs={pdf}
        loading={!pdf.length && !error}
        error={error}
        caption={m.zplPreview}
        check={{
          kind: 'zpl',
          zpl,
          dpmm: ZPL_PREVIEW.dpmm,
          size: ZPL_PREVIEW.size,
          shipment: shipmentOf(labels, reply),
        }}
      />
    </div>
  );
}

function PdfLabels({ labels, reply }: { labels: ShipDocument[]; reply: unknown }) {
  const m = useMessages(messages);
  const [at, setAt] = useState(0);
  const blobs = useMemo(() => labels.map((l) => documentBlob(l)!), [labels]);
  const current = useMemo(() => [blobs[Math.min(at, blobs.length - 1)]!], [blobs, at]);
  return (
    <Flex vertical gap={8}>
      {labels.length > 1 ? (
        <Segmented
          value={at}
          onChange={(v) => setAt(Number(v))}
          options={labels.map((l, i) => ({ value: i, label: `${m.package} ${l.packageSequenceNumber ?? i + 1}` }))}
        />
      ) : null}
      <LabelViewer
        kind="pdf"
        blobs={current}
        check={{ kind: 'image', shipment: shipmentOf([labels[Math.min(at, labels.length - 1)]!], reply) }}
      />
    </Flex>
  );
}

export function DocumentAsPng({ doc }: { doc: ShipDocument }) {
  const m = useMessages(messages);
  const [pngs, setPngs] = useState<Blob[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    void (async () => {
      try {
        const { pdfToPngs } = await import('@/components/label-viewer/pdf');
        const pages = await pdfToPngs(decodeBase64(doc.encoded ?? ''), DOCUMENT_PNG_SCALE);
        if (alive) setPngs(pages);
      } catch (e) {
        if (alive) setError(fillMessage(m.renderFailed, { message: (e as Error).message }));
      }
    })();
    return () => {
      alive = false;
    };
  }, [doc, m.renderFailed]);
  return (
    <div data-testid="shipment-document-preview">
      <LabelViewer
        kind="png"
        blobs={pngs}
        loading={!pngs.length && !error}
        error={error}
        caption={fillMessage(m.invoiceAsPng, { name: doc.fileName })}
      />
    </div>
  );
}

/** The encoded labels previewed by type: PNG pages, PDF, ZPL through the label service. */
export function LabelPreviews({ labels, reply }: { labels: ShipDocument[]; reply?: unknown }) {
  const m = useMessages(messages);
  const encoded = labels.filter((l) => l.encoded);
  const png = useMemo(() => encoded.filter((l) => l.docType === 'PNG'), [encoded]);
  const pdf = useMemo(() => encoded.filter((l) => l.docType === 'PDF'), [encoded]);
  const zpl = useMemo(() => encoded.filter((l) => l.docType === 'ZPLII'), [encoded]);
  const other = encoded.filter((l) => !['PNG', 'PDF', 'ZPLII'].includes(l.docType));
  const pngBlobs = useMemo(() => png.map((l) => documentBlob(l)!), [png]);
  return (
    <Flex vertical gap={12} data-testid="shipment-previews">
      {png.length ? (
        <LabelViewer kind="png" blobs={pngBlobs} check={{ kind: 'image', shipment: shipmentOf(png, reply) }} />
      ) : null}
      {pdf.length ? <PdfLabels labels={pdf} reply={reply} /> : null}
      {zpl.length ? <ZplAsPdf labels={zpl} reply={reply} /> : null}
      {other.length ? (
        <Alert type="info" showIcon title={fillMessage(m.noPreview, { type: other[0]!.docType })} />
      ) : null}
    </Flex>
  );
}
