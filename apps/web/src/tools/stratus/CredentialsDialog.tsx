import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { CheckTag } from './CheckTag';
import { editCredential, withToken, type CredentialField, type StratusCredentials } from './credentials';
import { messages } from './messages';
import { fetchStratusToken } from './stratusApi';

export interface CredentialsDialogProps {
  open: boolean;
  credentials: StratusCredentials;
  /** Save and close: the draft becomes the screen's credentials and is stored encrypted. */
  onSave: (c: StratusCredentials) => Promise<void> | void;
  onClose: () => void;
}

/** Client key, secret and api key; two verification tags; verify or refresh token, save and close, cancel. */
export function CredentialsDialog({ open, credentials, onSave, onClose }: CredentialsDialogProps) {
  const m = useMessages(messages);
  const [draft, setDraft] = useState(credentials);
  const [verifying, setVerifying] = useState(false);

  // Each opening starts from the screen's credentials.
  useEffect(() => {
    if (open) setDraft(credentials);
  }, [open, credentials]);

  const edit = (field: CredentialField) => (e: { target: { value: string } }) =>
    setDraft((d) => editCredential(d, field, e.target.value));

  const verify = async () => {
    setVerifying(true);
    try {
      const token = await fetchStratusToken(draft.clientKey, draft.clientSecret);
      setDraft((d) => withToken(d, token.accessToken, token.expiresSeconds, Date.now()));
      notify.success(m.tokenObtained);
    } catch (err) {
      setDraft((d) => ({ ...d, isVerifiedClientKeySecret: false }));
      notify.error((err as Error).message);
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Modal
      open={open}
      title={m.credentialsTitle}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex gap="small" justify="end" wrap>
          <Button onClick={() => void verify()} loading={verifying} disabled={!draft.clientKey || !draft.clientSecret}>
            {m.verifyToken}
          </Button>
          <Button type="primary" onClick={() => void onSave(draft)}>
            {m.saveClose}
          </Button>
          <Button onClick={onClose}>{m.cancelClose}</Button>
        </Flex>
      }
    >
      <Flex gap="small" wrap style={{ marginBottom: 12 }}>
        <CheckTag
          ok={draft.isVerifiedClientKeySecret}
          yes={m.keyPairVerified}
          no={m.keyPairNotVerified}
          testId="pair-tag"
        />
        <CheckTag ok={draft.isVerifiedApiKey} yes={m.apiKeyVerified} no={m.apiKeyNotVerified} testId="apikey-tag" />
      </Flex>
      <Form layout="vertical">
        <Form.Item label={m.clientKey} htmlFor="stratus-client-key">
          <Input id="stratus-client-key" value={draft.clientKey} onChange={edit('clientKey')} autoComplete="off" />
        </Form.Item>
        <Form.Item label={m.clientSecret} htmlFor="stratus-client-secret">
          <Input.Password
            id="stratus-client-secret"
            value={draft.clientSecret}
            onChange={edit('clientSecret')}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item label={m.apiKey} htmlFor="stratus-api-key">
          <Input.Password id="stratus-api-key" value={draft.apiKey} onChange={edit('apiKey')} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
