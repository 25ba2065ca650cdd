import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { LabelViewer } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
import { uploadCarrierDocument } from '../shared/client';
import type { SpecificFormProps } from '../shared/types';
import { FilePick, fileMatches } from './FilePick';
import { FormResult, NoCredential } from './FormResult';
import { messages } from './messages';
import {
  CARRIER_CODES,
  digitsOnly,
  DOCUMENT_CONTENT_TYPE_NAMES,
  DOCUMENT_CONTENT_TYPES,
  documentPreviewKind,
  formatBytes,
  outcome,
  SHIP_DOCUMENT_TYPES,
  today,
  TRACKING_MAX,
  tradeDocument,
  transactionId,
  uploadForm,
  WORKFLOWS,
  type DocumentContentType,
  type FormOutcome,
  type Workflow,
} from './payloads';

const PATH = '/documents/v1/etds/upload';
const TEXT_PREVIEW_CHARS = 20_000;
const COUNTRY = /^[A-Z]{2}$/;

function Preview({ file, type }: { file: File; type: DocumentContentType }) {
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
      <img
        src={url}
        alt={file.name}
        style={{ maxWidth: '100%', alignSelf: 'flex-start', border: '1px solid #d9d9d9' }}
      />
    );
  if (kind === 'text')
    return (
      <pre style={{ maxHeight: 320, overflow: 'auto', background: '#fafafa', padding: 8, border: '1px solid #d9d9d9' }}>
        {text}
      </pre>
    );
  return <Typography.Text type="secondary">{fillMessage(m.noPreview, { type })}</Typography.Text>;
}

/**
 * Trade Document Upload (ETD): workflow, post-shipment carrier/tracking/date, countries, document
 * type, content type (changing it clears the chosen file), file with a preview, multipart upload.
 */
