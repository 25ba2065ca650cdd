import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { labelResponseOption, readShipment, zipName, type ShipDocument } from '@lab/core/carrier/replies';
import { downloadBlob } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { DocumentAsPng, LabelPreviews } from './LabelPreviews';
import { messages } from './messages';
import { documentBlob, shipmentZip } from './model';

/** Create shipment: label links (URL_ONLY) or label downloads, download all as a zip, previews, invoice as PNG. */
export default function ShipmentDemo({ body, request }: { body: unknown; request: unknown }) {
  const m = useMessages(messages);
  const model = useMemo(() => readShipment(body), [body]);
  const mode = labelResponseOption(request);
  const [zipping, setZipping] = useState(false);
  const all = [...model.labels, ...model.documents];
  const downloadable = all.filter((d) => d.encoded);

  const downloadAll = async () => {
    setZipping(true);
    try {
      const { blob, count } = await shipmentZip(model);
      const file = zipName(model);
      downloadBlob(blob, file);
      notify.success(fillMessage(m.zipSaved, { file, count }));
    } finally {
      setZipping(false);
    }
  };

  const action = (d: ShipDocument) =>
    d.encoded ? (
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`${m.download} ${d.fileName}`}
        onClick={() => downloadBlob(documentBlob(d)!, d.fileName)}
      >
        {d.fileName}
      </Button>
    ) : d.url ? (
      <a href={d.url} target="_blank" rel="noopener noreferrer" data-testid="shipment-label-link">
        {d.url}
      </a>
    ) : (
      '—'
    );

  return (
    <Flex vertical gap={12} data-testid="fapi-shipment-demo" data-mode={mode}>
      <Flex wrap gap={12} align="center">
        <Typography.Text strong>{fillMessage(m.shipmentTitle, { master: model.masterTrackingNumber })}</Typography.Text>
        {model.serviceName ? (
          <Typography.Text type="secondary">
            {m.service}: {model.serviceName}
          </Typography.Text>
        ) : null}
        {downloadable.length ? (
          <Button
            type="primary"
            icon={<FileZipOutlined />}
            loading={zipping}
            data-testid="shipment-download-all"
            onClick={() => void downloadAll()}
          >
            {m.downloadAll}
          </Button>
        ) : null}
      </Flex>
      {model.labels.length === 0 ? <Alert type="warning" showIcon title={m.noLabels} /> : null}
      <Table
        size="small"
        pagination={false}
        rowKey={(d) => `${d.kind}-${d.fileName}`}
        dataSource={all}
        title={() => (mode === 'URL_ONLY' ? m.labelsUrlOnly : m.labels)}
        onRow={(d) =>
          ({ 'data-testid': d.kind === 'label' ? 'shipment-label-row' : 'shipment-document-row' }) as object
        }
        columns={[
          {
            title: m.package,
            key: 'seq',
            render: (_, d) => (d.kind === 'label' ? d.packageSequenceNumber : d.contentType),
          },
          { title: m.trackingNumber, dataIndex: 'trackingNumber' },
          { title: m.type, dataIndex: 'docType' },
          { title: m.file, key: 'file', render: (_, d) => action(d) },
        ]}
      />
      {mode === 'LABEL' ? <LabelPreviews labels={model.labels} reply={body} /> : null}
      {model.documents
        .filter((d) => d.encoded && d.docType === 'PDF')
        .map((d) => (
          <DocumentAsPng key={d.fileName} doc={d} />
        ))}
    </Flex>
  );
}
