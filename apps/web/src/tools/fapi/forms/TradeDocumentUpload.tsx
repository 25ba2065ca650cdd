import { useState } from 'react';
import { Alert, Flex, Form, Typography } from 'antd';
import {
  CARRIER_CODES,
  digitsOnly,
  DOCUMENT_CONTENT_TYPE_NAMES,
  DOCUMENT_CONTENT_TYPES,
  SHIP_DOCUMENT_TYPES,
  TRACKING_MAX,
  tradeDocument,
  WORKFLOWS,
  type DocumentContentType,
  type Workflow,
} from '@lab/core/carrier/forms';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { SpecificFormProps } from '../shared/types';
import { ChoiceItem, country, TextItem, UploadItem, useDocumentUpload } from './controls';
import { DocumentPreview } from './DocumentPreview';
import { FilePick, fileMatches } from './FilePick';
import { FormResult, NoCredential } from './FormResult';
import { messages } from './messages';
import { formatBytes, today } from './payloads';

const PATH = '/documents/v1/etds/upload';
const COUNTRY = /^[A-Z]{2}$/;
/**
 * Trade Document Upload (ETD): workflow, post-shipment carrier/tracking/date, countries, document
 * type, content type (changing it clears the chosen file), file with a preview, multipart upload.
 */
export default function TradeDocumentUpload(props: SpecificFormProps) {
  const { credential } = props;
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
  const [fileProblem, setFileProblem] = useState<string>();
  const { busy, result, setResult, upload: send } = useDocumentUpload(props, PATH, 'Trade Document Upload');

  const post = workflowName === 'ETDPostshipment';
  const accept = DOCUMENT_CONTENT_TYPES[contentType].accept;
  const countriesOk = COUNTRY.test(originCountryCode) && COUNTRY.test(destinationCountryCode);
  const problem = post && !trackingNumber ? m.trackingRequired : !countriesOk ? m.countryRequired : undefined;

  const changeContentType = (next: DocumentContentType) => {
    setContentType(next);
    setFile(undefined);
    setFileProblem(undefined);
    setResult(undefined);
  };

  // A file of another type than the content type is refused with the reason (as Image Upload does).
  const choose = (f: File) => {
    setResult(undefined);
    const fits = fileMatches(f.name, accept);
    setFile(fits ? f : undefined);
    setFileProblem(
      fits ? undefined : fillMessage(m.wrongFileType, { type: contentType, accept: accept.split(',').join(', ') }),
    );
  };

  const upload = async () => {
    if (!credential || !file) return;
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
    await send(document, file, file.name);
  };

  const meta = result?.ok
    ? (result.result.body as { output?: { meta?: { docId?: string; documentType?: string } } }).output?.meta
    : undefined;

  return (
    <Flex vertical gap={12} data-testid="fapi-form-etd">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {m.tradeTitle}
      </Typography.Title>
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        <ChoiceItem
          label={m.workflowName}
          testId="fapi-etd-workflow"
          value={workflowName}
          onChange={setWorkflowName}
          values={WORKFLOWS}
          width={170}
        />
        {post ? (
          <>
            <ChoiceItem
              label={m.carrierCode}
              testId="fapi-etd-carrier"
              value={carrierCode}
              onChange={setCarrierCode}
              values={CARRIER_CODES}
              width={90}
            />
            <TextItem
              label={m.trackingNumber}
              testId="fapi-etd-tracking"
              value={trackingNumber}
              maxLength={TRACKING_MAX}
              showCount
              placeholder={m.trackingPlaceholder}
              onChange={(e) => setTrackingNumber(digitsOnly(e.target.value, TRACKING_MAX))}
              width={190}
            />
            <TextItem
              type="date"
              label={m.shipmentDate}
              testId="fapi-etd-date"
              value={shipmentDate}
              onChange={(e) => setShipmentDate(e.target.value || today())}
              width={160}
            />
          </>
        ) : null}
        <TextItem
          label={m.originCountryCode}
          testId="fapi-etd-origin"
          value={originCountryCode}
          maxLength={2}
          onChange={country(setOrigin)}
          width={60}
        />
        <TextItem
          label={m.destinationCountryCode}
          testId="fapi-etd-destination"
          value={destinationCountryCode}
          maxLength={2}
          onChange={country(setDestination)}
          width={60}
        />
        <ChoiceItem
          label={m.shipDocumentType}
          testId="fapi-etd-doc-type"
          value={shipDocumentType}
          onChange={setShipDocumentType}
          values={SHIP_DOCUMENT_TYPES}
          width={300}
          popupMatchSelectWidth={false}
        />
        <ChoiceItem
          label={m.contentType}
          testId="fapi-etd-content-type"
          value={contentType}
          onChange={changeContentType}
          values={DOCUMENT_CONTENT_TYPE_NAMES}
          width={90}
        />
        <Form.Item>
          <FilePick accept={accept} label={m.chooseFile} testId="fapi-etd-file" onFile={choose} />
        </Form.Item>
        <UploadItem
          testId="fapi-etd-upload"
          busy={busy}
          disabled={!credential || !file || problem !== undefined}
          onClick={() => void upload()}
        />
      </Form>
      {credential ? null : <NoCredential />}
      {problem ? <Alert type="warning" showIcon title={problem} /> : null}
      {fileProblem ? <Alert type="error" showIcon title={fileProblem} data-testid="fapi-etd-problem" /> : null}
      {file ? (
        <Flex vertical gap={4} data-testid="fapi-etd-preview">
          <Typography.Text>
            <span data-testid="fapi-etd-file-name">{file.name}</span> · {formatBytes(file.size)}
          </Typography.Text>
          <DocumentPreview file={file} type={contentType} />
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
