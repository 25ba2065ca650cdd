/**
 * A carrier client program, as one is written against the carrier's REST API: plain HTTP over a
 * real socket to a base URL, the OAuth form for a token, then `Authorization: Bearer` and the
 * carrier's paths and JSON bodies — no lab header of any kind. One method per step, so a suite
 * adds a step as one more method.
 */
import { defaultSample, SAMPLE_ACCOUNT_NUMBER } from '@lab/core/carrier';
import { rawRequest, type RawResponse } from './http.js';

type Json = Record<string, any>;

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export class CarrierClient {
  /** The bearer token of the last successful `authenticate()`. */
  accessToken: string | undefined;

  /**
   * `origin` is the server (`http://127.0.0.1:<port>`); `basePath` the path a client is given as
   * its base URL (`/lab/sim/carrier`, `/lab/sim/carrier/production`, `/lab/api/carrier/sandbox`).
   */
  constructor(
    readonly origin: string,
    readonly basePath: string,
    readonly credentials: ClientCredentials,
  ) {}

  /** `POST {base}/oauth/token` with the client-credentials form, answered as it is. */
  requestToken(): Promise<RawResponse> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    });
    return rawRequest(this.origin, 'POST', `${this.basePath}/oauth/token`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  /** A token for the following calls; throws with the reply when the server refuses one. */
  async authenticate(): Promise<string> {
    const res = await this.requestToken();
    if (res.status !== 200) throw new Error(`token refused: ${res.status} ${res.text}`);
    this.accessToken = res.json().access_token as string;
    return this.accessToken;
  }

  /** A JSON call to a carrier path with the bearer token (or `token`, or none when null). */
  call(path: string, body: unknown, options: { method?: string; token?: string | null } = {}): Promise<RawResponse> {
    const token = options.token === undefined ? this.accessToken : options.token;
    return rawRequest(this.origin, options.method ?? 'POST', `${this.basePath}${path}`, {
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  /** Rates and Transit Times (`POST /rate/v1/rates/quotes`). */
  rate(body: Json): Promise<RawResponse> {
    return this.call('/rate/v1/rates/quotes', body);
  }

  /** Create Shipment (`POST /ship/v1/shipments`). */
  ship(body: Json): Promise<RawResponse> {
    return this.call('/ship/v1/shipments', body);
  }

  /** Track by Tracking Number (`POST /track/v1/trackingnumbers`). */
  track(trackingNumber: string): Promise<RawResponse> {
    return this.call('/track/v1/trackingnumbers', {
      includeDetailedScans: true,
      trackingInfo: [{ trackingNumberInfo: { trackingNumber } }],
    });
  }

  /** Cancel Shipment (`PUT /ship/v1/shipments/cancel`). */
  cancel(trackingNumber: string): Promise<RawResponse> {
    return this.call(
      '/ship/v1/shipments/cancel',
      {
        accountNumber: { value: SAMPLE_ACCOUNT_NUMBER },
        senderCountryCode: 'US',
        deletionControl: 'DELETE_ALL_PACKAGES',
        trackingNumber,
      },
      { method: 'PUT' },
    );
  }

  /** Address Validation (`POST /address/v1/addresses/resolve`). */
  validateAddress(body: Json): Promise<RawResponse> {
    return this.call('/address/v1/addresses/resolve', body);
  }

  /** Ground End of Day Close (`PUT /ship/v1/endofday/`) of `closeDate`. */
  endOfDay(closeDate: string): Promise<RawResponse> {
    return this.call(
      '/ship/v1/endofday/',
      {
        accountNumber: { value: SAMPLE_ACCOUNT_NUMBER },
        closeReqType: 'GCDR',
        groundServiceCategory: 'GROUND',
        closeDate,
      },
      { method: 'PUT' },
    );
  }

  /** GET of a URL a reply named (a URL_ONLY label or document), with the bearer token (or `token`, or none when null). */
  fetchLink(url: string, options: { token?: string | null } = {}): Promise<RawResponse> {
    const token = options.token === undefined ? this.accessToken : options.token;
    const { origin, pathname } = new URL(url);
    return rawRequest(origin, 'GET', pathname, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  }
}

/** A FedEx Ground rate request: the sample's lane (Memphis 38125 → Beverly Hills 90212), one 12 LB package. */
export function groundRateRequest(): Json {
  const body = defaultSample('rate-quotes') as Json;
  body.requestedShipment.serviceType = 'FEDEX_GROUND';
  return body;
}

/** A Ground Economy (SMART_POST) rate request on the sample's US lane, with the carrier's smartPostInfoDetail. */
export function smartPostRateRequest(): Json {
  const body = defaultSample('rate-quotes') as Json;
  body.requestedShipment.serviceType = 'SMART_POST';
  body.requestedShipment.smartPostInfoDetail = { hubId: '5531', indicia: 'PARCEL_SELECT' };
  return body;
}

/** The customer reference the client suite puts on every package (track answers it as a package identifier). */
export const CLIENT_REFERENCE = 'PO-CLIENT-39';

/**
 * A FedEx Ground shipment of the sample's parties: two 12 LB 12×10×8 IN packages with a customer
 * reference, ZPL labels (no render wait), shipped `shipDate` (the twin's today, or a day of its
 * 10-day window: the twin refuses a past date).
 */
export function groundShipRequest(shipDate: string): Json {
  const body = defaultSample('ship-create', shipDate) as Json;
  const rs = body.requestedShipment;
  rs.serviceType = 'FEDEX_GROUND';
  rs.labelSpecification = { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' };
  const line = rs.requestedPackageLineItems[0];
  line.customerReferences = [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: CLIENT_REFERENCE }];
  rs.requestedPackageLineItems = [line, structuredClone(line)];
  rs.totalWeight = 24;
  return body;
}

/** The sample's address-validation request (one Memphis street address). */
export const addressRequest = (): Json => defaultSample('address-resolve') as Json;

/** The carrier's error shape for a refused call: `{transactionId, errors: [{code, message}]}`. */
export function carrierErrorOf(res: RawResponse): { code: string; message: string } {
  const body = res.json() as { transactionId?: unknown; errors?: Array<{ code: string; message: string }> };
  if (typeof body.transactionId !== 'string' || !body.errors?.[0]) {
    throw new Error(`not the carrier's error shape: ${res.status} ${res.text}`);
  }
  return { code: body.errors[0].code, message: body.errors[0].message };
}
