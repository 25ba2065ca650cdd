/**
 * Our own default request for every enabled catalogue entry: what the playground loads when an
 * endpoint is picked, before the person chooses one of the document's named samples. Each one
 * validates against its operation's full schema in the carrier's documents (samples.test.ts).
 * The upload entries' `document` is the JSON the multipart `document` field carries (as a string
 * on the wire) and `attachment` the file's name.
 *
 * Samples are dated for a given day (issue 39 item 6, docs/modules/carrier.md "Ship dates"): the
 * carrier refuses a ship or pickup date in the past, so the playground builds them for the twin's
 * today (its clock), or the browser's today when the upstream is a real carrier.
 */

import { DAY_MS } from '../time/zones.js';

/** A valid enterprise account number (9th digit = 1-3-7 mod-11 check digit of the first 8). */
export const SAMPLE_ACCOUNT_NUMBER = '740561075';

const account = { value: SAMPLE_ACCOUNT_NUMBER };

const shipper = {
  contact: { personName: 'Avery Chen', phoneNumber: '9015551234', companyName: 'Shipping Lab' },
  address: {
    streetLines: ['3610 Hacks Cross Rd'],
    city: 'Memphis',
    stateOrProvinceCode: 'TN',
    postalCode: '38125',
    countryCode: 'US',
  },
};

const recipient = {
  contact: { personName: 'Jordan Lee', phoneNumber: '3105559876', companyName: 'Lee Imports' },
  address: {
    streetLines: ['9465 Wilshire Blvd'],
    city: 'Beverly Hills',
    stateOrProvinceCode: 'CA',
    postalCode: '90212',
    countryCode: 'US',
  },
};

const packageLine = {
  weight: { units: 'LB', value: 12 },
  dimensions: { length: 12, width: 10, height: 8, units: 'IN' },
};

const openShipment = {
  pickupType: 'USE_SCHEDULED_PICKUP',
  serviceType: 'PRIORITY_OVERNIGHT',
  packagingType: 'YOUR_PACKAGING',
  shipper,
  recipients: [recipient],
  shippingChargesPayment: { paymentType: 'SENDER' },
  requestedPackageLineItems: [packageLine],
};

const OPEN_SHIPMENT_INDEX = 'LAB-OPEN-0001';
const SAMPLE_TRACKING = '794953555571';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `day` (YYYY-MM-DD) plus `n` calendar days. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Today in UTC (YYYY-MM-DD): the twin's today when its clock runs in real time. */
export const utcToday = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10);

/**
 * The first Monday-to-Friday day on or after `day`: the day a sample's pickup is booked for (the
 * carrier's drivers do not come at weekends; the twin's pickup calendar skips them too).
 */
