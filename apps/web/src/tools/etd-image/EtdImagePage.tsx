import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Radio, Space, Switch, Typography } from 'antd';
import {
  CheckCircleTwoTone,
  CloseCircleTwoTone,
  DownloadOutlined,
  SendOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import Cropper, { type Area, type MediaSize, type Size } from 'react-easy-crop';
import { useNavigate } from 'react-router';
import { FilePickButton } from '@/components/file-pick';
import { downloadBlob } from '@/components/label-viewer/download';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  canvasToPng,
  checkImageRules,
  cropFileName,
  drawCrop,
  isAllowedImage,
  outputSize,
  wholeImageZoom,
  type EtdImageKind,
  type PixelArea,
} from './crop';
import { fill, messages } from './messages';
import { leavePlaygroundHandoff, PLAYGROUND_HANDOFF_PATH } from '@/lib/playground/handoff';

const MAX_ZOOM = 8;
const ZOOM_STEP = 1.25;
/** The 4×6 in label outline is drawn at CSS pixels (96 per inch) beside the result. */
const LABEL_OUTLINE = { width: 4 * 96, height: 6 * 96 };

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('unreadable image'));
    img.src = url;
  });
}

export default function EtdImagePage() {
  const m = useMessages(messages);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [badType, setBadType] = useState(false);
  const [kind, setKind] = useState<EtdImageKind>('letterhead');
  const [lockSize, setLockSize] = useState(false);
  const [recommended, setRecommended] = useState(true);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  /** The image as the cropper shows it at zoom 1, and the frame it drew when the size is not locked. */
  const [media, setMedia] = useState<MediaSize | null>(null);
  const [drawnFrame, setDrawnFrame] = useState<Size | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const navigate = useNavigate();

  const size = outputSize(kind, recommended);
  const hasImage = imageUrl !== null;
  // Zoom out goes on until the whole image fits the frame (at most 100 %, as the cropper starts).
  const frame = lockSize ? size : drawnFrame;
  const minZoom = media && frame ? wholeImageZoom(media, frame) : 1;
  const shownZoom = Math.max(zoom, minZoom);
  const zoomOut = () => {
    const next = Math.max(minZoom, shownZoom / ZOOM_STEP);
    setZoom(next);
    // The whole image: centred in the frame, wherever it had been dragged.
    if (next === minZoom && minZoom < 1) setCrop({ x: 0, y: 0 });
  };

  useEffect(
    () => () => {
      if (imageUrl) URL.revokeObjectURL(imageUrl);
    },
    [imageUrl],
  );

  const choose = (file: File) => {
    if (!isAllowedImage(file.name)) {
      setBadType(true);
      return;
    }
    setBadType(false);
    const url = URL.createObjectURL(file);
    setImageUrl(url);
    setArea(null);
    setImage(null);
    setMedia(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    loadImage(url).then(setImage, () => notify.error(m.unreadable));
  };

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  // The preview is the result itself: the same drawing as the download, at its real pixel size.
  useEffect(() => {
    if (image && area && preview.current) drawCrop(image, area, size, preview.current);
  }, [image, area, size]);

  const download = async () => {
    if (!image || !area) return;
    const canvas = document.createElement('canvas');
    if (!drawCrop(image, area, size, canvas)) return;
    const name = cropFileName(kind, size);
    downloadBlob(await canvasToPng(canvas), name);
    notify.success(fill(m.downloaded, { file: name }));
  };

  /** Hands the cropped PNG to the playground's Image Upload form and opens it there. */
  const sendToPlayground = () => {
    if (!image || !area) return;
    const canvas = document.createElement('canvas');
    if (!drawCrop(image, area, size, canvas)) return;
    leavePlaygroundHandoff({
      endpointId: 'image-upload',
      image: {
        dataUrl: canvas.toDataURL('image/png'),
        fileName: cropFileName(kind, size),
        contentType: 'PNG',
        imageType: kind === 'letterhead' ? 'LETTERHEAD' : 'SIGNATURE',
      },
      source: m.title,
    });
    void navigate(PLAYGROUND_HANDOFF_PATH);
  };

  const rules = checkImageRules(kind, 'image/png', size, area);
  const ruleText = {
    type: m.ruleType,
    size: fill(m.ruleSize, { ...size, kind: kind === 'letterhead' ? m.letterHead : m.signature }),
    source: fill(m.ruleSource, size),
  };

  return (
    <div>
      <Typography.Title level={3}>{m.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.intro}</Typography.Paragraph>
      <Space wrap align="center" style={{ marginBottom: 12 }}>
        <FilePickButton accept=".gif,.jpg,.jpeg,.png,.bmp" onFile={choose}>
          {m.upload}
        </FilePickButton>
        <Button
          icon={<ZoomInOutlined />}
          disabled={!hasImage}
          onClick={() => setZoom(Math.min(MAX_ZOOM, shownZoom * ZOOM_STEP))}
        >
          {m.zoomIn}
        </Button>
        <Button
          icon={<ZoomOutOutlined />}
          disabled={!hasImage || (media !== null && shownZoom <= minZoom)}
          onClick={zoomOut}
        >
          {m.zoomOut}
        </Button>
        <Radio.Group
          optionType="button"
          disabled={!hasImage}
          value={kind}
          onChange={(e) => setKind(e.target.value as EtdImageKind)}
          options={[
            { value: 'letterhead', label: m.letterHead },
            { value: 'signature', label: m.signature },
          ]}
        />
        <label>
          <Switch size="small" disabled={!hasImage} checked={lockSize} onChange={setLockSize} aria-label={m.lockSize} />{' '}
          {m.lockSize}
        </label>
        <label>
          <Switch
            size="small"
            disabled={!hasImage}
            checked={recommended}
            onChange={setRecommended}
            aria-label={m.recommendedSize}
          />{' '}
          {m.recommendedSize}
        </label>
        <Button type="primary" icon={<DownloadOutlined />} disabled={!image || !area} onClick={() => void download()}>
          {m.download}
        </Button>
        <Button
          icon={<SendOutlined />}
          disabled={!image || !area}
          onClick={sendToPlayground}
          data-testid="etd-send-to-playground"
        >
          {m.sendToPlayground}
        </Button>
        <Typography.Text data-testid="etd-output-size">{fill(m.output, size)}</Typography.Text>
        {hasImage && (
          <Typography.Text type="secondary" data-testid="etd-zoom">
            {fill(m.zoomLevel, { percent: Math.round(shownZoom * 100) })}
            {minZoom < 1 && shownZoom <= minZoom ? ` ${m.wholeImage}` : ''}
          </Typography.Text>
        )}
      </Space>
      {badType && <Alert type="error" showIcon title={m.notAllowed} style={{ marginBottom: 12 }} />}
      {hasImage ? (
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <div style={{ position: 'relative', width: 720, maxWidth: '100%', height: 400, background: '#333' }}>
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={shownZoom}
              minZoom={minZoom}
              maxZoom={MAX_ZOOM}
              // Below 100 % the image is smaller than the frame: it may not cover it.
              restrictPosition={minZoom >= 1}
              onMediaLoaded={setMedia}
              onCropSizeChange={setDrawnFrame}
              aspect={size.width / size.height}
              cropSize={lockSize ? size : undefined}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
            />
          </div>
          <div>
            <Typography.Text strong>{m.preview}</Typography.Text>
            <div
              data-testid="etd-label-outline"
              title={m.labelOutline}
              style={{
                marginTop: 8,
                width: LABEL_OUTLINE.width,
                height: LABEL_OUTLINE.height,
                border: '1px dashed #999',
                padding: 12,
                boxSizing: 'border-box',
                position: 'relative',
              }}
            >
              <canvas
                ref={preview}
                data-testid="etd-preview"
                width={size.width}
                height={size.height}
                style={{ width: size.width, height: size.height, outline: '1px solid #d9d9d9', maxWidth: 'none' }}
              />
              <Typography.Text type="secondary" style={{ position: 'absolute', bottom: 8, right: 12 }}>
                {m.labelOutline}
              </Typography.Text>
            </div>
            <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 4 }}>
              {m.rules}
            </Typography.Paragraph>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="etd-rules">
              {rules.map((r) => (
                <li key={r.key} data-ok={r.ok}>
                  {r.ok ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />}{' '}
                  {ruleText[r.key]}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : (
        <Typography.Paragraph type="secondary">{m.noImage}</Typography.Paragraph>
      )}
    </div>
  );
}
