import type { ResponseDemoProps } from '../shared/types';

export default function ResponseDemo(props: ResponseDemoProps) {
  return <div data-testid="response-demo" data-endpoint={props.endpointId} />;
}
