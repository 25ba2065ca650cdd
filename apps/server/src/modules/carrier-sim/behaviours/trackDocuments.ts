/**
 * Tracking documents (`/track/v1/trackingdocuments`: the signature proof of delivery, a PDF drawn
 * from the stored shipment once it is delivered) and tracking notifications
 * (`/track/v1/notifications`: registered per shipment, stored with it).
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { carrierError, MESSAGES } from '../errors.js';
import type { ShipmentRow } from '../repo.js';
import type { SimParty } from '../state.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';
import { verifiedAddress } from '../trackSearch.js';
import { shipmentOfNumber, shipmentResults } from './track.js';

/** The twin's refusals of a tracking document it cannot give (the carrier's codes). */
export const DOCUMENT_MESSAGES = {
  notDelivered: 'Signature proof of delivery is not available until the package is delivered.',
  typeNotSupported:
    'Only SIGNATURE_PROOF_OF_DELIVERY is available for this shipment: BILL_OF_LADING and FREIGHT_BILLING_DOCUMENT are for freight shipments.',
  formatNotSupported: 'The lab answers tracking documents as PDF: use documentFormat PDF.',
};

/** Characters the standard PDF fonts (WinAnsi) cannot draw are shown as `?`. */
const ansi = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

interface ProofFacts {
  trackingNumber: string;
  service: string;
  shipDate: string;
  deliveredAt: string;
  deliveredTo: string;
  signedBy: string;
  weight: string;
  shipper: SimParty;
  recipient: SimParty;
}

const placeLine = (p: SimParty) =>
  [p.city.toUpperCase(), p.stateOrProvinceCode, p.postalCode, p.countryCode].filter(Boolean).join(' ');

