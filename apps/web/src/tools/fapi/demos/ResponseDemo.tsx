import { lazy, Suspense } from 'react';
import { Alert, Card, Spin } from 'antd';
import { useMessages } from '@/lib/i18n';
import type { ResponseDemoProps } from '../shared/types';
import { messages } from './messages';
import { demoKind } from './model';
import PostalSummaryDemo from './PostalSummaryDemo';

// The map (Leaflet + the world outline) and the label code load only for their endpoints.
const LocationsDemo = lazy(() => import('./LocationsDemo'));
const ShipmentDemo = lazy(() => import('./ShipmentDemo'));

/**
 * The demo under a successful response: the locations map and list, the postal summary, the
 * created shipment's labels; `Demo failed because of errors in response` when the body has an
 * `errors` member, `Demo coming soon` for the other endpoints.
 */
export default function ResponseDemo({ endpointId, request, response }: ResponseDemoProps) {
  const m = useMessages(messages);
  const kind = demoKind(endpointId, response.body);
  let content;
  if (kind === 'failed') content = <Alert type="warning" showIcon title={m.failed} />;
  else if (kind === 'soon') content = <Alert type="info" showIcon title={m.comingSoon} />;
  else if (kind === 'postal') content = <PostalSummaryDemo body={response.body} />;
  else
    content = (
      <Suspense fallback={<Spin />}>
        {kind === 'locations' ? (
          <LocationsDemo body={response.body} />
        ) : (
          <ShipmentDemo body={response.body} request={request} />
        )}
      </Suspense>
    );
  return (
    <Card size="small" title={m.demo} data-testid="response-demo" data-endpoint={endpointId} data-demo={kind}>
      {content}
    </Card>
  );
}
