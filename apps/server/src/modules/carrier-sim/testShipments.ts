/**
 * Ship requests the carrier twin's tests send: the default sample with ZPL labels (no render pool
 * to wait for), the Shenzhen lane, customs lines.
 */
import { defaultSample } from '@lab/core/carrier';

type Json = Record<string, any>;

/** A recipient in Shenzhen, whose postal code our data knows. */
export const SHENZHEN = {
  streetLines: ['9 Keyuan Rd'],
  city: 'Shenzhen',
  stateOrProvinceCode: 'GD',
  postalCode: '518057',
  countryCode: 'CN',
};

/**
 * The create-shipment sample (Memphis → Beverly Hills, one 12 LB package) with ZPL labels, dated
 * `day` (default: today in UTC, the twin's today on a real-time clock), changed by `change`.
 */
export function shipRequest(change: (body: Json, rs: Json) => void = () => undefined, day?: string): Json {
  const body = defaultSample('ship-create', day) as Json;
  body.requestedShipment.labelSpecification = { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' };
  change(body, body.requestedShipment);
  return body;
}

/** Sends a requested shipment to Shenzhen by International Priority (its goods still need customs lines). */
export function toShenzhen(rs: Json): void {
  rs.serviceType = 'FEDEX_INTERNATIONAL_PRIORITY';
  rs.recipients[0].address = { ...SHENZHEN };
}

/** A customs line: `quantity` pieces worth `amount` USD in all, 1 kg, made in the US. */
export const commodity = (description: string, amount: number, quantity = 1): Json => ({
  description,
  quantity,
  quantityUnits: 'PCS',
  countryOfManufacture: 'US',
  weight: { units: 'KG', value: 1 },
  customsValue: { amount, currency: 'USD' },
});

/** Customs clearance of goods, duties paid by the sender. */
export const customs = (commodities: Json[], extra: Json = {}): Json => ({
  dutiesPayment: { paymentType: 'SENDER' },
  ...extra,
  commodities,
});

/** A cancel-shipment request for the sample's account (whose check digit is right). */
export const cancelRequest = (trackingNumber: string): Json => ({
  accountNumber: { value: '740561075' },
  trackingNumber,
});
