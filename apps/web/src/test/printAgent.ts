import type { PrintDevice } from '@lab/core/print';

/** The default printer a Browser Print agent (Zebra's, or `lab print-agent`) answers in the tests. */
export const DESK_PRINTER: PrintDevice = {
  name: 'desk',
  uid: '10.0.0.5:9100',
  connection: 'network',
  deviceType: 'printer',
  version: 3,
  provider: 'lab print-agent',
  manufacturer: 'Zebra Technologies',
};
