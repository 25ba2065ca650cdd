import type { CarrierEnvironment } from '@lab/core/carrier';
import type { PlaygroundHandoff } from '@/lib/playground/handoff';

/** Types shared by the playground (`/api/fapi`), its forms and demos, the payload generator and the doc viewer. */

export type CarrierLocale = 'en_US' | 'zh_CN';

/** The credential a call is made with: the active slot's environment and its bearer token. */
export interface ActiveCredential {
  env: CarrierEnvironment;
  accessToken: string;
  /** The slot's comment, else its name (`No.2`): used in `x-customer-transaction-id`. */
  label: string;
}

/** One answered call through the gateway (any status: 2xx, the carrier's 4xx/5xx, the gateway's own errors). */
export interface CarrierCallResult {
  ok: boolean;
  /** 0 when the server could not be reached. */
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  text: string;
  /** Upstream time from `Server-Timing: upstream;dur=…`, else the time measured in the browser. */
  timeMs: number;
  sizeBytes: number;
}

/** Props of a specific form (`fapi/forms`) shown instead of the JSON editor for its endpoint. */
export interface SpecificFormProps {
  credential: ActiveCredential | undefined;
  locale: CarrierLocale;
  /** An image handed over by another screen (the ETD cropper) for the Image Upload form. */
  initialImage?: PlaygroundHandoff['image'];
}

/** Props of a response demo (`fapi/demos`) shown under a successful response. */
export interface ResponseDemoProps {
  endpointId: string;
  /** The request body that was sent. */
  request: unknown;
  response: CarrierCallResult;
  credential: ActiveCredential | undefined;
}