/** The signature proof of delivery of one piece: one letter page, like the carrier's letter. */
export async function proofOfDeliveryPdf(f: ProofFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Proof of delivery ${f.trackingNumber}`);
  const fixed = new Date(`${f.shipDate}T00:00:00Z`);
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const put = (s: string, x: number, y: number, size = 10, f = font) =>
    page.drawText(ansi(s).slice(0, 90), { x, y, size, font: f, color: rgb(0, 0, 0) });
  put('Proof of Delivery', 40, 740, 18, bold);
  put('Dear Customer,', 40, 710);
  put('This notice serves as proof of delivery for the shipment listed below.', 40, 696);
  const rows: [string, string][] = [
    ['Tracking number', f.trackingNumber],
    ['Delivery date', f.deliveredAt],
    ['Delivered to', f.deliveredTo],
    ['Signed for by', f.signedBy],
    ['Service type', f.service],
    ['Ship date', f.shipDate],
    ['Weight', f.weight],
    ['Shipper', placeLine(f.shipper)],
    ['Recipient', placeLine(f.recipient)],
  ];
  rows.forEach(([label, value], i) => {
    put(label, 40, 660 - i * 18, 10, bold);
    put(value, 180, 660 - i * 18);
  });
  put('Thank you for choosing FedEx. (Shipping Lab carrier twin: a simulated document.)', 40, 460, 9);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

async function proofOf(ctx: SimContext, req: SimRequest, s: ShipmentRow, tracking: string): Promise<Buffer> {
  const [piece] = await shipmentResults(ctx, req, s, () => [tracking]);
  const result = obj(arr(piece!.trackResults)[0]);
  const delivered = arr(result.dateAndTimes)
    .map(obj)
    .find((d) => d.type === 'ACTUAL_DELIVERY');
  if (!delivered) throw carrierError(400, 'SPOD.NOT.AVAILABLE', DOCUMENT_MESSAGES.notDelivered);
  const recipient = JSON.parse(s.recipient) as SimParty;
  const weight = arr(obj(obj(result.packageDetails).weightAndDimensions).weight).map(obj)[0];
  return proofOfDeliveryPdf({
    trackingNumber: tracking,
    service: str(obj(result.serviceDetail).description),
    shipDate: s.ship_date,
    deliveredAt: str(delivered.dateTime),
    deliveredTo: 'Receptionist/Front Desk',
    signedBy: (recipient.personName ?? recipient.companyName ?? 'Signature on file').toUpperCase(),
    weight: weight ? `${str(weight.value)} ${str(weight.unit)}` : '',
    shipper: JSON.parse(s.shipper) as SimParty,
    recipient,
  });
}

export async function trackingDocuments(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const detail = obj(req.body.trackDocumentDetail);
  const documentType = str(detail.documentType, 'SIGNATURE_PROOF_OF_DELIVERY');
  const documentFormat = str(detail.documentFormat, 'PDF');
  // The shipments first: a document of a shipment that does not exist is refused as such, whatever its type.
  const found: { tracking: string; s: ShipmentRow }[] = [];
  for (const spec of arr(req.body.trackDocumentSpecification).map(obj)) {
    const tracking = str(obj(spec.trackingNumberInfo).trackingNumber);
    const s = await shipmentOfNumber(ctx, req, tracking);
    if (!s) throw carrierError(404, 'TRACKING.TRACKINGNUMBER.NOTFOUND', MESSAGES.trackingNotFound);
    found.push({ tracking, s });
  }
  if (documentType !== 'SIGNATURE_PROOF_OF_DELIVERY')
    throw carrierError(400, 'DOCUMENTTYPE.NOT.SUPPORTED', DOCUMENT_MESSAGES.typeNotSupported);
  if (documentFormat !== 'PDF')
    throw carrierError(400, 'DOCUMENTFORMAT.NOT.SUPPORTED', DOCUMENT_MESSAGES.formatNotSupported);
  const documents: string[] = [];
  for (const { tracking, s } of found) {
    documents.push((await proofOf(ctx, req, s, tracking)).toString('base64'));
  }
  return {
    status: 200,
    body: envelope(ctx, req, {
      localization: { languageCode: 'en', localeCode: 'US' },
      documentType,
      documentFormat,
      document: documents,
    }),
  };
}

/** A notification registered for a shipment, as stored (`notifications` column). */
export interface StoredNotification {
  trackingNumber: string;
  senderContactName: string;
  senderEMailAddress: string;
  recipients: { emailAddress: string; role: string; events: string[]; format: string; locale: string }[];
  registeredAt: number;
}

/**
 * Tracking notifications (`/track/v1/notifications`): the request's recipients and their events
 * registered on the shipment (each registration kept, newest last); the reply names the piece,
 * where it goes and the events registered for each recipient.
 */
export async function trackingNotifications(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const info = obj(req.body.trackingNumberInfo);
  const tracking = str(info.trackingNumber);
  const s = await shipmentOfNumber(ctx, req, tracking);
  if (!s) throw carrierError(404, 'TRACKING.TRACKINGNUMBER.NOTFOUND', MESSAGES.trackingNotFound);
  const detail = obj(req.body.trackingEventNotificationDetail);
  const recipients = arr(detail.trackingNotifications)
    .map(obj)
    .map((n) => {
      const d = obj(n.notificationDetail);
      const locale = obj(d.localization);
      return {
        emailAddress: str(obj(d.emailDetail).emailAddress),
        role: str(n.role, 'RECIPIENT'),
        events: arr(n.notificationEventTypes).map((e) => str(e)),
        format: str(d.notificationType, 'HTML'),
        locale: [str(locale.languageCode, 'en'), str(locale.localeCode)].filter(Boolean).join('_'),
      };
    });
  const registration: StoredNotification = {
    trackingNumber: tracking,
    senderContactName: str(req.body.senderContactName),
    senderEMailAddress: str(req.body.senderEMailAddress),
    recipients,
    registeredAt: req.now,
  };
  const stored = JSON.parse(s.notifications || '[]') as StoredNotification[];
  await ctx.store.setNotifications(s.id, JSON.stringify([...stored, registration]));
  const [piece] = await shipmentResults(ctx, req, s, () => [tracking]);
  const result = obj(arr(piece!.trackResults)[0]);
  const destination = verifiedAddress({ ...obj(obj(result.recipientInformation).address) });
  return {
    status: 200,
    body: envelope(ctx, req, {
      TrackingNumberInfo: obj(result.trackingNumberInfo) as Json,
      destinationAddress: destination,
      recipientDetails: recipients.map((r) => r.events),
    }),
  };
}
