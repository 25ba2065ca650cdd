import { useCallback, useState } from 'react';
import { Button, Card, Checkbox, Descriptions, Flex, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { CheckTag } from './CheckTag';
import { CredentialsDialog } from './CredentialsDialog';
import {
  isVerified,
  saveCredentials,
  tokenValid,
  useStratusCredentials,
  withToken,
  type StratusCredentials,
} from './credentials';
import { messages } from './messages';
import { SecurityReminder } from './SecurityReminder';
import { ShipPanel } from './ShipPanel';
import { fetchStratusToken, greetStratus, type StratusAuth } from './stratusApi';

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString();

/** API Stratus (Production): credentials, greet, and the ship-by-transaction panel. */
export default function StratusPage() {
  const m = useMessages(messages);
  const { credentials, setCredentials } = useStratusCredentials();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [greeting, setGreeting] = useState<{ Id: string; Purpose: string }>();
  const [greetPending, setGreetPending] = useState(false);

  /** A live token (refreshed with the saved pair when expired) and the api key. */
  const ensureAuth = useCallback(async (): Promise<StratusAuth | undefined> => {
    let c: StratusCredentials = credentials;
    if (!tokenValid(c, Date.now())) {
      try {
        const token = await fetchStratusToken(c.clientKey, c.clientSecret);
        c = withToken(c, token.accessToken, token.expiresSeconds, Date.now());
        setCredentials(c);
        notify.success(m.tokenObtained);
      } catch (err) {
        setCredentials({ ...c, isVerifiedClientKeySecret: false });
        notify.error((err as Error).message);
        return undefined;
      }
    }
    return { accessToken: c.accessToken, apiKey: c.apiKey };
  }, [credentials, setCredentials, m]);

  const greet = async () => {
    setGreetPending(true);
    try {
      const auth = await ensureAuth();
      if (!auth) return;
      const reply = await greetStratus(auth);
      setGreeting({ Id: reply.Id, Purpose: reply.Purpose });
      setCredentials((c) => ({ ...c, isVerifiedApiKey: true }));
      notify.success(m.greetOk);
    } catch (err) {
      setGreeting(undefined);
      setCredentials((c) => ({ ...c, isVerifiedApiKey: false }));
      notify.error((err as Error).message);
      setDialogOpen(true);
    } finally {
      setGreetPending(false);
    }
  };

  const save = async (c: StratusCredentials) => {
    setCredentials(c);
    setDialogOpen(false);
    await saveCredentials(c);
    notify.success(m.credentialsSaved);
  };

  const verified = isVerified(credentials);
  const now = Date.now();

  return (
    <Flex vertical gap="middle">
      <SecurityReminder />
      <Card
        title={m.title}
        extra={
          <Flex wrap gap="small" align="center">
            <CheckTag
              ok={verified}
              yes={m.credentialsVerified}
              no={m.credentialsNotVerified}
              testId="credentials-tag"
            />
            <Tag data-testid="token-tag" color={tokenValid(credentials, now) ? 'blue' : 'default'}>
              {credentials.accessToken
                ? fillMessage(tokenValid(credentials, now) ? m.tokenExpires : m.tokenExpired, {
                    time: timeOf(credentials.accessTokenExpireTimestamp),
                  })
                : m.noToken}
            </Tag>
            <Button icon={<SettingOutlined />} onClick={() => setDialogOpen(true)}>
              {m.settings}
            </Button>
            <Button
              type="primary"
              disabled={!credentials.isVerifiedClientKeySecret}
              loading={greetPending}
              onClick={() => void greet()}
            >
              {m.greet}
            </Button>
            <Checkbox checked disabled>
              {m.proxied}
            </Checkbox>
          </Flex>
        }
      >
        {greeting ? (
          <Descriptions
            size="small"
            column={1}
            data-testid="greeting"
            items={[
              { key: 'id', label: m.greetId, children: <span data-i18n-data>{greeting.Id}</span> },
              { key: 'purpose', label: m.greetPurpose, children: <span data-i18n-data>{greeting.Purpose}</span> },
            ]}
          />
        ) : null}
      </Card>
      <ShipPanel canShip={credentials.isVerifiedClientKeySecret} ensureAuth={ensureAuth} />
      <CredentialsDialog
        open={dialogOpen}
        credentials={credentials}
        onSave={save}
        onClose={() => setDialogOpen(false)}
      />
    </Flex>
  );
}
