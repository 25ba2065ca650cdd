import { useState } from 'react';
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
import { ChoiceItem, country, TextItem, useDocumentUpload } from './controls';
import { DocumentPreview } from './DocumentPreview';
import { messages } from './messages';
import { formatBytes, today } from './payloads';
import { UploadForm, useChosenFile } from './UploadForm';

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
  const accept = DOCUMENT_CONTENT_TYPES[contentType].accept;
  // A file of another type than the content type is refused with the reason (as Image Upload does).
  const file = useChosenFile(
    accept,
    fillMessage(m.wrongFileType, { type: contentType, accept: accept.split(',').join(', ') }),
  );
  const { chosen } = file;
  const { busy, result, setResult, upload: send } = useDocumentUpload(props, PATH, 'Trade Document Upload');

  const post = workflowName === 'ETDPostshipment';
  const countriesOk = COUNTRY.test(originCountryCode) && COUNTRY.test(destinationCountryCode);
  const problem = post && !trackingNumber ? m.trackingRequired : !countriesOk ? m.countryRequired : undefined;

  const changeContentType = (next: DocumentContentType) => {
    setContentType(next);
    file.setChosen(undefined);
    file.setProblem(undefined);
    setResult(undefined);
  };

  const choose = (picked: File) => {
    setResult(undefined);
    file.choose(picked);
  };

  const upload = async () => {
    if (!credential || !chosen) return;
    const document = tradeDocument({
      workflowName,
      carrierCode,
      trackingNumber,
      shipmentDate,
      originCountryCode,
      destinationCountryCode,
      shipDocumentType,
      contentType,
      fileName: chosen.name,
    });
    await send(document, chosen.blob, chosen.name);
  };

  const meta = result?.ok
    ? (result.result.body as { output?: { meta?: { docId?: string; documentType?: string } } }).output?.meta
    : undefined;

  const fields = (
    <>
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
    </>
  );

  return (
    <UploadForm
      formTestId="fapi-form-etd"
      testPrefix="fapi-etd"
      title={m.tradeTitle}
      credential={credential}
      fields={fields}
      accept={accept}
      chooseLabel={m.chooseFile}
      onFile={choose}
      busy={busy}
      canUpload={chosen !== undefined && problem === undefined}
      onUpload={() => void upload()}
      missing={problem}
      problem={file.problem}
      preview={
        chosen && {
          caption: (
            <>
              <span data-testid="fapi-etd-file-name">{chosen.name}</span> · {formatBytes(chosen.blob.size)}
            </>
          ),
          body: <DocumentPreview file={chosen.blob} name={chosen.name} type={contentType} />,
        }
      }
      result={result}
      answer={
        meta ? (
          <span data-testid="fapi-etd-answer">
            {fillMessage(m.documentUploaded, { docId: meta.docId ?? '', documentType: meta.documentType ?? '' })}
          </span>
        ) : null
      }
    />
  );
}
