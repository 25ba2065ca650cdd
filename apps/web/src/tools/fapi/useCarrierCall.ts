import { useState, type RefObject } from 'react';
import type { CarrierEndpoint } from '@lab/core/carrier';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { callCarrier } from './shared/client';
import type { ActiveCredential } from './shared/types';
import { transactionId } from './curl';
import type { JsonEditorHandle } from './JsonEditor';
import { applyOverwrite } from './overwrite';
import { parseBody, pushHistory, type RequestTab, type TabResponse } from './tabs';
import { messages } from './messages';

/**
 * "Call API" for a tab: the body is read from `liveBody` (the editor's latest text, ahead of
 * React's render), Create Shipment's overwrites applied; the answer goes to `onResponse` and the
 * tab's history.
 */
export function useCarrierCall(p: {
  tab: RequestTab;
  endpoint: CarrierEndpoint;
  path: string;
  liveBody: RefObject<string>;
  editor: RefObject<JsonEditorHandle | null>;
  ensureCredential: () => Promise<ActiveCredential | undefined>;
  onResponse: (r: TabResponse) => void;
  onChange: (patch: Partial<RequestTab>) => void;
}) {
  const { tab, endpoint, path } = p;
  const [calling, setCalling] = useState(false);
  const m = useMessages(messages);

  function bodyToSend(): unknown {
    const live = parseBody(p.liveBody.current);
    if (!live.ok) return undefined;
    return endpoint.id === 'ship-create' ? applyOverwrite(live.value, tab.overwrite) : live.value;
  }

  async function call() {
    p.editor.current?.flush();
    // Busy from the click: refreshing an expired token is part of the call.
    setCalling(true);
    try {
      const cred = await p.ensureCredential();
      // The button is disabled in both cases; a click racing a change still says why nothing was sent.
      if (!cred) return; // ensureCredential said why when a refresh failed
      if (!parseBody(p.liveBody.current).ok) {
        notify.error(m.jsonSyntaxError);
        return;
      }
      const body = bodyToSend();
      const at = Date.now();
      const result = await callCarrier({
        env: cred.env,
        method: tab.method,
        path,
        accessToken: cred.accessToken,
        body,
        locale: tab.locale,
        transactionId: transactionId(cred.env, endpoint.id, new Date(at)),
      });
      p.onResponse({ result, request: body, endpointId: endpoint.id });
      p.onChange({
        history: pushHistory(tab.history, {
          at,
          endpointId: endpoint.id,
          method: tab.method,
          path,
          request: JSON.stringify(body, null, 2),
          status: result.status,
          statusText: result.statusText,
          timeMs: result.timeMs,
        }),
      });
    } finally {
      setCalling(false);
    }
  }

  return { calling, call, bodyToSend };
}
