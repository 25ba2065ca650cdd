import { useNavigate } from 'react-router';
import { Typography } from 'antd';
import type { NamedSample, OpenApiOperationView } from '@lab/core/contract';
import { useMessages } from '@/lib/i18n';
import { leavePlaygroundHandoff, PLAYGROUND_HANDOFF_PATH } from '@/lib/playground/handoff';
import { endpointFor } from './docApi';
import { messages } from './messages';

/** An operation's named samples: view one's JSON, or send it to the playground's tab for the operation. */
export function SampleList({ view, onOpen }: { view: OpenApiOperationView; onOpen: (sample: NamedSample) => void }) {
  const m = useMessages(messages);
  const navigate = useNavigate();
  const endpointId = endpointFor(view.document, view.method, view.path);
  const send = (sample: NamedSample) => {
    if (!endpointId) return;
    leavePlaygroundHandoff({ endpointId, body: sample.request, source: `${m.source}: ${sample.name}` });
    void navigate(PLAYGROUND_HANDOFF_PATH);
  };
  if (view.samples.length === 0) return <Typography.Text type="secondary">{m.noSamples}</Typography.Text>;
  // Plain elements: 35 rows of antd List items, Buttons and Tooltips cost more than the tree itself.
  return (
    <ul className="fd-samples">
      {view.samples.map((s) => (
        <li key={s.name}>
          <span className="fd-sample-name">{s.name}</span>
          <span className="fd-sample-actions">
            <button type="button" className="fd-button" onClick={() => onOpen(s)}>
              {m.viewJson}
            </button>
            <span title={endpointId ? undefined : m.noEndpoint}>
              <button type="button" className="fd-button fd-primary" disabled={!endpointId} onClick={() => send(s)}>
                {m.sendToPlayground}
              </button>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
