/** The carrier's error shape: `{transactionId, customerTransactionId?, errors: [{code, message, parameterList?}]}`. */
import type { CarrierErrorEntry } from '@lab/core/carrier';

export type { CarrierErrorEntry };

export interface CarrierErrorBody {
  transactionId: string;
  customerTransactionId?: string;
  errors: CarrierErrorEntry[];
}

export class CarrierError extends Error {
  constructor(
    readonly status: number,
    readonly entries: CarrierErrorEntry[],
  ) {
    super(entries[0]?.message ?? 'carrier error');
    this.name = 'CarrierError';
  }
}

export const carrierError = (status: number, code: string, message: string) =>
  new CarrierError(status, [{ code, message }]);

export const MESSAGES = {
  tokenMissing: 'Access token is missing or invalid. Please modify your request and try again.',
  tokenExpired: 'Access token expired. Please modify your request and try again.',
  badCredentials: 'The given client credentials were not valid. Please modify your request and try again.',
  notFound: 'The resource you requested is no longer available. Please modify your request and try again.',
  badJson: 'The request body is not valid JSON. Please modify your request and try again.',
  trackingNotFound: 'Tracking number cannot be found. Please correct the tracking number and try again.',
  /** ship document, POST /ship/v1/shipments/results, the 400 example (TRACKINGNUMBER.ENTERED.INVALID). */
  trackingNumberInvalid: 'Error with entered Tracking Number. Please verify the entered Tracking Number.',
  tokenOtherEnvironment: (issuedBy: string, here: string) =>
    `Access token was issued by the ${issuedBy} environment and is not valid on ${here}. Please request a token from ${here} and try again.`,
  alreadyCancelled: 'The shipment has already been cancelled. Please modify your request and try again.',
} as const;
