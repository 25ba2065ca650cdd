import { completeExpressTracking } from '../shipping/tracking.js';

/** A source of numbers in [0, 1); pass `Math.random` in the app and `seededRandom(n)` in tests. */
export type RandomSource = () => number;

/** mulberry32: a tiny, well-distributed seeded generator, so tests get the same sample every run. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SampleAddress {
  name: string;
  company: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

export interface SampleLabel {
  zpl: string;
  trackingNumber: string;
  service: string;
  sender: SampleAddress;
  recipient: SampleAddress;
  weightLb: string;
  shipDate: string;
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Lucas',
  'Mia',
  'Ethan',
  'Chloe',
  'Aiden',
];
const LAST_NAMES = [
  'Johnson',
  'Garcia',
  'Nguyen',
  'Patel',
  'Kim',
  'Okafor',
  'Rossi',
  'Schmidt',
  'Dubois',
  'Tanaka',
  'Silva',
];
const COMPANIES = [
  'Northwind Traders',
  'Blue Ridge Outfitters',
  'Acme Components',
  'Lakeside Dental Supply',
  'Copper Kettle Coffee',
  'Summit Bike Works',
  'Harbor Freight Labs',
  'Pinecrest Books',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Commerce Blvd',
  'Industrial Pkwy',
  'Riverside Rd',
  'Elm St',
  'Airport Way',
  'Market St',
];
const CITIES: Array<[city: string, state: string, zipPrefix: string, area: string]> = [
  ['MEMPHIS', 'TN', '381', '901'],
  ['DALLAS', 'TX', '752', '214'],
  ['SEATTLE', 'WA', '981', '206'],
  ['DENVER', 'CO', '802', '303'],
  ['ATLANTA', 'GA', '303', '404'],
  ['CHICAGO', 'IL', '606', '312'],
  ['BOSTON', 'MA', '021', '617'],
  ['PHOENIX', 'AZ', '850', '602'],
  ['COLUMBUS', 'OH', '432', '614'],
  ['SAN JOSE', 'CA', '951', '408'],
];
const SERVICES: Array<[name: string, code: string]> = [
  ['PRIORITY OVERNIGHT', 'P1'],
  ['STANDARD OVERNIGHT', 'SO'],
  ['2DAY', 'E2'],
  ['EXPRESS SAVER', 'ES'],
  ['FIRST OVERNIGHT', 'F1'],
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function pick<T>(random: RandomSource, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function digits(random: RandomSource, count: number): string {
  let s = '';
  for (let i = 0; i < count; i++) s += Math.floor(random() * 10);
  return s;
}

function address(random: RandomSource): SampleAddress {
  const [city, state, zipPrefix, area] = pick(random, CITIES);
  return {
    name: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
    company: pick(random, COMPANIES),
    street: `${1 + Math.floor(random() * 9899)} ${pick(random, STREETS)}`,
    city,
    state,
    postalCode: `${zipPrefix}${digits(random, 2)}`,
    phone: `(${area}) ${digits(random, 3)}-${digits(random, 4)}`,
  };
}

/** 16FEB24 — the date style printed on carrier labels. */
function labelDate(date: Date): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${dd}${MONTHS[date.getUTCMonth()]}${String(date.getUTCFullYear()).slice(-2)}`;
}

function field(x: number, y: number, font: string, text: string): string {
  return `^FO${x},${y}${font}^FD${text}^FS`;
}

/**
 * A realistic 4 × 6 in, 8 dpmm shipping label: sender and recipient blocks, the service, a valid
 * 12-digit express tracking number (1-3-7 mod-11 check digit) as text and as a Code 128 barcode,
 * and a PDF417 block carrying the shipment data. Different for every random source state.
 */
export function generateSampleLabel(random: RandomSource, shipDate: Date): SampleLabel {
  const sender = address(random);
  const recipient = address(random);
  const [service, serviceCode] = pick(random, SERVICES);
  const trackingNumber = completeExpressTracking(`7${digits(random, 10)}`);
  const weightLb = (0.5 + random() * 49.5).toFixed(2);
  const dims = [digits(random, 1), digits(random, 1), digits(random, 1)].map((d) => String(Number(d) + 4));
  const date = labelDate(shipDate);
  const spaced = trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
  const pdf417 = [
    '[)>',
    '01',
    `02${recipient.postalCode}`,
    '03840',
    `04${serviceCode}`,
    `05${trackingNumber}`,
    `06${recipient.name.toUpperCase()}`,
    `07${recipient.street.toUpperCase()}`,
    `08${recipient.city}`,
    `09${recipient.state}`,
    `10${weightLb}LB`,
  ].join('|');

  const lines = [
    '^XA',
    '^CI28',
    '^PW812^LL1218^LH0,0',
    field(24, 20, '^A0N,22,22', 'FROM:'),
    field(24, 46, '^A0N,24,24', sender.name.toUpperCase()),
    field(24, 74, '^A0N,24,24', sender.company.toUpperCase()),
    field(24, 102, '^A0N,24,24', sender.street.toUpperCase()),
    field(24, 130, '^A0N,24,24', `${sender.city} ${sender.state} ${sender.postalCode} US`),
    field(24, 158, '^A0N,22,22', sender.phone),
    field(520, 20, '^A0N,22,22', `SHIP DATE: ${date}`),
    field(520, 48, '^A0N,22,22', `ACTWGT: ${weightLb} LB`),
    field(520, 76, '^A0N,22,22', `DIMS: ${dims.join('x')} IN`),
    field(520, 104, '^A0N,22,22', 'BILL SENDER'),
    '^FO0,192^GB812,3,3^FS',
    field(24, 212, '^A0N,30,30', 'TO'),
    field(80, 210, '^A0N,44,44', recipient.name.toUpperCase()),
    field(80, 260, '^A0N,40,40', recipient.company.toUpperCase()),
    field(80, 306, '^A0N,40,40', recipient.street.toUpperCase()),
    field(80, 356, '^A0N,48,48', `${recipient.city} ${recipient.state} ${recipient.postalCode}`),
    field(80, 414, '^A0N,26,26', recipient.phone),
    field(660, 414, '^A0N,30,30', '(US)'),
    '^FO0,460^GB812,3,3^FS',
    field(24, 482, '^A0N,56,50', service),
    field(24, 560, '^A0N,26,26', 'TRK#'),
    field(100, 550, '^A0N,48,44', spaced),
    `^FO640,480^GB150,130,6^FS`,
    field(666, 500, '^A0N,100,90', serviceCode),
    '^FO0,630^GB812,3,3^FS',
    `^FO254,660^BY3,3^BCN,220,N,N,N^FD>;${trackingNumber}^FS`,
    field(250, 890, '^A0N,30,30', spaced),
    '^FO0,936^GB812,3,3^FS',
    `^FO40,960^BY2,3^B7N,5,3,12,,N^FD${pdf417}^FS`,
    field(24, 1180, '^A0N,22,22', `REF: ${digits(random, 8)}   SAMPLE LABEL - NOT FOR SHIPPING`),
    '^PQ1',
    '^XZ',
  ];
  return { zpl: `${lines.join('\n')}\n`, trackingNumber, service, sender, recipient, weightLb, shipDate: date };
}
