import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Checkbox, Flex, Modal, Spin, Tabs, Tooltip, Typography } from 'antd';
import { endpointById } from '@lab/core/carrier';
import { MyMemoButton } from '@/components/memo';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { fetchCarrierToken, firstCarrierError } from './shared/client';
import { takePlaygroundHandoff, type PlaygroundHandoff } from '@/lib/playground/handoff';
import type { ActiveCredential } from './shared/types';
import { activeCredential, activeSlot, applySlot, hasValidToken, slotEnv } from './credentials';
import { CredentialStatus } from './CredentialStatus';
import { CredentialsDialog } from './CredentialsDialog';
import { useStockTypes } from './fapiApi';
import { ReminderModal } from './ReminderModal';
import { RequestPanel } from './RequestPanel';
import {
  addTab,
  closeTab,
  loadTabs,
  saveTabs,
  updateTab,
  withEndpoint,
  type RequestTab,
  type TabResponse,
  type TabsState,
} from './tabs';
import { useCredentials } from './useCredentials';
import { messages } from './messages';

const ShipPayloadGenerator = lazy(() => import('@/components/ship-payload/ShipPayloadGenerator'));

export { REMINDER_KEY } from './ReminderModal';

export default function FapiPage() {
  const m = useMessages(messages);
  const { state: creds, loaded, save } = useCredentials();
  const [tabs, setTabs] = useState<TabsState>(loadTabs);
  const [responses, setResponses] = useState<Record<string, TabResponse>>({});
  const [images, setImages] = useState<Record<string, PlaygroundHandoff['image']>>({});
  const [credOpen, setCredOpen] = useState(false);
  const [payloadOpen, setPayloadOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const handoffTaken = useRef(false);

  useEffect(() => saveTabs(tabs), [tabs]);

  // Another screen left something for us (a sample, an image, a payload): open it in a new tab.
  useEffect(() => {
    if (params.get('handoff') !== '1' || handoffTaken.current) return;
    handoffTaken.current = true;
    const handoff = takePlaygroundHandoff();
    setParams(
      (p) => {
        p.delete('handoff');
        return p;
      },
      { replace: true },
    );
    if (!handoff) return;
    setTabs((prev) => {
      const body = handoff.body === undefined ? undefined : JSON.stringify(handoff.body, null, 2);
      const next = addTab(prev, handoff.endpointId, body);
      if (handoff.image) setImages((imgs) => ({ ...imgs, [next.activeKey]: handoff.image }));
      return next;
    });
    if (handoff.body !== undefined) notify.success(m.codeSampleCopied);
  }, [params, setParams, m.codeSampleCopied]);

  const active = tabs.tabs.find((t) => t.key === tabs.activeKey) ?? tabs.tabs[0]!;
  const credential = activeCredential(creds);
  const slot = activeSlot(creds);

  const stockTypes = useStockTypes(active.endpointId === 'ship-create');

  const patchTab = useCallback(
    (key: string, patch: Partial<RequestTab>) => setTabs((prev) => updateTab(prev, key, patch)),
    [],
  );

  /** The active credential, its token refreshed first when it has expired (only then). */
  const ensureCredential = useCallback(async (): Promise<ActiveCredential | undefined> => {
    const s = activeSlot(creds);
    if (!s) return undefined;
    if (hasValidToken(s, Date.now())) return activeCredential(creds);
    const got = await fetchCarrierToken(slotEnv(s), s.clientId, s.clientSecret);
    if ('error' in got) {
      notify.error(fillMessage(m.tokenRefreshFailed, { message: firstCarrierError(got.error) }));
      return undefined;
    }
    const next = applySlot(creds, s.name, got.token);
    await save(next);
    notify.success(m.newToken);
    return activeCredential(next);
  }, [creds, save, m.newToken, m.tokenRefreshFailed]);

  // The specific forms call with the credential they are given: refresh an expired token when one shows.
  const formShown = !!endpointById(active.endpointId)?.specificInterface;
  const tokenExpired = slot ? !hasValidToken(slot, Date.now()) : false;
  useEffect(() => {
    if (formShown && tokenExpired) void ensureCredential();
  }, [formShown, tokenExpired, ensureCredential]);

  function takePayload(payload: unknown) {
    setTabs((prev) =>
      updateTab(prev, prev.activeKey, {
        ...(prev.tabs.find((t) => t.key === prev.activeKey)?.endpointId === 'ship-create'
          ? {}
          : withEndpoint('ship-create')),
        body: JSON.stringify(payload, null, 2),
      }),
    );
    setPayloadOpen(false);
    notify.success(m.codeSampleCopied);
  }

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Typography.Title level={3} style={{ margin: 0, marginInlineEnd: 12 }}>
          {m.title}
        </Typography.Title>
        <CredentialStatus creds={creds} onOpen={() => setCredOpen(true)} />
        <Tooltip title={m.proxiedHint}>
          <Checkbox checked disabled>
            {m.proxied}
          </Checkbox>
        </Tooltip>
        <Button onClick={() => setPayloadOpen(true)}>{m.shipPayload}</Button>
        <MyMemoButton />
      </Flex>

      <Tabs
        type="editable-card"
        activeKey={tabs.activeKey}
        onChange={(key) => setTabs((prev) => ({ ...prev, activeKey: key }))}
        onEdit={(target, action) => {
          if (action === 'add') setTabs((prev) => addTab(prev));
          else if (typeof target === 'string') setTabs((prev) => closeTab(prev, target));
        }}
        items={tabs.tabs.map((t) => ({
          key: t.key,
          label: <span data-i18n-data>{t.name}</span>,
          closable: tabs.tabs.length > 1,
          children:
            t.key === tabs.activeKey ? (
              <RequestPanel
                key={t.key}
                tab={t}
                onChange={(patch) => patchTab(t.key, patch)}
                credential={credential}
                ensureCredential={ensureCredential}
                response={responses[t.key]}
                onResponse={(r) => setResponses((prev) => ({ ...prev, [t.key]: r }))}
                initialImage={images[t.key]}
                stockTypes={stockTypes}
              />
            ) : null,
        }))}
      />

      {loaded ? (
        <CredentialsDialog open={credOpen} onClose={() => setCredOpen(false)} state={creds} save={save} />
      ) : null}

      <ReminderModal />

      <Modal
        open={payloadOpen}
        onCancel={() => setPayloadOpen(false)}
        footer={null}
        width="95%"
        title={m.shipPayload}
        destroyOnHidden
      >
        <Suspense fallback={<Spin />}>
          <ShipPayloadGenerator onUse={takePayload} environment={credential?.env ?? 'sandbox'} />
        </Suspense>
      </Modal>
    </Flex>
  );
}
