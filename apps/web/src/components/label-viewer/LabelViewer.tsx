import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Space, Spin, Tooltip, Typography } from 'antd';
import {
  CheckCircleOutlined,
  DownloadOutlined,
  ExportOutlined,
  LeftOutlined,
  RightOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { CheckList, CheckOverlay } from './CheckResults';
import { downloadBlob, openBlobInNewTab } from './download';
import { RenderFailure } from './RenderFailure';
import { requestLabelCheck, type LabelCheckReply, type LabelCheckSource } from './labelCheck';
import type { PdfDocument } from './pdf';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

export type ViewerRotation = 0 | 180;

export interface LabelDownload {
  key: string;
  /** Button text, e.g. `PNG`. */
  label: string;
  /** A name, or one per shown label/page (0-based). */
  fileName: string | ((page: number) => string);
  /** The file, or a way to make it for the shown label/page on demand (e.g. ask the service for a PDF). */
  blob: Blob | ((page: number) => Blob | Promise<Blob>);
}

export interface LabelViewerProps {
  kind: 'png' | 'pdf';
  /** PNG: one image per label. PDF: the document. */
  blobs: Blob[];
  /** Labels in the source when more than the images given (capped previews). */
  total?: number;
  downloads?: LabelDownload[];
  /** Set when the content is already turned (by the label service); the viewer then only reports clicks. */
  rotation?: ViewerRotation;
  onRotationChange?: (rotation: ViewerRotation) => void;
  caption?: ReactNode;
  loading?: boolean;
  /** A failed render: a message, or the error (a label the engine fails on is worded from its body). */
  error?: string | Error;
  /** Offer **Check**: decode every bar code of the shown label and check it (see LabelCheckSource). */
  check?: LabelCheckSource;
}

export const ZOOM_STEPS = [25, 33, 50, 67, 75, 100, 125, 150, 200, 300, 400];
const DEFAULT_ZOOM = 50;
/** PDF points → pixels at 100%: 8 dots/mm, so a PDF page and an 8 dpmm PNG show at the same size. */
const PDF_SCALE_AT_100 = (8 * 25.4) / 72;

function PngPage({ url, zoom, index }: { url: string; zoom: number; index: number }) {
  const [natural, setNatural] = useState<{ w: number; h: number }>();
  return (
    <img
      src={url}
      alt={`label ${index + 1}`}
      data-testid="label-image"
      onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
      style={{
        width: natural ? (natural.w * zoom) / 100 : undefined,
        maxWidth: natural ? undefined : '100%',
        display: 'block',
        border: '1px solid #d9d9d9',
        background: '#fff',
        imageRendering: zoom >= 100 ? 'pixelated' : 'auto',
      }}
    />
  );
}

function PdfPage({
  blob,
  page,
  zoom,
  rotation,
  onPages,
}: {
  blob: Blob;
  page: number;
  zoom: number;
  rotation: number;
  onPages: (n: number) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PdfDocument>();
  const [error, setError] = useState<string>();
  const [drawing, setDrawing] = useState(true);

  useEffect(() => {
    let alive = true;
    let opened: PdfDocument | undefined;
    setError(undefined);
    void (async () => {
      try {
        const { openPdf } = await import('./pdf');
        opened = await openPdf(new Uint8Array(await blob.arrayBuffer()));
        if (!alive) return void opened.destroy();
        setDoc(opened);
        onPages(opened.numPages);
      } catch (err) {
        if (alive) setError(`the PDF could not be opened: ${(err as Error).message}`);
      }
    })();
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, [blob, onPages]);

  useEffect(() => {
    if (!doc) return;
    let current = true;
    setDrawing(true);
    void (async () => {
      const { renderPdfPage } = await import('./pdf');
      const canvas = document.createElement('canvas');
      canvas.setAttribute('data-testid', 'label-canvas');
      canvas.style.border = '1px solid #d9d9d9';
      try {
        await renderPdfPage(doc, page + 1, canvas, (PDF_SCALE_AT_100 * zoom) / 100, rotation);
        if (current) holder.current?.replaceChildren(canvas);
      } catch (err) {
        if (current) setError(`page ${page + 1} could not be drawn: ${(err as Error).message}`);
      } finally {
        if (current) setDrawing(false);
      }
    })();
    return () => {
      current = false;
    };
  }, [doc, page, zoom, rotation]);

  if (error) return <Alert type="error" showIcon message={error} />;
  return (
    <Spin spinning={drawing}>
      <div ref={holder} data-testid="label-pdf" style={{ minHeight: 80 }} />
    </Spin>
  );
}

/** One label's check with the geometry of what was checked (ZPL: the rendered label; an image: its pixels). */
interface LabelResult {
  label: LabelCheckReply['labels'][number];
  dpmm: number;
  widthDots: number;
  heightDots: number;
}

/**
 * The Check action's state: every label of the shown content checked at once, each label's result
 * kept with it while the reader pages, forgotten when the content changes. ZPL is checked as a
 * whole (one request); PNG labels and PDF pages are sent one by one as the PNG shown.
 */
function useLabelCheck(
  source: LabelCheckSource | undefined,
  kind: 'png' | 'pdf',
  blobs: Blob[],
  pages: number,
): { results: LabelResult[]; busy: boolean; error?: Error; run: () => void } {
  const [state, setState] = useState<{ results: LabelResult[]; busy: boolean; error?: Error }>({
    results: [],
    busy: false,
  });
  const generation = useRef(0);
  const zpl = source?.kind === 'zpl' ? source.zpl : undefined;
  const images = zpl === undefined ? blobs : undefined;
  useEffect(() => {
    generation.current += 1;
    setState({ results: [], busy: false });
  }, [zpl, images]);
  const run = () => {
    if (!source) return;
    const mine = ++generation.current;
    const current = () => generation.current === mine;
    setState({ results: [], busy: true });
    void (async () => {
      try {
        if (source.kind === 'zpl') {
          const file = new Blob([source.zpl], { type: 'text/plain' });
          const reply = await requestLabelCheck(file, {
            dpmm: source.dpmm,
            size: source.size,
            shipment: source.shipment,
          });
          const { dpmm, widthDots, heightDots } = reply;
          if (current())
            setState({ results: reply.labels.map((label) => ({ label, dpmm, widthDots, heightDots })), busy: false });
          return;
        }
        // An image is one label: of a piece list (`a,b,c`), that label's piece.
        const pieces = source.shipment?.trackingNumber?.split(',');
        const results: LabelResult[] = [];
        const count = kind === 'png' ? blobs.length : pages;
        for (let i = 0; i < count; i++) {
          const file =
            kind === 'png'
              ? blobs[i]!
              : await (
                  await import('./pdf')
                ).pdfPageToPng(new Uint8Array(await blobs[0]!.arrayBuffer()), i + 1, PDF_SCALE_AT_100);
          const shipment =
            source.shipment && pieces
              ? { ...source.shipment, trackingNumber: pieces[i] ?? pieces[0] }
              : source.shipment;
          const reply = await requestLabelCheck(file, { dpmm: 8, size: '4x6', shipment });
          if (!current()) return;
          results.push({
            label: reply.labels[0]!,
            dpmm: reply.dpmm,
            widthDots: reply.widthDots,
            heightDots: reply.heightDots,
          });
          setState({ results: [...results], busy: i < count - 1 });
        }
      } catch (err) {
        if (current()) setState((s) => ({ results: s.results, busy: false, error: err as Error }));
      }
    })();
  };
  return { ...state, run };
}

/**
 * The one label preview every screen uses: PNG labels or a PDF (pdf.js), zoom, rotate 0/180,
 * label/page navigation, downloads and "open in new tab".
 */
export function LabelViewer({
  kind,
  blobs,
  total,
  downloads = [],
  rotation: controlledRotation,
  onRotationChange,
  caption,
  loading,
  error,
  check,
}: LabelViewerProps) {
  const m = useMessages(messages);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [ownRotation, setOwnRotation] = useState<ViewerRotation>(0);
  const [page, setPage] = useState(0);
  const [pdfPages, setPdfPages] = useState(1);

  const urls = useMemo(() => (kind === 'png' ? blobs.map((b) => URL.createObjectURL(b)) : []), [kind, blobs]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);

  const pages = kind === 'png' ? blobs.length : pdfPages;
  const labelCount = Math.max(total ?? 0, pages);
  useEffect(() => setPage((p) => (p < pages ? p : 0)), [pages]);

  const rotation = controlledRotation ?? ownRotation;
  // Content the service already turned is shown as is.
  const drawnRotation = controlledRotation === undefined ? ownRotation : 0;
  const rotate = () => {
    const next: ViewerRotation = rotation === 0 ? 180 : 0;
    if (onRotationChange) onRotationChange(next);
    if (controlledRotation === undefined) setOwnRotation(next);
  };
  const zoomBy = (dir: 1 | -1) => {
    const i = ZOOM_STEPS.findIndex((z) => z >= zoom);
    const at = i === -1 ? ZOOM_STEPS.length - 1 : i;
    setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, at + dir))]!);
  };
  const current = kind === 'png' ? blobs[page] : blobs[0];
  const checking = useLabelCheck(check, kind, blobs, pages);
  const checked = checking.results[page];
  const checkedLabel = checked?.label;
  // Dots of the check → screen pixels: a PNG shows its dots 1:1 at 100%; a PDF page is drawn at 8 dots/mm.
  const dotsToPixels = (zoom / 100) * (kind === 'pdf' && checked ? 8 / checked.dpmm : 1);
  // A PNG turns with its holder; a PDF page is drawn turned, so the boxes turn by arithmetic.
  const flip =
    checked && rotation === 180 && (kind === 'pdf' || controlledRotation !== undefined)
      ? { width: checked.widthDots, height: checked.heightDots }
      : undefined;

  const save = async (d: LabelDownload) => {
    const blob = typeof d.blob === 'function' ? await d.blob(page) : d.blob;
    downloadBlob(blob, typeof d.fileName === 'function' ? d.fileName(page) : d.fileName);
  };

  if (error) return <RenderFailure error={error} />;
  if (!current) return loading ? <Spin /> : null;

  return (
    <Flex vertical gap={8} data-testid="label-viewer">
      <Flex wrap gap={8} align="center">
        <Space.Compact>
          <Tooltip title={m.zoomOut}>
            <Button
              aria-label="Zoom out"
              icon={<ZoomOutOutlined />}
              onClick={() => zoomBy(-1)}
              disabled={zoom <= ZOOM_STEPS[0]!}
            />
          </Tooltip>
          <Button onClick={() => setZoom(100)} aria-label="Actual size">
            {zoom}%
          </Button>
          <Tooltip title={m.zoomIn}>
            <Button
              aria-label="Zoom in"
              icon={<ZoomInOutlined />}
              onClick={() => zoomBy(1)}
              disabled={zoom >= ZOOM_STEPS.at(-1)!}
            />
          </Tooltip>
        </Space.Compact>
        <Button icon={<RotateRightOutlined />} onClick={rotate} aria-pressed={rotation === 180}>
          {m.rotate} {rotation ? m.on : ''}
        </Button>
        {pages > 1 || labelCount > 1 ? (
          <Space.Compact>
            <Button
              aria-label="Previous label"
              icon={<LeftOutlined />}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            />
            <Button disabled data-testid="label-page">
              {fillMessage(kind === 'pdf' ? m.page : m.label, {
                n: page + 1,
                total: kind === 'pdf' ? pages : labelCount,
              })}
            </Button>
            <Button
              aria-label="Next label"
              icon={<RightOutlined />}
              disabled={page >= pages - 1}
              onClick={() => setPage(page + 1)}
            />
          </Space.Compact>
        ) : null}
        {downloads.map((d) => (
          <Button
            key={d.key}
            aria-label={`Download ${d.label}`}
            icon={<DownloadOutlined />}
            onClick={() => void save(d)}
          >
            {d.label}
          </Button>
        ))}
        <Button icon={<ExportOutlined />} onClick={() => openBlobInNewTab(current)}>
          {m.openNewTab}
        </Button>
        {check ? (
          <Tooltip title={m.checkTitle}>
            <Button icon={<CheckCircleOutlined />} loading={checking.busy} onClick={checking.run}>
              {m.check}
            </Button>
          </Tooltip>
        ) : null}
        {loading ? <Spin size="small" /> : null}
      </Flex>
      {caption ? <Typography.Text type="secondary">{caption}</Typography.Text> : null}
      <div style={{ overflow: 'auto', maxHeight: '75vh', padding: 8, background: '#f5f5f5', textAlign: 'center' }}>
        <div
          data-testid="label-holder"
          style={{
            position: 'relative',
            display: 'inline-block',
            transform: kind === 'png' && drawnRotation ? `rotate(${drawnRotation}deg)` : undefined,
          }}
        >
          {kind === 'png' ? (
            <PngPage url={urls[page]!} zoom={zoom} index={page} />
          ) : (
            <PdfPage blob={current} page={page} zoom={zoom} rotation={drawnRotation} onPages={setPdfPages} />
          )}
          {checkedLabel ? <CheckOverlay label={checkedLabel} geometry={{ scale: dotsToPixels, flip }} /> : null}
        </div>
      </div>
      {checking.error ? <RenderFailure error={checking.error} prefix={m.checkFailed} /> : null}
      {checkedLabel ? <CheckList label={checkedLabel} /> : null}
      {kind === 'png' && blobs.length > 1 ? (
        <Flex wrap gap={8} data-testid="label-thumbnails">
          {urls.map((u, i) => (
            <button
              key={u}
              type="button"
              onClick={() => setPage(i)}
              aria-label={`Show label ${i + 1}`}
              style={{ padding: 2, border: i === page ? '2px solid #4d148c' : '1px solid #d9d9d9', background: '#fff' }}
            >
              <img src={u} alt={`label ${i + 1} thumbnail`} style={{ height: 96 }} />
            </button>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
