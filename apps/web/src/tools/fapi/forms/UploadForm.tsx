import { useState, type ReactNode } from 'react';
import { Alert, Flex, Form, Typography } from 'antd';
import { useMessages } from '@/lib/i18n';
import type { ActiveCredential } from '../shared/types';
import { UploadItem } from './controls';
import { FilePick, fileMatches } from './FilePick';
import { FormResult, NoCredential } from './FormResult';
import { messages } from './messages';
import type { FormOutcome } from './payloads';

/** The file an upload form will send. */
export interface ChosenFile {
  blob: Blob;
  name: string;
}

/**
 * The chosen file of an upload form: a file whose name does not end as `accept` says is refused
 * with `refusal` (nothing stays chosen), a fitting one replaces the choice and the refusal.
 */
export function useChosenFile(accept: string, refusal: string, initial?: () => ChosenFile | undefined) {
  const [chosen, setChosen] = useState<ChosenFile | undefined>(initial);
  const [problem, setProblem] = useState<string>();
  const choose = (file: File) => {
    const fits = fileMatches(file.name, accept);
    setChosen(fits ? { blob: file, name: file.name } : undefined);
    setProblem(fits ? undefined : refusal);
  };
  return { chosen, setChosen, problem, setProblem, choose };
}

/**
 * The frame of the two upload forms (Image Upload, Trade Document Upload): title, the inline row
 * (the form's own fields, then the file picker and Upload to API), what is missing or wrong, the
 * chosen file's preview (or "no file"), and the result with what the carrier answered. Test ids
 * are `<testPrefix>-file`, `-upload`, `-problem`, `-preview`, `-no-file`.
 */
export function UploadForm(p: {
  formTestId: string;
  testPrefix: string;
  title: string;
  credential: ActiveCredential | undefined;
  /** The form's own fields, before the file picker. */
  fields: ReactNode;
  accept: string;
  chooseLabel: string;
  onFile: (file: File) => void;
  busy: boolean;
  canUpload: boolean;
  onUpload: () => void;
  /** What the form still needs (a warning). */
  missing?: string | undefined;
  /** Why the chosen file was refused or cannot be shown. */
  problem: string | undefined;
  /** The chosen file's line (name, sizes) and its preview; undefined: no file. */
  preview: { caption: ReactNode; body: ReactNode } | undefined;
  result: FormOutcome | undefined;
  /** What the carrier answered, under Success. */
  answer: ReactNode;
}) {
  const m = useMessages(messages);
  const id = (part: string) => `${p.testPrefix}-${part}`;
  return (
    <Flex vertical gap={12} data-testid={p.formTestId}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {p.title}
      </Typography.Title>
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        {p.fields}
        <Form.Item>
          <FilePick accept={p.accept} label={p.chooseLabel} testId={id('file')} onFile={p.onFile} />
        </Form.Item>
        <UploadItem testId={id('upload')} busy={p.busy} disabled={!p.credential || !p.canUpload} onClick={p.onUpload} />
      </Form>
      {p.credential ? null : <NoCredential />}
      {p.missing ? <Alert type="warning" showIcon title={p.missing} /> : null}
      {p.problem ? <Alert type="error" showIcon title={p.problem} data-testid={id('problem')} /> : null}
      {p.preview ? (
        <Flex vertical gap={4} data-testid={id('preview')}>
          <Typography.Text>{p.preview.caption}</Typography.Text>
          {p.preview.body}
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid={id('no-file')}>
          {m.noFile}
        </Typography.Text>
      )}
      <FormResult outcome={p.result}>{p.answer}</FormResult>
    </Flex>
  );
}
