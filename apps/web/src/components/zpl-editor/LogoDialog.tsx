import { useState } from 'react';
import { Alert, Button, Flex, Input, InputNumber, Modal, Select, Typography } from 'antd';
import type { GraphicReply } from '@lab/core/contract';
import { Captioned } from '@/components/captioned';
import { useLabelServiceUrl } from '@/components/label-viewer/labelService';
import { useMessages } from '@/lib/i18n';
import { fill, messages } from './messages';

export interface LogoDialogProps {
  open: boolean;
  onClose: () => void;
  /** The converted graphic; the screen puts it into its ZPL. */
  onInsert: (graphic: GraphicReply) => void;
}

/** Image → ZPL through the label service (POST …/v1/graphics, multipart field "file"). */
async function convertImage(
  baseUrl: string,
  file: File,
  options: { width?: number | undefined; dither: string; encoding: string },
): Promise<GraphicReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (options.width) form.append('width', String(options.width));
  form.append('dither', options.dither);
  form.append('encoding', options.encoding);
  const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/v1/graphics`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`.trim();
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // keep the status line
    }
    throw new Error(message);
  }
  return (await res.json()) as GraphicReply;
}

/** "Logo → ZPL": choose an image, pick width/dithering/encoding, convert, insert into the label. */
export function LogoDialog({ open, onClose, onInsert }: LogoDialogProps) {
  const m = useMessages(messages);
  const baseUrl = useLabelServiceUrl();
  const [file, setFile] = useState<File>();
  const [width, setWidth] = useState<number | null>(null);
  const [dither, setDither] = useState('threshold');
  const [encoding, setEncoding] = useState('hex');
  const [result, setResult] = useState<GraphicReply>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const convert = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      setResult(await convertImage(baseUrl, file, { width: width ?? undefined, dither, encoding }));
    } catch (err) {
      setResult(undefined);
      setError(fill(m.convertFailed, { message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  /** One of the conversion's two-way choices (dithering, encoding), named by its caption. */
  const choice = (
    caption: string,
    value: string,
    set: (v: string) => void,
    options: { value: string; label: string }[],
  ) => (
    <Captioned caption={caption}>
      <Select aria-label={caption} value={value} onChange={set} style={{ width: 170 }} options={options} />
    </Captioned>
  );

  return (
    <Modal
      open={open}
      title={m.logoTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="convert" onClick={() => void convert()} disabled={!file} loading={busy}>
          {m.convert}
        </Button>,
        <Button
          key="insert"
          type="primary"
          disabled={!result}
          onClick={() => {
            if (result) onInsert(result);
            onClose();
          }}
        >
          {m.insert}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <label>
          <Typography.Text>{m.chooseImage}</Typography.Text>
          <br />
          <input
            type="file"
            aria-label={m.chooseImage}
            accept="image/png,image/jpeg,image/bmp,.png,.jpg,.jpeg,.bmp"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setResult(undefined);
            }}
          />
        </label>
        <Flex gap={12} wrap align="center">
          <Captioned caption={m.widthDots}>
            <InputNumber
              aria-label={m.widthDots}
              min={1}
              max={9144}
              value={width}
              onChange={setWidth}
              placeholder="auto"
            />
          </Captioned>
          {choice(m.dithering, dither, setDither, [
            { value: 'threshold', label: m.ditherThreshold },
            { value: 'floyd-steinberg', label: m.ditherFloyd },
          ])}
          {choice(m.encoding, encoding, setEncoding, [
            { value: 'hex', label: m.encodingHex },
            { value: 'z64', label: m.encodingZ64 },
          ])}
        </Flex>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {result ? (
          <>
            <Typography.Text data-testid="logo-size">
              {fill(m.graphicSize, { w: result.widthDots, h: result.heightDots, bytes: result.totalBytes })}
            </Typography.Text>
            <Input.TextArea
              aria-label="Graphic ZPL"
              readOnly
              value={result.command}
              autoSize={{ minRows: 2, maxRows: 6 }}
              style={{ fontFamily: 'monospace' }}
            />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
