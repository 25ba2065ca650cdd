import { useRef, useState } from 'react';
import type { EditorView } from '@codemirror/view';
import type { GraphicReply } from '@lab/core/contract';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { DownloadOutlined, ExperimentOutlined, PictureOutlined } from '@ant-design/icons';
import { generateSampleLabel, type RandomSource } from '@lab/core/labels';
import { ZplPreview, downloadBlob } from '@/components/label-viewer';
import { LogoDialog, ZplEditorPanel, placeGraphic, placementMessage } from '@/components/zpl-editor';
import { messages as editorMessages } from '@/components/zpl-editor/messages';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { messages } from './messages';

export interface ZplCreatorPageProps {
  /** Tests pass a seeded source; the app uses Math.random so every click differs. */
  random?: RandomSource;
  now?: () => Date;
}

/** A ZPL scratch pad: `test!` fills in a realistic sample label; the preview follows every edit. */
export default function ZplCreatorPage({ random = Math.random, now = () => new Date() }: ZplCreatorPageProps) {
  const m = useMessages(messages);
  const [zpl, setZpl] = useState('');
  const [tracking, setTracking] = useState<string>();
  const [logoOpen, setLogoOpen] = useState(false);
  const em = useMessages(editorMessages);
  const editor = useRef<EditorView | undefined>(undefined);
  const [placement, setPlacement] = useState<{ text: string; fits: boolean }>();

  /** Puts the logo where the cursor is, in free space of that label, and says where. */
  const insertLogo = (graphic: GraphicReply) => {
    const placed = placeGraphic(zpl, graphic, editor.current?.state.selection.main.head);
    const text = placementMessage(em, placed, graphic);
    setZpl(placed.zpl);
    setPlacement({ text, fits: placed.where !== 'no-room' });
    if (placed.where === 'no-room') notify.warning(text);
    else notify.success(text);
  };

  const sample = () => {
    const label = generateSampleLabel(random, now());
    setZpl(label.zpl);
    setTracking(label.trackingNumber);
  };

  return (
    <Card title={m.title}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Flex vertical gap={8}>
            <Flex gap={8} align="center" wrap>
              <Button type="primary" icon={<ExperimentOutlined />} onClick={sample}>
                {m.test}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                disabled={!zpl.trim()}
                onClick={() => downloadBlob(new Blob([zpl], { type: 'text/plain' }), 'label.zpl')}
              >
                {m.download}
              </Button>
              <Button icon={<PictureOutlined />} onClick={() => setLogoOpen(true)}>
                {em.logoToZpl}
              </Button>
              {tracking ? (
                <Typography.Text type="secondary" data-testid="sample-tracking">
                  {fillMessage(m.tracking, { n: tracking })}
                </Typography.Text>
              ) : null}
            </Flex>
            {placement ? (
              <Typography.Text type={placement.fits ? 'secondary' : 'warning'} data-testid="logo-placement">
                {placement.text}
              </Typography.Text>
            ) : null}
            <ZplEditorPanel
              value={zpl}
              onChange={setZpl}
              placeholder={m.placeholder}
              minHeight={420}
              maxHeight={640}
              onView={(v) => (editor.current = v)}
            />
            <LogoDialog open={logoOpen} onClose={() => setLogoOpen(false)} onInsert={insertLogo} />
          </Flex>
        </Col>
        <Col xs={24} lg={14}>
          <ZplPreview zpl={zpl} fileBaseName="label" zplDownload={false} />
        </Col>
      </Row>
    </Card>
  );
}
