/**
 * What the carrier twin does for each catalogue entry, one file per endpoint family; entries not
 * listed answer the document's example with the request's identifiers echoed (fromExample.ts).
 */
import type { CarrierEndpoint } from '@lab/core/carrier';
import { accountValidate } from './account.js';
import type { Behaviour } from './context.js';
import { fromExample, resultsFromExample } from './fromExample.js';
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
import { pickupCreate } from './pickups.js';
import { locations, postalValidate } from './places.js';
import { packageAndServiceOptions, rateQuotes, specialServiceOptions } from './rates.js';
import { cancelShipment, createShipment } from './ship.js';
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
  'ship-results': resultsFromExample,
  'open-ship-results': resultsFromExample,
  'account-validate': accountValidate,
  'etd-upload': etdUpload,
  'image-upload': imageUpload,
  'pickup-create': pickupCreate,
  'open-ship-create': openCreate,
  'open-ship-modify': openModify,
  'open-ship-confirm': openConfirm,
  'open-ship-packages-add': openPackagesAdd,
  'open-ship-packages-modify': openPackagesModify,
  'open-ship-packages-delete': openPackagesDelete,
  'open-ship-packages-retrieve': openRetrieve,
  'open-ship-retrieve': openRetrieve,
  'open-ship-delete': openDelete,
};

export const behaviourFor = (endpoint: CarrierEndpoint): Behaviour => BEHAVIOURS[endpoint.id] ?? fromExample;