export function samplePickupDay(day: string): string {
  let d = day;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

/** Whether `day` is a calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const t = DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** The dates a day's samples carry: the ship date, the pickup date, the end of a reference search's range (a business day). */
export function sampleDates(day: string): { ship: string; pickup: string; rangeEnd: string } {
  if (!isCalendarDay(day)) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  return { ship: day, pickup: samplePickupDay(day), rangeEnd: samplePickupDay(addDays(day, 4)) };
}

/**
 * Every default sample, dated for `day`: shipments ship that day, pickups are booked on the first
 * business day from it with ready and close times inside the carrier's cut-offs (ready 09:00 or
 * 11:00, close 17:00 or 18:00: Express books until 17:00 and closes by 20:00).
 */
const samplesFor = (day: string): Record<string, unknown> => {
  const { ship, pickup, rangeEnd } = sampleDates(day);
  return {
    locations: {
      location: { address: { city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38125', countryCode: 'US' } },
      locationsSummaryRequestControlParameters: { distance: { units: 'MI', value: 25 }, maxResults: 10 },
    },
    'postal-validate': {
      carrierCode: 'FDXG',
      countryCode: 'US',
      stateOrProvinceCode: 'TN',
      postalCode: '38125',
      shipDate: ship,
    },
    'rate-quotes': {
      accountNumber: account,
      requestedShipment: {
        shipper: { address: { postalCode: '38125', countryCode: 'US' } },
        recipient: { address: { postalCode: '90212', countryCode: 'US' } },
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        rateRequestType: ['LIST', 'ACCOUNT'],
        requestedPackageLineItems: [{ weight: { units: 'LB', value: 12 } }],
      },
    },
    'package-and-service-options': {
      requestedShipment: {
        shipper: { address: { postalCode: '38125', countryCode: 'US' } },
        recipients: [{ address: { postalCode: '90212', countryCode: 'US' } }],
      },
    },
    'special-service-options': {
      requestedShipment: {
        shipper: { address: { postalCode: '38125', countryCode: 'US' } },
        recipient: { address: { postalCode: '90212', countryCode: 'US' } },
        packagingType: 'YOUR_PACKAGING',
        requestedPackageLineItems: [{ weight: { units: 'LB', value: 12 } }],
      },
    },
    'track-tracking-numbers': {
      includeDetailedScans: true,
      trackingInfo: [{ trackingNumberInfo: { trackingNumber: SAMPLE_TRACKING } }],
    },
    'track-tcn': { tcnInfo: { value: 'N552428361Y555XXX' }, includeDetailedScans: true },
    'track-reference-numbers': {
      referencesInformation: {
        type: 'CUSTOMER_REFERENCE',
        value: 'LAB-ORDER-1001',
        accountNumber: SAMPLE_ACCOUNT_NUMBER,
        shipDateBegin: ship,
        shipDateEndDate: rangeEnd,
      },
      includeDetailedScans: true,
    },
    'track-associated-shipments': {
      masterTrackingNumberInfo: { trackingNumberInfo: { trackingNumber: SAMPLE_TRACKING } },
      associatedType: 'STANDARD_MPS',
    },
    'track-documents': {
      trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY', documentFormat: 'PDF' },
      trackDocumentSpecification: [{ trackingNumberInfo: { trackingNumber: SAMPLE_TRACKING } }],
    },
    'track-notifications': {
      senderContactName: 'Avery Chen',
      senderEMailAddress: 'avery@example.com',
      trackingEventNotificationDetail: {
        trackingNotifications: [
          {
            notificationDetail: {
              localization: { languageCode: 'en' },
              emailDetail: { emailAddress: 'jordan@example.com', name: 'Jordan Lee' },
              notificationType: 'HTML',
            },
            role: 'RECIPIENT',
            notificationEventTypes: ['ON_DELIVERY', 'ON_EXCEPTION'],
          },
        ],
      },
      trackingNumberInfo: { trackingNumber: SAMPLE_TRACKING },
    },
    // The shipper's street address (Memphis).
    'address-resolve': { addressesToValidate: [{ address: shipper.address }] },
    'pickup-create': {
      associatedAccountNumber: account,
      originDetail: {
        pickupLocation: { contact: shipper.contact, address: shipper.address },
        readyDateTimestamp: `${pickup}T11:00:00Z`,
        customerCloseTime: '18:00:00',
      },
      carrierCode: 'FDXE',
    },
    'pickup-availability': {
      pickupAddress: { postalCode: '38125', countryCode: 'US' },
      pickupRequestType: ['SAME_DAY'],
      carriers: ['FDXE'],
      countryRelationship: 'DOMESTIC',
    },
    'pickup-cancel': {
      associatedAccountNumber: account,
      pickupConfirmationCode: '7',
      scheduledDate: pickup,
      location: 'NQAA',
    },
    'regulatory-details': {
      originAddress: { countryCode: 'US', postalCode: '38125' },
      destinationAddress: { countryCode: 'CA', postalCode: 'M5V2T6' },
      carrierCode: 'FDXE',
    },
    'ship-create': {
      labelResponseOptions: 'LABEL',
      accountNumber: account,
      requestedShipment: {
        shipper,
        recipients: [recipient],
        shipDatestamp: ship,
        serviceType: 'PRIORITY_OVERNIGHT',
        packagingType: 'YOUR_PACKAGING',
        pickupType: 'USE_SCHEDULED_PICKUP',
        totalWeight: 12,
        shippingChargesPayment: { paymentType: 'SENDER' },
        labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
        requestedPackageLineItems: [packageLine],
      },
    },
    'ship-cancel': {
      accountNumber: account,
      trackingNumber: SAMPLE_TRACKING,
      deletionControl: 'DELETE_ALL_PACKAGES',
    },
    'ship-results': { accountNumber: account, jobId: '89sxxxxx233ae24ff31xxxxx' },
    'tag-create': {
      accountNumber: account,
      requestedShipment: {
        shipper,
        recipients: [recipient],
        pickupType: 'CONTACT_FEDEX_TO_SCHEDULE',
        serviceType: 'PRIORITY_OVERNIGHT',
        packagingType: 'YOUR_PACKAGING',
        totalWeight: 12,
        shipTimestamp: ship,
        shippingLabelType: 'FEDEX_TAG',
        specialServicesRequested: { specialServiceTypes: ['RETURN_SHIPMENT'] },
        shippingChargesPayment: { paymentType: 'SENDER' },
        labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
        requestedPackageLineItems: [packageLine],
        pickupDetail: { readyPickupDateTime: `${pickup}T09:00:00Z`, latestPickupDateTime: `${pickup}T17:00:00Z` },
      },
    },
    'tag-cancel': {
      accountNumber: account,
      serviceType: 'PRIORITY_OVERNIGHT',
      trackingNumber: SAMPLE_TRACKING,
      completedTagDetail: { confirmationNumber: '275', location: 'NQAA', dispatchDate: pickup },
    },
    'open-ship-create': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      openShipmentAction: 'CREATE_PACKAGE',
      requestedShipment: openShipment,
    },
    'open-ship-modify': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      requestedShipment: { ...openShipment, serviceType: 'STANDARD_OVERNIGHT' },
    },
    'open-ship-confirm': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      labelResponseOptions: 'LABEL',
      labelSpecification: { labelStockType: 'PAPER_4X6', imageType: 'PDF' },
    },
    'open-ship-packages-add': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      requestedPackageLineItems: [{ weight: { units: 'LB', value: 5 } }],
    },
    'open-ship-packages-modify': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      trackingId: { trackingNumber: SAMPLE_TRACKING },
      requestedPackageLineItem: { weight: { units: 'LB', value: 6 } },
    },
    'open-ship-packages-delete': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      trackingIds: [{ trackingNumber: SAMPLE_TRACKING }],
    },
    'open-ship-packages-retrieve': {
      accountNumber: account,
      index: OPEN_SHIPMENT_INDEX,
      trackingId: { trackingNumber: SAMPLE_TRACKING },
    },
    'open-ship-delete': { accountNumber: account, index: OPEN_SHIPMENT_INDEX },
    'open-ship-retrieve': { accountNumber: account, index: OPEN_SHIPMENT_INDEX, trackingId: SAMPLE_TRACKING },
    'open-ship-results': { accountNumber: account, resultMethodType: 'CREATE', jobId: '89sxxxxx233ae24ff31xxxxx' },
    'etd-upload': {
      document: {
        workflowName: 'ETDPreshipment',
        name: 'commercial-invoice.pdf',
        contentType: 'application/pdf',
        meta: { shipDocumentType: 'COMMERCIAL_INVOICE', originCountryCode: 'US', destinationCountryCode: 'CA' },
      },
      attachment: 'commercial-invoice.pdf',
    },
    'image-upload': {
      document: {
        referenceId: 'LAB-LOGO-1',
        name: 'signature.png',
        contentType: 'image/png',
        rules: { workflowName: 'LetterheadSignature' },
        meta: { imageType: 'SIGNATURE', imageIndex: 'IMAGE_1' },
      },
      attachment: 'signature.png',
    },
    // The sample account is the shipper's: it bills to the shipper's address.
    'account-validate': { accountNumber: account, billingAddress: shipper.address },
  };
};

/**
 * Our default request for a catalogue entry dated for `day` (YYYY-MM-DD; default: today in UTC, the
 * twin's today on a real-time clock), a fresh copy each call; undefined for unknown or disabled ids.
 */
export function defaultSample(endpointId: string, day: string = utcToday()): unknown {
  const s = samplesFor(day)[endpointId];
  return s === undefined ? undefined : (JSON.parse(JSON.stringify(s)) as unknown);
}

/** The ids that have a default sample. */
export const SAMPLE_ENDPOINT_IDS: readonly string[] = Object.keys(samplesFor('2000-01-03'));
