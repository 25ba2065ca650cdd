/**
 * Service names and the two-digit service codes of the carrier's tagged transactions (field 1274,
 * `service_type`): the label prints both. One code stands for a domestic and an international
 * service (01 = Priority Overnight / International Priority); the lane decides which.
 */
interface ServiceEntry {
  name: string;
  code: string;
  international: boolean;
}

const SERVICES: Record<string, ServiceEntry> = {
  PRIORITY_OVERNIGHT: { name: 'FedEx Priority Overnight®', code: '01', international: false },
  FEDEX_2_DAY: { name: 'FedEx 2Day®', code: '03', international: false },
  STANDARD_OVERNIGHT: { name: 'FedEx Standard Overnight®', code: '05', international: false },
  FIRST_OVERNIGHT: { name: 'FedEx First Overnight®', code: '06', international: false },
  FEDEX_EXPRESS_SAVER: { name: 'FedEx Express Saver®', code: '20', international: false },
  FEDEX_2_DAY_AM: { name: 'FedEx 2Day® AM', code: '49', international: false },
  GROUND_HOME_DELIVERY: { name: 'FedEx Home Delivery®', code: '90', international: false },
  FEDEX_GROUND: { name: 'FedEx Ground®', code: '92', international: false },
  INTERNATIONAL_PRIORITY: { name: 'FedEx International Priority®', code: '01', international: true },
  FEDEX_INTERNATIONAL_PRIORITY: { name: 'FedEx International Priority®', code: '01', international: true },
  INTERNATIONAL_ECONOMY: { name: 'FedEx International Economy®', code: '03', international: true },
  INTERNATIONAL_FIRST: { name: 'FedEx International First®', code: '06', international: true },
  FEDEX_INTERNATIONAL_PRIORITY_EXPRESS: {
    name: 'FedEx International Priority® Express',
    code: '01',
    international: true,
  },
};

/** `FEDEX_2_DAY` → `FedEx 2Day®`; a type we do not know → its words (`SMART POST`). */
export function serviceNameOf(serviceType: string): string {
  return SERVICES[serviceType]?.name ?? serviceType.replace(/_/g, ' ');
}

/** `FEDEX_2_DAY` → `03`; unknown → `00`. */
export function serviceCodeOf(serviceType: string): string {
  return SERVICES[serviceType]?.code ?? '00';
}

/** Field 1274's code → the service type on that lane; undefined when the code is not one we know. */
export function serviceTypeOfCode(code: string, international: boolean): string | undefined {
  const c = code.trim().padStart(2, '0');
  for (const [type, s] of Object.entries(SERVICES)) {
    if (s.code === c && s.international === international && !type.startsWith('FEDEX_INTERNATIONAL')) return type;
  }
  return undefined;
}
