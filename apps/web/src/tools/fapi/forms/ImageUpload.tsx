import { useEffect, useMemo, useState } from 'react';
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
import { ChoiceItem, TextItem, useDocumentUpload } from './controls';
import { fileMatches } from './FilePick';
import { messages } from './messages';
import { dataUrlToBlob, formatBytes } from './payloads';
import { UploadForm, useChosenFile, type ChosenFile } from './UploadForm';

const PATH = '/documents/v1/lhsimages/upload';
const ACCEPT: Record<ImageContentType, string> = { PNG: '.png', GIF: '.gif' };

/** The image handed over by the ETD cropper; an unreadable one is none (the form stays as it is). */
function handedFile(image: SpecificFormProps['initialImage']): ChosenFile | undefined {
  if (!image) return undefined;
  try {
    return { blob: dataUrlToBlob(image.dataUrl), name: image.fileName };
  } catch {
    return undefined;
  }
}

/** Letterhead/signature Image Upload: index, type, reference, content type, file, preview, Upload to API (201 = success). */
export default function ImageUpload(props: SpecificFormProps) {
  const { credential, initialImage } = props;
  const m = useMessages(messages);
  const [imageIndex, setImageIndex] = useState<ImageIndex>('IMAGE_1');
  const [imageType, setImageType] = useState<ImageType>(initialImage?.imageType ?? 'SIGNATURE');
  const [referenceId, setReferenceId] = useState('LAB-IMAGE-1');
  const [contentType, setContentType] = useState<ImageContentType>(initialImage?.contentType ?? 'PNG');
  const file = useChosenFile(ACCEPT[contentType], fillMessage(m.wrongImageType, { type: contentType }), () =>
    handedFile(initialImage),
  );
  const { chosen, setChosen } = file;
  const [size, setSize] = useState<{ width: number; height: number }>();
  const { busy, result, setResult, upload: send } = useDocumentUpload(props, PATH, 'Image Upload');

  // A later handoff (the page kept this form open) replaces the chosen image.
  const handed = initialImage && `${initialImage.fileName}\n${initialImage.dataUrl}`;
  const [seen, setSeen] = useState(handed);
  if (handed !== seen) {
    setSeen(handed);
    const next = handedFile(initialImage);
    if (initialImage && next) {
      setChosen(next);
      setContentType(initialImage.contentType);
      if (initialImage.imageType) setImageType(initialImage.imageType);
      setSize(undefined);
      setResult(undefined);
    }
  }

  const url = useMemo(() => (chosen ? URL.createObjectURL(chosen.blob) : undefined), [chosen]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const choose = (picked: File) => {
    setResult(undefined);
    setSize(undefined);
    file.choose(picked);
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

  const fields = (
    <>
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
    </>
  );
  const preview = chosen &&
    url && {
      caption: (
        <>
          <span data-testid="fapi-image-name">{chosen.name}</span>
          {' · '}
          <span data-testid="fapi-image-dimensions">{size ? fillMessage(m.dimensions, size) : '…'}</span>
          {' · '}
          <span data-testid="fapi-image-bytes">{formatBytes(chosen.blob.size)}</span>
        </>
      ),
      body: (
        <img
          src={url}
          alt={chosen.name}
          onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          onError={() => file.setProblem(m.unreadableImage)}
          style={{ maxWidth: '100%', alignSelf: 'flex-start', border: '1px solid #d9d9d9', background: '#fff' }}
        />
      ),
    };

  return (
    <UploadForm
      formTestId="fapi-form-image"
      testPrefix="fapi-image"
      title={m.imageTitle}
      credential={credential}
      fields={fields}
      accept={ACCEPT[contentType]}
      chooseLabel={m.chooseImage}
      onFile={choose}
      busy={busy}
      canUpload={chosen !== undefined && referenceId.trim() !== ''}
      onUpload={() => void upload()}
      problem={file.problem}
      preview={preview || undefined}
      result={result}
      answer={
        answered ? (
          <span data-testid="fapi-image-answer">
            {fillMessage(m.imageUploaded, {
              imageIndex: answered.meta?.imageIndex ?? imageIndex,
              imageType: answered.meta?.imageType ?? imageType,
              referenceId: answered.documentReferenceId ?? referenceId,
            })}
          </span>
        ) : null
      }
    />
  );
}
