import { useEffect, useMemo, useState } from 'react';
import { Alert, Flex, Form, Typography } from 'antd';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_INDEXES,
  IMAGE_TYPES,
  imageDocument,
  type ImageContentType,
  type ImageIndex,
  type ImageType,
} from '@lab/core/carrier/forms';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { SpecificFormProps } from '../shared/types';
import { ChoiceItem, TextItem, UploadItem, useDocumentUpload } from './controls';
import { FilePick, fileMatches } from './FilePick';
import { FormResult, NoCredential } from './FormResult';
import { messages } from './messages';
import { dataUrlToBlob, formatBytes } from './payloads';

const PATH = '/documents/v1/lhsimages/upload';
const ACCEPT: Record<ImageContentType, string> = { PNG: '.png', GIF: '.gif' };

interface Chosen {
  blob: Blob;
  name: string;
}

/** Letterhead/signature Image Upload: index, type, reference, content type, file, preview, Upload to API (201 = success). */
export default function ImageUpload(props: SpecificFormProps) {
  const { credential, initialImage } = props;
  const m = useMessages(messages);
  const [imageIndex, setImageIndex] = useState<ImageIndex>('IMAGE_1');
  const [imageType, setImageType] = useState<ImageType>(initialImage?.imageType ?? 'SIGNATURE');
  const [referenceId, setReferenceId] = useState('LAB-IMAGE-1');
  const [contentType, setContentType] = useState<ImageContentType>(initialImage?.contentType ?? 'PNG');
  const [chosen, setChosen] = useState<Chosen | undefined>(() => {
    if (!initialImage) return undefined;
    try {
      return { blob: dataUrlToBlob(initialImage.dataUrl), name: initialImage.fileName };
    } catch {
      return undefined;
    }
  });
  const [size, setSize] = useState<{ width: number; height: number }>();
  const [problem, setProblem] = useState<string>();
  const { busy, result, setResult, upload: send } = useDocumentUpload(props, PATH, 'Image Upload');

  // A later handoff (the page kept this form open) replaces the chosen image.
  const handed = initialImage && `${initialImage.fileName}\n${initialImage.dataUrl}`;
  const [seen, setSeen] = useState(handed);
  if (handed !== seen) {
    setSeen(handed);
    if (initialImage) {
      try {
        setChosen({ blob: dataUrlToBlob(initialImage.dataUrl), name: initialImage.fileName });
        setContentType(initialImage.contentType);
        if (initialImage.imageType) setImageType(initialImage.imageType);
        setSize(undefined);
        setResult(undefined);
      } catch {
        // an unreadable handoff leaves the form as it is
      }
    }
  }

  const url = useMemo(() => (chosen ? URL.createObjectURL(chosen.blob) : undefined), [chosen]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const choose = (file: File) => {
    setResult(undefined);
    setSize(undefined);
    if (!fileMatches(file.name, ACCEPT[contentType])) {
      setChosen(undefined);
      setProblem(fillMessage(m.wrongImageType, { type: contentType }));
      return;
    }
    setProblem(undefined);
    setChosen({ blob: file, name: file.name });
  };

  const changeContentType = (next: ImageContentType) => {
    setContentType(next);
    if (chosen && !fileMatches(chosen.name, ACCEPT[next])) {
      setChosen(undefined);
      setSize(undefined);
    }
  };

  const upload = async () => {
    if (!credential || !chosen) return;
    const document = imageDocument({ imageIndex, imageType, referenceId, contentType, fileName: chosen.name });
    await send(document, chosen.blob, chosen.name);
  };

  const answered = result?.ok
    ? (
        result.result.body as {
          output?: { meta?: { imageIndex?: string; imageType?: string }; documentReferenceId?: string };
        }
      ).output
    : undefined;

  return (
    <Flex vertical gap={12} data-testid="fapi-form-image">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {m.imageTitle}
      </Typography.Title>
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        <ChoiceItem
          label={m.imageIndex}
          testId="fapi-image-index"
          value={imageIndex}
          onChange={setImageIndex}
          values={IMAGE_INDEXES}
          width={120}
        />
        <ChoiceItem
          label={m.imageType}
          testId="fapi-image-type"
          value={imageType}
          onChange={setImageType}
          values={IMAGE_TYPES}
          width={140}
        />
        <TextItem
          label={m.referenceId}
          testId="fapi-image-reference"
          value={referenceId}
          maxLength={40}
          onChange={(e) => setReferenceId(e.target.value)}
          width={160}
        />
        <ChoiceItem
          label={m.contentType}
          testId="fapi-image-content-type"
          value={contentType}
          onChange={changeContentType}
          values={IMAGE_CONTENT_TYPES}
          width={90}
        />
        <Form.Item>
          <FilePick accept={ACCEPT[contentType]} label={m.chooseImage} testId="fapi-image-file" onFile={choose} />
        </Form.Item>
        <UploadItem
          testId="fapi-image-upload"
          busy={busy}
          disabled={!credential || !chosen || !referenceId.trim()}
          onClick={() => void upload()}
        />
      </Form>
      {credential ? null : <NoCredential />}
      {problem ? <Alert type="error" showIcon title={problem} data-testid="fapi-image-problem" /> : null}
      {chosen && url ? (
        <Flex vertical gap={4} data-testid="fapi-image-preview">
          <Typography.Text>
            <span data-testid="fapi-image-name">{chosen.name}</span>
            {' · '}
            <span data-testid="fapi-image-dimensions">{size ? fillMessage(m.dimensions, size) : '…'}</span>
            {' · '}
            <span data-testid="fapi-image-bytes">{formatBytes(chosen.blob.size)}</span>
          </Typography.Text>
          <img
            src={url}
            alt={chosen.name}
            onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            onError={() => setProblem(m.unreadableImage)}
            style={{ maxWidth: '100%', alignSelf: 'flex-start', border: '1px solid #d9d9d9', background: '#fff' }}
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{m.noFile}</Typography.Text>
      )}
      <FormResult outcome={result}>
        {answered ? (
          <span data-testid="fapi-image-answer">
            {fillMessage(m.imageUploaded, {
              imageIndex: answered.meta?.imageIndex ?? imageIndex,
              imageType: answered.meta?.imageType ?? imageType,
              referenceId: answered.documentReferenceId ?? referenceId,
            })}
          </span>
        ) : null}
      </FormResult>
    </Flex>
  );
}
