import { useState } from 'react';
import { Button, Card, Col, Flex, Input, Row, Typography } from 'antd';
import { DownloadOutlined, ExperimentOutlined } from '@ant-design/icons';
import { generateSampleLabel, type RandomSource } from '@lab/core/labels';
import { ZplPreview, downloadBlob } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
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
              {tracking ? (
                <Typography.Text type="secondary" data-testid="sample-tracking">
                  {fillMessage(m.tracking, { n: tracking })}
                </Typography.Text>
              ) : null}
            </Flex>
            <Input.TextArea
              aria-label="ZPL"
              value={zpl}
              onChange={(e) => setZpl(e.target.value)}
              placeholder={m.placeholder}
              rows={24}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
            />
          </Flex>
        </Col>
        <Col xs={24} lg={14}>
          <ZplPreview zpl={zpl} fileBaseName="label" zplDownload={false} />
        </Col>
      </Row>
    </Card>
  );
}