export default function TradeDocumentUpload({ credential, locale }: SpecificFormProps) {
  const m = useMessages(messages);
  const [workflowName, setWorkflowName] = useState<Workflow>('ETDPreshipment');
  const [carrierCode, setCarrierCode] = useState<string>('FDXE');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [shipmentDate, setShipmentDate] = useState(today);
  const [originCountryCode, setOrigin] = useState('CN');
  const [destinationCountryCode, setDestination] = useState('US');
  const [shipDocumentType, setShipDocumentType] = useState<string>('COMMERCIAL_INVOICE');
  const [contentType, setContentType] = useState<DocumentContentType>('PDF');
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormOutcome>();

  const post = workflowName === 'ETDPostshipment';
  const accept = DOCUMENT_CONTENT_TYPES[contentType].accept;
  const countriesOk = COUNTRY.test(originCountryCode) && COUNTRY.test(destinationCountryCode);
  const problem = post && !trackingNumber ? m.trackingRequired : !countriesOk ? m.countryRequired : undefined;

  const changeContentType = (next: DocumentContentType) => {
    setContentType(next);
    setFile(undefined);
    setResult(undefined);
  };

  const upload = async () => {
    if (!credential || !file) return;
    setBusy(true);
    setResult(undefined);
    try {
      const document = tradeDocument({
        workflowName,
        carrierCode,
        trackingNumber,
        shipmentDate,
        originCountryCode,
        destinationCountryCode,
        shipDocumentType,
        contentType,
        fileName: file.name,
      });
      const r = await uploadCarrierDocument({
        env: credential.env,
        path: PATH,
        accessToken: credential.accessToken,
        form: uploadForm(document, file, file.name),
        locale,
        transactionId: transactionId(credential, 'Trade Document Upload'),
      });
      setResult(outcome(r, 201));
    } finally {
      setBusy(false);
    }
  };

  const meta = result?.ok
    ? (result.result.body as { output?: { meta?: { docId?: string; documentType?: string } } }).output?.meta
    : undefined;
  const country = (set: (v: string) => void) => (e: { target: { value: string } }) =>
    set(
      e.target.value
        .replace(/[^a-z]/gi, '')
        .toUpperCase()
        .slice(0, 2),
    );

  return (
    <Flex vertical gap={12} data-testid="fapi-form-etd">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {m.tradeTitle}
      </Typography.Title>
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        <Form.Item label={m.workflowName}>
          <Select
            data-testid="fapi-etd-workflow"
            aria-label={m.workflowName}
            value={workflowName}
            onChange={setWorkflowName}
            virtual={false}
            options={WORKFLOWS.map((v) => ({ value: v, label: v }))}
            style={{ width: 170 }}
          />
        </Form.Item>
        {post ? (
          <>
            <Form.Item label={m.carrierCode}>
              <Select
                data-testid="fapi-etd-carrier"
                aria-label={m.carrierCode}
                value={carrierCode}
                onChange={setCarrierCode}
                virtual={false}
                options={CARRIER_CODES.map((v) => ({ value: v, label: v }))}
                style={{ width: 90 }}
              />
            </Form.Item>
            <Form.Item label={m.trackingNumber}>
              <Input
                data-testid="fapi-etd-tracking"
                aria-label={m.trackingNumber}
                value={trackingNumber}
                maxLength={TRACKING_MAX}
                showCount
                placeholder={m.trackingPlaceholder}
                onChange={(e) => setTrackingNumber(digitsOnly(e.target.value, TRACKING_MAX))}
                style={{ width: 190 }}
              />
            </Form.Item>
            <Form.Item label={m.shipmentDate}>
              <Input
                type="date"
                data-testid="fapi-etd-date"
                aria-label={m.shipmentDate}
                value={shipmentDate}
                onChange={(e) => setShipmentDate(e.target.value || today())}
                style={{ width: 160 }}
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item label={m.originCountryCode}>
          <Input
            data-testid="fapi-etd-origin"
            aria-label={m.originCountryCode}
            value={originCountryCode}
            maxLength={2}
            onChange={country(setOrigin)}
            style={{ width: 60 }}
          />
        </Form.Item>
        <Form.Item label={m.destinationCountryCode}>
          <Input
            data-testid="fapi-etd-destination"
            aria-label={m.destinationCountryCode}
            value={destinationCountryCode}
            maxLength={2}
            onChange={country(setDestination)}
            style={{ width: 60 }}
          />
        </Form.Item>
        <Form.Item label={m.shipDocumentType}>
          <Select
            data-testid="fapi-etd-doc-type"
            aria-label={m.shipDocumentType}
            value={shipDocumentType}
            onChange={setShipDocumentType}
            virtual={false}
            options={SHIP_DOCUMENT_TYPES.map((v) => ({ value: v, label: v }))}
            style={{ width: 300 }}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item label={m.contentType}>
          <Select
            data-testid="fapi-etd-content-type"
            aria-label={m.contentType}
            value={contentType}
            onChange={changeContentType}
            virtual={false}
            options={DOCUMENT_CONTENT_TYPE_NAMES.map((v) => ({ value: v, label: v }))}
            style={{ width: 90 }}
          />
        </Form.Item>
        <Form.Item>
          <FilePick
            accept={accept}
            label={m.chooseFile}
            testId="fapi-etd-file"
            onFile={(f) => {
              setResult(undefined);
              setFile(fileMatches(f.name, accept) ? f : undefined);
            }}
          />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            data-testid="fapi-etd-upload"
            loading={busy}
            disabled={!credential || !file || problem !== undefined}
            onClick={() => void upload()}
          >
            {m.uploadToApi}
          </Button>
        </Form.Item>
      </Form>
      {credential ? null : <NoCredential />}
      {problem ? <Alert type="warning" showIcon title={problem} /> : null}
      {file ? (
        <Flex vertical gap={4} data-testid="fapi-etd-preview">
          <Typography.Text>
            <span data-testid="fapi-etd-file-name">{file.name}</span> · {formatBytes(file.size)}
          </Typography.Text>
          <Preview file={file} type={contentType} />
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid="fapi-etd-no-file">
          {m.noFile}
        </Typography.Text>
      )}
      <FormResult outcome={result}>
        {meta ? (
          <span data-testid="fapi-etd-answer">
            {fillMessage(m.documentUploaded, { docId: meta.docId ?? '', documentType: meta.documentType ?? '' })}
          </span>
        ) : null}
      </FormResult>
    </Flex>
  );
}
