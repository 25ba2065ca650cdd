import { useEffect, useMemo, useState } from 'react';
import { Typography } from 'antd';
import type { DocumentContentType } from '@lab/core/carrier/forms';
import { LabelViewer } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { documentPreviewKind } from './payloads';

const TEXT_PREVIEW_CHARS = 20_000;

/** The chosen document as it will be sent: a PDF viewer, the image, the text's start, or why not. */
export function DocumentPreview({ file, name, type }: { file: Blob; name: string; type: DocumentContentType }) {
  const m = useMessages(messages);
  const kind = documentPreviewKind(type);
  const blobs = useMemo(() => [file], [file]);
  const url = useMemo(() => (kind === 'image' ? URL.createObjectURL(file) : undefined), [file, kind]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const [text, setText] = useState<string>();
  useEffect(() => {
    if (kind !== 'text') return;
    const reader = new FileReader();
    reader.onload = () => setText(String(reader.result).slice(0, TEXT_PREVIEW_CHARS));
    reader.readAsText(file.slice(0, TEXT_PREVIEW_CHARS * 4));
    return () => reader.abort();
  }, [file, kind]);

  if (kind === 'pdf') return <LabelViewer kind="pdf" blobs={blobs} />;
  if (kind === 'image')
    return (
      <img src={url} alt={name} style={{ maxWidth: '100%', alignSelf: 'flex-start', border: '1px solid #d9d9d9' }} />
    );
  if (kind === 'text')
    return (
      <pre style={{ maxHeight: 320, overflow: 'auto', background: '#fafafa', padding: 8, border: '1px solid #d9d9d9' }}>
        {text}
      </pre>
    );
  return <Typography.Text type="secondary">{fillMessage(m.noPreview, { type })}</Typography.Text>;
}
