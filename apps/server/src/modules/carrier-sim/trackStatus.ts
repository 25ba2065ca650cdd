/**
 * The carrier's published track status codes (the "Track Service Scan Codes" table the track
 * document links, `loadDocReference("trackservicescancodes")`): what `latestStatusDetail.code`,
 * `.description` and `.statusByLocale` say for a package's derived status. docs/modules/carrier-sim.md
 * lists the table and its source.
 */
export const TRACK_STATUS: Readonly<Record<string, string>> = {
  AA: 'At Airport',
  AC: 'At Canada Post facility',
  AD: 'At Delivery',
  AF: 'At local FedEx Facility',
  AP: 'At Pickup',
  AR: 'Arrived at',
  AX: 'At USPS facility',
  CA: 'Shipment Cancelled',
  CC: 'Cleared Customs',
  CD: 'Clearance Delay',
  CH: 'Location Changed',
  CP: 'Clearance in Progress',
  DD: 'Delivery Delay',
  DE: 'Delivery Exception',
  DL: 'Delivered',
  DP: 'Departed',
  DR: 'Vehicle furnished but not used',
  DS: 'Vehicle Dispatched',
  DY: 'Delay',
  EA: 'Enroute to Airport delay',
  ED: 'Enroute to Delivery',
  EO: 'Enroute to Origin airport',
  EP: 'Enroute to Pickup',
  FD: 'At FedEx Destination',
  HL: 'Hold at Location',
  IT: 'In Transit',
  IX: 'In transit (see Details)',
  LO: 'Left Origin',
  OC: 'Order Created',
  OD: 'Out for Delivery',
  OF: 'At FedEx origin facility',
  OX: 'Shipment information sent to USPS',
  PD: 'Pickup Delay',
  PF: 'Plane in Flight',
  PL: 'Plane Landed',
  PM: 'In Progress',
  PU: 'Picked Up',
  PX: 'Picked up (see Details)',
  RS: 'Return to Shipper',
  SE: 'Shipment Exception',
  SF: 'At Sort Facility',
  SP: 'Split Status',
  TR: 'Transfer',
};

/** A derived status code's published description (the code itself for one the table does not name). */
export const statusDescription = (code: string): string => TRACK_STATUS[code] ?? code;
