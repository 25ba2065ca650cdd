/**
 * What the carrier twin does for each catalogue entry, one file per endpoint family; entries not
 * listed answer the document's example with the request's identifiers echoed (fromExample.ts).
 */
import { CARRIER_ENDPOINTS, pathMatches, type CarrierEndpoint, type CarrierHost } from '@lab/core/carrier';
import { accountValidate } from './account.js';
import { addressResolve } from './addresses.js';
import { endOfDayClose } from './endOfDay.js';
import type { Behaviour } from './context.js';
import { fromExample } from './fromExample.js';
import { openShipResults, shipResults } from './jobs.js';
import {
  openConfirm,
  openCreate,
  openDelete,
  openModify,
  openPackagesAdd,
  openPackagesDelete,
  openPackagesModify,
  openRetrieve,
} from './openShip.js';
import { pickupAvailability, pickupCancel, pickupCreate } from './pickups.js';
import { locations, postalValidate } from './places.js';
import { packageAndServiceOptions, rateQuotes, specialServiceOptions } from './rates.js';
import { regulatoryDetails } from './regulatory.js';
import { cancelShipment, createShipment } from './ship.js';
import { tagCancel, tagCreate } from './tags.js';
import { trackAssociated, trackNumbers, trackReferences, trackTcn } from './track.js';
import { trackingDocuments, trackingNotifications } from './trackDocuments.js';
import { etdUpload, imageUpload } from './uploads.js';

export type { Behaviour, SimContext, SimReply, SimRequest } from './context.js';

export const BEHAVIOURS: Record<string, Behaviour> = {
  'ship-create': createShipment,
  'ship-cancel': cancelShipment,
  'track-tracking-numbers': trackNumbers,
  'track-tcn': trackTcn,
  'track-reference-numbers': trackReferences,
  'track-associated-shipments': trackAssociated,
  'track-documents': trackingDocuments,
  'track-notifications': trackingNotifications,
  locations,
  'postal-validate': postalValidate,
  'rate-quotes': rateQuotes,
  'package-and-service-options': packageAndServiceOptions,
  'special-service-options': specialServiceOptions,
  'ship-results': shipResults,
  'open-ship-results': openShipResults,
  'account-validate': accountValidate,
  'etd-upload': etdUpload,
  'image-upload': imageUpload,
  'pickup-create': pickupCreate,
  'pickup-availability': pickupAvailability,
  'pickup-cancel': pickupCancel,
  'address-resolve': addressResolve,
  'regulatory-details': regulatoryDetails,
  'tag-create': tagCreate,
  'tag-cancel': tagCancel,
  'open-ship-create': openCreate,
  'open-ship-modify': openModify,
  'open-ship-confirm': openConfirm,
  'open-ship-packages-add': openPackagesAdd,
  'open-ship-packages-modify': openPackagesModify,
  'open-ship-packages-delete': openPackagesDelete,
  'open-ship-packages-retrieve': openRetrieve,
  'open-ship-retrieve': openRetrieve,
  'open-ship-delete': openDelete,
  'end-of-day-close': endOfDayClose,
};

/**
 * Catalogue entries the playground keeps disabled (the spec's catalogue) that the twin answers
 * anyway, because client programs call them: Ground End of Day Close.
 */
const TWIN_ONLY = new Set(['end-of-day-close']);

/** The disabled catalogue entry the twin answers for a method and concrete path, if any. */
export const twinOnlyEndpoint = (method: string, path: string, host: CarrierHost): CarrierEndpoint | undefined =>
  CARRIER_ENDPOINTS.find(
    (e) => TWIN_ONLY.has(e.id) && e.method === method.toUpperCase() && e.host === host && pathMatches(e.path, path),
  );

export const behaviourFor = (endpoint: CarrierEndpoint): Behaviour => BEHAVIOURS[endpoint.id] ?? fromExample;
