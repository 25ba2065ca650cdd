import { CARRIER_ENDPOINTS, endpointById, type CarrierEndpoint } from '@lab/core/carrier';
import type { CarrierCallResult, CarrierLocale } from './shared/types';

/**
 * The playground's request tabs: what each holds, how tabs are added and closed, and how they are
 * kept per browser (localStorage `fapi.tabs`; request bodies are not secrets, tokens are never here).
 */
export const TABS_KEY = 'fapi.tabs';
export const HISTORY_MAX = 20;
export const DEFAULT_ENDPOINT = 'ship-create';

export interface Overwrite {
  /** Blank = keep the body's. */
  accountNumber: string;
  labelResponseOptions: '' | 'URL_ONLY' | 'LABEL';
  /** `<imageType> <labelStockType>`, e.g. `PDF PAPER_LETTER`; blank = keep the body's. */
  labelSpecification: string;
}

export interface HistoryEntry {
  /** Epoch ms of the call. */
  at: number;
  endpointId: string;
  method: 'POST' | 'PUT';
  path: string;
  /** The body as sent (after the overwrite row). */
  request: string;
  status: number;
  statusText: string;
  timeMs: number;
}

/** The last answer of a tab (kept in memory only). */
export interface TabResponse {
  result: CarrierCallResult;
  request: unknown;
  endpointId: string;
}

export interface RequestTab {
  key: string;
  name: string;
  endpointId: string;
  method: 'POST' | 'PUT';
  /** The path sent ('' = the endpoint's; edited for templated paths like `/tag/cancel/{shipmentid}`). */
  path: string;
  locale: CarrierLocale;
  /** The request editor's text (may be invalid JSON while typing). */
  body: string;
  overwrite: Overwrite;
  history: HistoryEntry[];
}

export interface TabsState {
  tabs: RequestTab[];
  activeKey: string;
  /** The number the next new tab gets. */
  next: number;
}

export const blankOverwrite = (): Overwrite => ({
  accountNumber: '',
  labelResponseOptions: '',
  labelSpecification: '',
});

function methodOf(endpoint: CarrierEndpoint | undefined): 'POST' | 'PUT' {
  return endpoint?.method === 'PUT' ? 'PUT' : 'POST';
}

export function newTab(n: number, endpointId = DEFAULT_ENDPOINT, body = '{}'): RequestTab {
  const endpoint = endpointById(endpointId) ?? endpointById(DEFAULT_ENDPOINT);
  return {
    key: `tab-${n}`,
    name: `Tab ${n}`,
    endpointId: endpoint?.id ?? DEFAULT_ENDPOINT,
    method: methodOf(endpoint),
    path: '',
    locale: 'en_US',
    body,
    overwrite: blankOverwrite(),
    history: [],
  };
}

export function initialTabs(): TabsState {
  return { tabs: [newTab(1)], activeKey: 'tab-1', next: 2 };
}

export function addTab(state: TabsState, endpointId?: string, body?: string): TabsState {
  const tab = newTab(state.next, endpointId, body);
  return { tabs: [...state.tabs, tab], activeKey: tab.key, next: state.next + 1 };
}

/** Closes a tab; closing the active one selects the next tab, else the previous. The last tab stays. */
export function closeTab(state: TabsState, key: string): TabsState {
  const i = state.tabs.findIndex((t) => t.key === key);
  if (i < 0 || state.tabs.length === 1) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  let activeKey = state.activeKey;
  if (key === state.activeKey) activeKey = (state.tabs[i + 1] ?? state.tabs[i - 1])!.key;
  return { ...state, tabs, activeKey };
}

export function updateTab(state: TabsState, key: string, patch: Partial<RequestTab>): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, ...patch } : t)) };
}

/** Switches a tab to another endpoint (its method follows the endpoint). */
export function withEndpoint(endpointId: string): Partial<RequestTab> {
  return { endpointId, method: methodOf(endpointById(endpointId)), path: '' };
}

/** The newest call first, at most HISTORY_MAX. */
export function pushHistory(history: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history].slice(0, HISTORY_MAX);
}

const KNOWN = new Set(CARRIER_ENDPOINTS.map((e) => e.id));

function readTab(raw: unknown, fallbackN: number): RequestTab | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const t = raw as Partial<RequestTab>;
  if (typeof t.key !== 'string' || typeof t.name !== 'string') return undefined;
  const base = newTab(
    fallbackN,
    typeof t.endpointId === 'string' && KNOWN.has(t.endpointId) ? t.endpointId : undefined,
  );
  const o = (t.overwrite ?? {}) as Partial<Overwrite>;
  return {
    ...base,
    key: t.key,
    name: t.name,
    method: t.method === 'PUT' ? 'PUT' : t.method === 'POST' ? 'POST' : base.method,
    path: typeof t.path === 'string' ? t.path.slice(0, 500) : '',
    locale: t.locale === 'zh_CN' ? 'zh_CN' : 'en_US',
    body: typeof t.body === 'string' ? t.body : base.body,
    overwrite: {
      accountNumber: typeof o.accountNumber === 'string' ? o.accountNumber.slice(0, 9) : '',
      labelResponseOptions:
        o.labelResponseOptions === 'URL_ONLY' || o.labelResponseOptions === 'LABEL' ? o.labelResponseOptions : '',
      labelSpecification: typeof o.labelSpecification === 'string' ? o.labelSpecification : '',
    },
    history: Array.isArray(t.history) ? (t.history as HistoryEntry[]).slice(0, HISTORY_MAX) : [],
  };
}

export function loadTabs(): TabsState {
  try {
    const raw = JSON.parse(localStorage.getItem(TABS_KEY) ?? 'null') as Partial<TabsState> | null;
    if (!raw || !Array.isArray(raw.tabs)) return initialTabs();
    const tabs = raw.tabs.map((t, i) => readTab(t, i + 1)).filter((t): t is RequestTab => t !== undefined);
    if (tabs.length === 0) return initialTabs();
    const activeKey = tabs.some((t) => t.key === raw.activeKey) ? raw.activeKey! : tabs[0]!.key;
    const highest = Math.max(...tabs.map((t) => Number(/(\d+)$/.exec(t.key)?.[1] ?? 0)));
    const next = Math.max(typeof raw.next === 'number' ? raw.next : 0, highest + 1);
    return { tabs, activeKey, next };
  } catch {
    return initialTabs();
  }
}

export function saveTabs(state: TabsState): void {
  try {
    localStorage.setItem(TABS_KEY, JSON.stringify(state));
  } catch {
    // Full storage: the tabs live on for this visit.
  }
}

/** The parsed body, or undefined when the text is not JSON. */
export function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
