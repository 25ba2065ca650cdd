import { useState, type ChangeEvent } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { fillUploadForm } from '@lab/core/carrier/forms';
import { useMessages } from '@/lib/i18n';
import { uploadCarrierDocument } from '../shared/client';
import type { ActiveCredential, CarrierCallResult, SpecificFormProps } from '../shared/types';
import { messages } from './messages';
import { outcome, transactionId, type FormOutcome } from './payloads';

/** A labelled dropdown of the form's inline row (named by its label, found by its test id). */
export function ChoiceItem<T extends string>(p: {
  label: string;
  testId: string;
  value: T;
  onChange: (v: T) => void;
  values: readonly T[];
  width: number;
  popupMatchSelectWidth?: boolean;
}) {
  return (
    <Form.Item label={p.label}>
      <Select
        data-testid={p.testId}
        aria-label={p.label}
        value={p.value}
        onChange={p.onChange}
        virtual={false}
        options={p.values.map((v) => ({ value: v, label: v }))}
        style={{ width: p.width }}
        popupMatchSelectWidth={p.popupMatchSelectWidth}
      />
    </Form.Item>
  );
}

/** A labelled text input of the form's inline row. */
export function TextItem(p: {
  label: string;
  testId: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  width: number;
  maxLength?: number;
  type?: 'date';
  showCount?: boolean;
  placeholder?: string;
}) {
  const { label, testId, width, ...input } = p;
  return (
    <Form.Item label={label}>
      <Input data-testid={testId} aria-label={label} style={{ width }} {...input} />
    </Form.Item>
  );
}

/** A country input's change: letters only, upper case, two at most. */
export const country = (set: (v: string) => void) => (e: { target: { value: string } }) =>
  set(
    e.target.value
      .replace(/[^a-z]/gi, '')
      .toUpperCase()
      .slice(0, 2),
  );

/** The form's "Upload to API" button. */
export function UploadItem(p: { testId: string; busy: boolean; disabled: boolean; onClick: () => void }) {
  const m = useMessages(messages);
  return (
    <Form.Item>
      <Button type="primary" data-testid={p.testId} loading={p.busy} disabled={p.disabled} onClick={p.onClick}>
        {m.uploadToApi}
      </Button>
    </Form.Item>
  );
}

/**
 * A form's one carrier call with its credential: busy while it runs, then its outcome (success on
 * `successStatus`). `send` gets the credential and the call's transaction id.
 */
export function useCarrierForm(credential: ActiveCredential | undefined, endpointName: string, successStatus: number) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormOutcome>();
  const run = async (send: (cred: ActiveCredential, transactionId: string) => Promise<CarrierCallResult>) => {
    if (!credential) return;
    setBusy(true);
    setResult(undefined);
    try {
      setResult(outcome(await send(credential, transactionId(credential, endpointName)), successStatus));
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, setResult, run };
}

/** A multipart document upload to the carrier with the form's credential and locale (success on 201). */
export function useDocumentUpload({ credential, locale }: SpecificFormProps, path: string, endpointName: string) {
  const { run, ...form } = useCarrierForm(credential, endpointName, 201);
  const upload = (document: unknown, file: Blob, fileName: string) =>
    run((cred, transactionId) =>
      uploadCarrierDocument({
        env: cred.env,
        path,
        accessToken: cred.accessToken,
        form: fillUploadForm(new FormData(), document, file, fileName),
        locale,
        transactionId,
      }),
    );
  return { ...form, upload };
}
