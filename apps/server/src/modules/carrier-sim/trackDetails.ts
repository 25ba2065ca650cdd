/**
 * What a track reply reads of the ship request it was created from: the packages (weight and
 * dimensions in the request's units), the packaging, the customer references (as the track
 * document's package identifier types), the service's operating company and short description.
 * Stored with the shipment (`details` column) when it is created.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';

export interface TrackReference {
  /** The track document's identifier type (referencesInformation.type): CUSTOMER_REFERENCE, PURCHASE_ORDER, … */
  type: string;
  value: string;
}

export interface PackageFacts {
  weight?: { units: string; value: number } | undefined;
  dimensions?: { length: number; width: number; height: number; units: string } | undefined;
  references: TrackReference[];
}

export interface ShipmentDetails {
  packagingType: string;
  packages: PackageFacts[];
}

/** The ship document's customerReferenceType → the track document's reference type of the same thing. */
export const TRACK_REFERENCE_TYPE: Readonly<Record<string, string>> = {
  CUSTOMER_REFERENCE: 'CUSTOMER_REFERENCE',
  DEPARTMENT_NUMBER: 'DEPARTMENT',
  INVOICE_NUMBER: 'INVOICE',
  P_O_NUMBER: 'PURCHASE_ORDER',
  RMA_ASSOCIATION: 'RETURN_MATERIALS_AUTHORIZATION',
  INTRACOUNTRY_REGULATORY_REFERENCE: 'FREE_FORM_REFERENCE',
};

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

function packageFacts(line: Json): PackageFacts {
  const w = obj(line.weight);
  const d = obj(line.dimensions);
  const weight = num(w.value);
  const [length, width, height] = [num(d.length), num(d.width), num(d.height)];
  return {
    weight: weight === undefined ? undefined : { units: str(w.units, 'LB'), value: weight },
    dimensions:
      length === undefined || width === undefined || height === undefined
        ? undefined
        : { length, width, height, units: str(d.units, 'IN') },
    references: arr(line.customerReferences)
      .map(obj)
      .filter((r) => str(r.value) !== '')
      .map((r) => ({
        type: TRACK_REFERENCE_TYPE[str(r.customerReferenceType)] ?? 'CUSTOMER_REFERENCE',
        value: str(r.value),
      })),
  };
}

/** The details of a requested shipment with its package lines. */
export const detailsOf = (rs: Json, lines: Json[]): ShipmentDetails => ({
  packagingType: str(rs.packagingType, 'YOUR_PACKAGING'),
  packages: (lines.length > 0 ? lines : [{}]).map(packageFacts),
});

/** A stored `details` column (rows from before it hold `{}`: no packages known). */
export const storedDetails = (json: string): ShipmentDetails => {
  const d = JSON.parse(json || '{}') as Partial<ShipmentDetails>;
  return { packagingType: d.packagingType ?? 'YOUR_PACKAGING', packages: d.packages ?? [] };
};

/** Every reference of a shipment (each value once per type). */
export const referencesOf = (d: ShipmentDetails): TrackReference[] => {
  const seen = new Set<string>();
  return d.packages
    .flatMap((p) => p.references)
    .filter((r) => !seen.has(`${r.type}\n${r.value}`) && seen.add(`${r.type}\n${r.value}`));
};

const PACKAGING: Readonly<Record<string, string>> = {
  YOUR_PACKAGING: 'Your Packaging',
  FEDEX_ENVELOPE: 'FedEx Envelope',
  FEDEX_PAK: 'FedEx Pak',
  FEDEX_BOX: 'FedEx Box',
  FEDEX_SMALL_BOX: 'FedEx Small Box',
  FEDEX_MEDIUM_BOX: 'FedEx Medium Box',
  FEDEX_LARGE_BOX: 'FedEx Large Box',
  FEDEX_EXTRA_LARGE_BOX: 'FedEx Extra Large Box',
  FEDEX_TUBE: 'FedEx Tube',
  FEDEX_10KG_BOX: 'FedEx 10kg Box',
  FEDEX_25KG_BOX: 'FedEx 25kg Box',
};

/** The track document's PackageDetail of piece `index` (0-based) of a shipment of `count` pieces. */
export function packageDetailOf(d: ShipmentDetails, index: number, count: number): Json {
  const p = d.packages[index];
  const weightAndDimensions: Json = {};
  if (p?.weight) weightAndDimensions.weight = [{ unit: p.weight.units, value: String(p.weight.value) }];
  if (p?.dimensions) {
    const { length, width, height, units } = p.dimensions;
    weightAndDimensions.dimensions = [
      { length: Math.round(length), width: Math.round(width), height: Math.round(height), units },
    ];
  }
  return {
    packagingDescription: { type: d.packagingType, description: PACKAGING[d.packagingType] ?? d.packagingType },
    sequenceNumber: String(index + 1),
    count: String(count),
    ...(Object.keys(weightAndDimensions).length > 0 ? { weightAndDimensions } : {}),
  };
}

/** The package identifiers of a piece: its references grouped by type (the document's PackageIdentifier). */
export function packageIdentifiersOf(d: ShipmentDetails, index: number, uniqueId: string): Json[] {
  const byType = new Map<string, string[]>();
  for (const r of d.packages[index]?.references ?? []) byType.set(r.type, [...(byType.get(r.type) ?? []), r.value]);
  return [...byType].map(([type, value]) => ({ type, value, trackingNumberUniqueId: uniqueId }));
}

const GROUND = new Set(['FEDEX_GROUND', 'GROUND_HOME_DELIVERY', 'SMART_POST', 'FEDEX_GROUND_ECONOMY']);

/** The operating company that carries a service: FDXG for Ground, Home Delivery and SmartPost, FDXE for Express. */
export const carrierCodeOf = (serviceType: string): 'FDXG' | 'FDXE' => (GROUND.has(serviceType) ? 'FDXG' : 'FDXE');

/** The carrier's abbreviations of its services (serviceDetail.shortDescription); initials for others. */
const SHORT: Readonly<Record<string, string>> = {
  FIRST_OVERNIGHT: 'FO',
  PRIORITY_OVERNIGHT: 'PO',
  STANDARD_OVERNIGHT: 'SO',
  FEDEX_2_DAY: 'E2',
  FEDEX_2_DAY_AM: 'E2AM',
  FEDEX_EXPRESS_SAVER: 'XS',
  FEDEX_GROUND: 'FG',
  GROUND_HOME_DELIVERY: 'HD',
  SMART_POST: 'SP',
  FEDEX_GROUND_ECONOMY: 'SP',
  INTERNATIONAL_FIRST: 'IF',
  FEDEX_INTERNATIONAL_PRIORITY_EXPRESS: 'IPE',
  FEDEX_INTERNATIONAL_PRIORITY: 'IP',
  INTERNATIONAL_PRIORITY: 'IP',
  INTERNATIONAL_ECONOMY: 'IE',
  FEDEX_INTERNATIONAL_CONNECT_PLUS: 'ICP',
  INTERNATIONAL_PRIORITY_FREIGHT: 'IPF',
  INTERNATIONAL_ECONOMY_FREIGHT: 'IEF',
};

export const shortDescriptionOf = (serviceType: string): string =>
  SHORT[serviceType] ??
  serviceType
    .split('_')
    .filter((w) => w !== 'FEDEX')
    .map((w) => w[0])
    .join('');
