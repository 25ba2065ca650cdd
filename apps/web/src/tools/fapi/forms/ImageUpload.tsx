import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { fillMessage, useMessages } from '@/lib/i18n';
import { uploadCarrierDocument } from '../shared/client';
import type { SpecificFormProps } from '../shared/types';
import { FilePick, fileMatches } from './FilePick';
import { FormResult, NoCredential } from './FormResult';
import { messages } from './messages';
import {
  dataUrlToBlob,
  formatBytes,
  IMAGE_CONTENT_TYPES,
  IMAGE_INDEXES,
  IMAGE_TYPES,
  imageDocument,
  outcome,
  transactionId,
  uploadForm,
  type FormOutcome,
  type ImageContentType,
  type ImageIndex,
  type ImageType,
} from './payloads';

const PATH = '/documents/v1/lhsimages/upload';
const ACCEPT: Record<ImageContentType, string> = { PNG: '.png', GIF: '.gif' };

interface Chosen {
  blob: Blob;
  name: string;
}

/** Letterhead/signature Image Upload: index, type, reference, content type, file, preview, Upload to API (201 = success). */
export default function ImageUpload({ credential, locale, initialImage }: SpecificFormProps) {
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
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormOutcome>();

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
    setBusy(true);
    setResult(undefined);
    try {
      const document = imageDocument({ imageIndex, imageType, referenceId, contentType, fileName: chosen.name });
      const r = await uploadCarrierDocument({
        env: credential.env,
        path: PATH,
        accessToken: credential.accessToken,
        form: uploadForm(document, chosen.blob, chosen.name),
        locale,
        transactionId: transactionId(credential, 'Image Upload'),
      });
      setResult(outcome(r, 201));
    } finally {
      setBusy(false);
    }
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
        <Form.Item label={m.imageIndex}>
          <Select
            data-testid="fapi-image-index"
            aria-label={m.imageIndex}
            value={imageIndex}
            onChange={setImageIndex}
            virtual={false}
            options={IMAGE_INDEXES.map((v) => ({ value: v, label: v }))}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item label={m.imageType}>
          <Select
            data-testid="fapi-image-type"
            aria-label={m.imageType}
            value={imageType}
            onChange={setImageType}
            virtual={false}
            options={IMAGE_TYPES.map((v) => ({ value: v, label: v }))}
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item label={m.referenceId}>
          <Input
            data-testid="fapi-image-reference"
            aria-label={m.referenceId}
            value={referenceId}
            maxLength={40}
            onChange={(e) => setReferenceId(e.target.value)}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item label={m.contentType}>
          <Select
            data-testid="fapi-image-content-type"
            aria-label={m.contentType}
            value={contentType}
            onChange={changeContentType}
            virtual={false}
            options={IMAGE_CONTENT_TYPES.map((v) => ({ value: v, label: v }))}
            style={{ width: 90 }}
          />
        </Form.Item>
        <Form.Item>
          <FilePick accept={ACCEPT[contentType]} label={m.chooseImage} testId="fapi-image-file" onFile={choose} />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            data-testid="fapi-image-upload"
            loading={busy}
            disabled={!credential || !chosen || !referenceId.trim()}
            onClick={() => void upload()}
          >
            {m.uploadToApi}
          </Button>
        </Form.Item>
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
