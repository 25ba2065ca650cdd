/**
 * Service availability replies (package and service options, special service options): the
 * services of the request's lane by the same rule as rates and create shipment
 * (`servicesAsked`: the one the request names, refused off its lane, else all the lane allows).
 */
import { asObject as obj, type JsonObject } from '@lab/core/json';
import { FREIGHT_WEIGHT_LIMIT_KG } from '@lab/core/shipping';
import type { LabServices } from '../../module.js';
import { servicesAsked, shipmentFacts } from './rating.js';
import { KG_PER_LB } from './tariff/rate.js';
import type { ServiceTerms } from './tariff/services.js';

type Json = JsonObject;

const PACKAGING: [key: string, displayText: string][] = [
  ['YOUR_PACKAGING', 'Your Packaging'],
  ['FEDEX_ENVELOPE', 'FedEx Envelope'],
  ['FEDEX_PAK', 'FedEx Pak'],
  ['FEDEX_BOX', 'FedEx Box'],
  ['FEDEX_TUBE', 'FedEx Tube'],
];

/** Ground carries the customer's own packaging only; express and freight take the carrier's too. */
const packagingOf = (s: ServiceTerms) => (s.category === 'GROUND' ? PACKAGING.slice(0, 1) : PACKAGING);

/** The per-piece limit above which freight service is needed (the Dim Weight tool's constant). */
const pieceLimit = () => ({
  maxMetricWeightAllowed: { units: 'KG', value: FREIGHT_WEIGHT_LIMIT_KG },
  maxWeightAllowed: { units: 'LB', value: Math.round(FREIGHT_WEIGHT_LIMIT_KG / KG_PER_LB) },
});

const option = (s: ServiceTerms) => ({ key: s.serviceType, displayText: s.name });

export async function packageAndServiceOptionsOutput(
  places: LabServices['places'],
  body: Json,
  today: string,
): Promise<Json> {
  const rs = obj(body.requestedShipment);
  const services = servicesAsked(rs, await shipmentFacts(places, rs, today));
  return {
    packageOptions: services.flatMap((s) =>
      packagingOf(s).map(([key, displayText]) => ({
        serviceType: option(s),
        packageType: { key, displayText },
        ...(s.category === 'EXPRESS_FREIGHT' ? {} : pieceLimit()),
      })),
    ),
    serviceOptions: services.map(option),
    oneRate: false,
  };
}

const SIGNATURE_OPTIONS = [
  { code: 'SERVICE_DEFAULT', displayText: 'Service Default' },
  { code: 'NO_SIGNATURE_REQUIRED', displayText: 'No Signature Required' },
  { code: 'INDIRECT', displayText: 'Indirect Signature' },
  { code: 'DIRECT', displayText: 'Direct Signature' },
  { code: 'ADULT', displayText: 'Adult Signature' },
];

export async function specialServiceOptionsOutput(
  places: LabServices['places'],
  body: Json,
  today: string,
): Promise<Json> {
  const rs = obj(body.requestedShipment);
  const facts = await shipmentFacts(places, rs, today);
  const international = facts.lane === 'international';
  const shipmentServices = [
    'HOLD_AT_LOCATION',
    ...(international ? ['ELECTRONIC_TRADE_DOCUMENTS', 'BROKER_SELECT_OPTION'] : ['SATURDAY_DELIVERY']),
  ];
  return {
    serviceOptionsList: servicesAsked(rs, facts).map((s) => ({
      serviceType: s.serviceType,
      carrierCode: s.carrierCode,
      issEnabled: false,
      signatureOptionsList: SIGNATURE_OPTIONS,
      shipmentSpecialServicesList: shipmentServices.map((specialServiceType) => ({ specialServiceType })),
      packageSpecialServicesList: [{ specialServiceType: 'SIGNATURE_OPTION' }],
    })),
  };
}
