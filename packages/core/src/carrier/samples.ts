/**
 * Our own default request for every enabled catalogue entry: what the playground loads when an
 * endpoint is picked, before the person chooses one of the document's named samples. Each one
 * validates against its operation's full schema in the carrier's documents (samples.test.ts).
 * The upload entries' `document` is the JSON the multipart `document` field carries (as a string
 * on the wire) and `attachment` the file's name.
 */

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

const SAMPLES: Record<string, unknown> = {
  locations: {
    location: { address: { city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38125', countryCode: 'US' } },
    locationsSummaryRequestControlParameters: { distance: { units: 'MI', value: 25 }, maxResults: 10 },
  },
  'postal-validate': {
    carrierCode: 'FDXG',
    countryCode: 'US',
    stateOrProvinceCode: 'TN',
    postalCode: '38125',
    shipDate: '2024-05-20',
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
      shipDateBegin: '2024-05-18',
      shipDateEndDate: '2024-05-22',
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
  'address-resolve': {
    addressesToValidate: [
      {
        address: {
          streetLines: ['3610 Hacks Cross Rd'],
          city: 'Memphis',
          stateOrProvinceCode: 'TN',
          postalCode: '38125',
          countryCode: 'US',
        },
      },
    ],
  },
  'pickup-create': {
    associatedAccountNumber: account,
    originDetail: {
      pickupLocation: { contact: shipper.contact, address: shipper.address },
      readyDateTimestamp: '2024-05-20T11:00:00Z',
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
    scheduledDate: '2024-05-20',
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
      shipDatestamp: '2024-05-20',
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
      shipTimestamp: '2024-05-20',
      shippingLabelType: 'FEDEX_TAG',
      specialServicesRequested: { specialServiceTypes: ['RETURN_SHIPMENT'] },
      shippingChargesPayment: { paymentType: 'SENDER' },
      labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
      requestedPackageLineItems: [packageLine],
      pickupDetail: { readyPickupDateTime: '2024-05-20T09:00:00Z', latestPickupDateTime: '2024-05-20T17:00:00Z' },
    },
  },
  'tag-cancel': {
    accountNumber: account,
    serviceType: 'PRIORITY_OVERNIGHT',
    trackingNumber: SAMPLE_TRACKING,
    completedTagDetail: { confirmationNumber: '275', location: 'NQAA', dispatchDate: '2024-05-20' },
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

/** A copy of our default request for a catalogue entry (undefined for unknown or disabled ids). */
export function defaultSample(endpointId: string): unknown {
  const s = SAMPLES[endpointId];
  return s === undefined ? undefined : (JSON.parse(JSON.stringify(s)) as unknown);
}

/** The ids that have a default sample. */
export const SAMPLE_ENDPOINT_IDS: readonly string[] = Object.keys(SAMPLES);
