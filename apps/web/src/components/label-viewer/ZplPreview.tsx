import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Flex, Radio, Select, Typography } from 'antd';
import { LabelViewer, type LabelDownload, type ViewerRotation } from './LabelViewer';
import { renderAllLabels, renderZpl, useLabelServiceUrl, type LabelFormat } from './labelService';
import { SheetPicker, sheetHeaders, type SheetChoice } from '../zpl-editor/SheetPicker';
import { Captioned } from '@/components/captioned';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { useDebounced } from '@/lib/useDebounced';

export const ZPL_SIZES = ['4x6', '4x6.75'] as const;
export type ZplSize = (typeof ZPL_SIZES)[number];
const DPMM = 8;
/** How long the preview waits after the last edit before it asks the label service (by default). */
export const ZPL_PREVIEW_DEBOUNCE_MS = 400;

export interface ZplPreviewProps {
  zpl: string;
  /** Download names: `<base>.zpl`, `<base>.png`, `<base>.pdf`. */
  fileBaseName?: string;
  /** Wait this long after the last edit before rendering. */
  debounceMs?: number;
  /** Offer the ZPL itself for download (off where the screen has its own button). */
  zplDownload?: boolean;
}

/**
 * A ZPL document rendered through the label service (8 dpmm; 4×6 or 4×6.75 in; rotation 0/180;
 * PNG or PDF preview) in the shared viewer, with ZPL/PNG/PDF downloads. Every label is shown.
 */
export function ZplPreview({
  zpl,
  fileBaseName = 'label',
  debounceMs = ZPL_PREVIEW_DEBOUNCE_MS,
  zplDownload = true,
}: ZplPreviewProps) {
  const m = useMessages(messages);
  const baseUrl = useLabelServiceUrl();
  const [size, setSize] = useState<ZplSize>('4x6');
  const [rotation, setRotation] = useState<ViewerRotation>(0);
  const [format, setFormat] = useState<LabelFormat>('png');
  const [sheet, setSheet] = useState<SheetChoice>();
  const text = useDebounced(zpl, debounceMs);
  const options = { dpmm: DPMM, size, rotation, format };

  const rendered = useQuery({
    queryKey: ['zpl-render', baseUrl, text, size, rotation, format],
    queryFn: ({ signal }) => renderAllLabels(baseUrl, text, options, signal),
    enabled: text.trim() !== '',
    retry: false,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

  const data = rendered.data;
  const downloads: LabelDownload[] = zplDownload
    ? [{ key: 'zpl', label: 'ZPL', fileName: `${fileBaseName}.zpl`, blob: new Blob([zpl], { type: 'text/plain' }) }]
    : [];
  if (data?.format === 'png') {
    const pngs = data.blobs;
    downloads.push({
      key: 'png',
      label: 'PNG',
      fileName: (page) => (pngs.length > 1 ? `${fileBaseName}-${page + 1}.png` : `${fileBaseName}.png`),
      blob: (page) => pngs[page] ?? pngs[0]!,
    });
  }
  downloads.push({
    key: 'pdf',
    label: 'PDF',
    fileName: `${fileBaseName}.pdf`,
    blob:
      data?.format === 'pdf' && !sheet
        ? data.blobs[0]!
        : async () =>
            (await renderZpl(baseUrl, text, { ...options, format: 'pdf', headers: sheetHeaders(sheet) })).blob,
  });

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={12} align="center">
        <Captioned caption={m.size}>
          <Select
            aria-label="Label size"
            value={size}
            onChange={setSize}
            style={{ width: 130 }}
            options={ZPL_SIZES.map((s) => ({
              value: s,
              label: fillMessage(m.inches, { size: s.replace('x', ' × ') }),
            }))}
          />
        </Captioned>
        <Typography.Text type="secondary">8 dpmm (203 dpi)</Typography.Text>
        <Radio.Group
          aria-label="Preview format"
          optionType="button"
          value={format}
          onChange={(e) => setFormat(e.target.value as LabelFormat)}
          options={[
            { value: 'png', label: 'PNG' },
            { value: 'pdf', label: 'PDF' },
          ]}
        />
      </Flex>
      <SheetPicker value={sheet} onChange={setSheet} />
      {text.trim() === '' ? (
        <Typography.Text type="secondary">{m.enterZpl}</Typography.Text>
      ) : (
        <LabelViewer
          kind={data?.format ?? format}
          blobs={data?.blobs ?? []}
          total={data?.total}
          downloads={downloads}
          rotation={rotation}
          onRotationChange={setRotation}
          loading={rendered.isFetching}
          check={{ kind: 'zpl', zpl: text, dpmm: DPMM, size }}
          error={rendered.error ?? undefined}
          caption={
            data
              ? fillMessage(m.caption, { n: data.total, labels: data.total === 1 ? m.oneLabel : m.labels, size })
              : undefined
          }
        />
      )}
    </Flex>
  );
}
