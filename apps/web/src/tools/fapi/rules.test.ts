import { describe, expect, it } from 'vitest';
import {
  activeCredential,
  applySlot,
  blankState,
  credentialButton,
  hasValidToken,
  normalizeState,
  resetSlot,
  updateSlot,
} from './credentials';
import { MASKED_TOKEN, toCurl, transactionId } from './curl';
import { applyOverwrite, FIRST_LABEL_SPECS, findLabelStockTypes, labelSpecOptions } from './overwrite';
import {
  addTab,
  closeTab,
  HISTORY_MAX,
  initialTabs,
  loadTabs,
  pushHistory,
  saveTabs,
  TABS_KEY,
  type HistoryEntry,
} from './tabs';
import { problemPath, toDisplayPath } from './jsonPaths';

const token = { accessToken: 'tok-1', expiresAt: 10_000 };

describe('credential slots', () => {
  it('reads Credential Required until a slot with a client id is applied, then the active slot’s flag', () => {
    let s = blankState();
    expect(credentialButton(s)).toEqual({ text: 'Credential Required', kind: 'danger' });
    s = updateSlot(s, 'No.2', { clientId: 'key', clientSecret: 'secret' });
    expect(credentialButton(s)).toEqual({ text: 'Credential Required', kind: 'danger' });
    s = updateSlot(s, 'No.3', { clientId: 'k3', isProduction: true });
    s = applySlot(s, 'No.3', token);
    expect(credentialButton(s)).toEqual({ text: 'Production', kind: 'success' });
    s = applySlot(s, 'No.2', token);
    expect(credentialButton(s)).toEqual({ text: 'Sandbox', kind: 'warning' });
    s = resetSlot(s, 'No.2'); // No.3 still holds keys, but nothing is active
    expect(credentialButton(s)).toEqual({ text: 'Credential Required', kind: 'danger' });
  });

  it('locks on apply: environment and keys stay, comments still change; reset unlocks and blanks', () => {
    let s = updateSlot(blankState(), 'No.2', { clientId: 'key', clientSecret: 'secret', comments: 'mine' });
    expect(activeCredential(s)).toBeUndefined();
    s = applySlot(s, 'No.2', token);
    expect(s.activeId).toBe('No.2');
    expect(s.slots[1]).toMatchObject({ isLocked: true, token: 'tok-1', tokenExpireTimestamp: 10_000 });
    expect(activeCredential(s)).toEqual({ env: 'sandbox', accessToken: 'tok-1', label: 'mine' });
    s = updateSlot(s, 'No.2', { clientId: 'other', isProduction: true, comments: 'renamed-and-too-long' });
    expect(s.slots[1]).toMatchObject({ clientId: 'key', isProduction: false, comments: 'renamed-an' });
    s = resetSlot(s, 'No.2');
    expect(s.activeId).toBe('');
    expect(s.slots[1]).toEqual(blankState().slots[1]);
  });

  it('keeps a valid token on re-apply and knows when it has expired', () => {
    let s = applySlot(updateSlot(blankState(), 'No.1', { clientId: 'a', clientSecret: 'b' }), 'No.1', token);
    s = applySlot(s, 'No.1', undefined);
    expect(s.slots[0]!.token).toBe('tok-1');
    expect(hasValidToken(s.slots[0]!, 9_999)).toBe(true);
    expect(hasValidToken(s.slots[0]!, 10_000)).toBe(false);
  });

  it('starts blank from anything unreadable', () => {
    expect(normalizeState(undefined)).toEqual(blankState());
    expect(normalizeState('junk')).toEqual(blankState());
    expect(normalizeState({ slots: [null, 3, { name: 'No.9' }], activeId: 'No.1' })).toEqual(blankState());
    const kept = normalizeState({
      slots: [{ name: 'No.4', clientId: 'x', isLocked: true, token: 't' }],
      activeId: 'No.4',
    });
    expect(kept.activeId).toBe('No.4');
    expect(kept.slots.map((x) => x.name)).toEqual(['No.1', 'No.2', 'No.3', 'No.4']);
  });
});

describe('tabs', () => {
  it('names new tabs by an incrementing number, never reused', () => {
    let s = addTab(addTab(initialTabs()));
    expect(s.tabs.map((t) => t.name)).toEqual(['Tab 1', 'Tab 2', 'Tab 3']);
    s = closeTab(s, 'tab-3');
    s = addTab(s);
    expect(s.tabs.map((t) => t.name)).toEqual(['Tab 1', 'Tab 2', 'Tab 4']);
  });

  it('closing the active tab selects the next, else the previous; others keep the selection', () => {
    let s = addTab(addTab(addTab(initialTabs()))); // tabs 1–4, 4 active
    s = { ...s, activeKey: 'tab-2' };
    s = closeTab(s, 'tab-2');
    expect(s.activeKey).toBe('tab-3');
    s = { ...s, activeKey: 'tab-4' };
    s = closeTab(s, 'tab-4');
    expect(s.activeKey).toBe('tab-3');
    s = closeTab(s, 'tab-1');
    expect(s.activeKey).toBe('tab-3');
    expect(closeTab(s, 'tab-3')).toBe(s); // the last tab stays
  });

  it('keeps the last 20 calls, newest first', () => {
    let h: HistoryEntry[] = [];
    for (let i = 0; i < 25; i++)
      h = pushHistory(h, {
        at: i,
        endpointId: 'ship-create',
        method: 'POST',
        path: '/ship/v1/shipments',
        request: '{}',
        status: 200,
        statusText: 'OK',
        timeMs: 1,
      });
    expect(h).toHaveLength(HISTORY_MAX);
    expect(h[0]!.at).toBe(24);
    expect(h[19]!.at).toBe(5);
  });

  it('survives a reload, and junk in storage starts fresh', () => {
    const s = addTab(initialTabs(), 'locations', '{"a":1}');
    saveTabs(s);
    expect(loadTabs()).toEqual(s);
    localStorage.setItem(TABS_KEY, '{broken');
    expect(loadTabs()).toEqual(initialTabs());
    localStorage.setItem(TABS_KEY, JSON.stringify({ tabs: [{ key: 'tab-7', name: 'Tab 7', endpointId: 'gone' }] }));
    const loaded = loadTabs();
    expect(loaded.tabs[0]).toMatchObject({ key: 'tab-7', endpointId: 'ship-create', body: '{}' });
    expect(loaded.next).toBe(8);
  });
});

describe('create shipment overwrite row', () => {
  it('offers the three first, then PDF, ZPLII and EPL2 on the other stock types', () => {
    const options = labelSpecOptions(['PAPER_4X6', 'PAPER_LETTER', 'STOCK_4X675_LEADING_DOC_TAB']);
    expect(options.slice(0, 3)).toEqual(FIRST_LABEL_SPECS);
    expect(options).toContain('PDF PAPER_4X6');
    expect(options).toContain('ZPLII STOCK_4X675_LEADING_DOC_TAB');
    expect(options).toContain('EPL2 PAPER_4X6');
    expect(options.filter((o) => o === 'PDF PAPER_LETTER')).toHaveLength(1);
  });

  it('finds labelStockType’s enum in a document', () => {
    const doc = {
      components: { schemas: { LabelSpecification: { properties: { labelStockType: { enum: ['A', 'B'] } } } } },
    };
    expect(findLabelStockTypes(doc)).toEqual(['A', 'B']);
    expect(findLabelStockTypes({})).toBeUndefined();
  });

  it('puts non-blank values into the body, keeps the rest', () => {
    const body = {
      labelResponseOptions: 'URL_ONLY',
      requestedShipment: { labelSpecification: { labelFormatType: 'COMMON2D' }, x: 1 },
    };
    expect(applyOverwrite(body, { accountNumber: '', labelResponseOptions: '', labelSpecification: '' })).toEqual(body);
    expect(
      applyOverwrite(body, {
        accountNumber: '740561073',
        labelResponseOptions: 'LABEL',
        labelSpecification: 'ZPLII STOCK_4X6',
      }),
    ).toEqual({
      accountNumber: { value: '740561073' },
      labelResponseOptions: 'LABEL',
      requestedShipment: {
        x: 1,
        labelSpecification: { labelFormatType: 'COMMON2D', imageType: 'ZPLII', labelStockType: 'STOCK_4X6' },
      },
    });
    expect(body.labelResponseOptions).toBe('URL_ONLY'); // a copy
  });
});

describe('copy as curl', () => {
  const req = {
    url: 'http://lab.example/lab/api/carrier/sandbox/ship/v1/shipments',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-upstream-authorization': 'Bearer secret-token' },
    body: `{"name":"O'Neil"}`,
  };

  it('masks the token unless asked, and quotes for the shell', () => {
    const masked = toCurl(req, false);
    expect(masked).not.toContain('secret-token');
    expect(masked).toContain(`-H 'x-upstream-authorization: Bearer ${MASKED_TOKEN}'`);
    expect(masked).toContain(`--data-raw '{"name":"O'\\''Neil"}'`);
    expect(masked.split(' \\\n')[0]).toBe(
      `curl -X POST 'http://lab.example/lab/api/carrier/sandbox/ship/v1/shipments'`,
    );
    expect(toCurl(req, true)).toContain(`-H 'x-upstream-authorization: Bearer secret-token'`);
  });

  it('names the transaction by environment, endpoint and time', () => {
    expect(transactionId('sandbox', 'ship-create', new Date('2026-11-23T02:03:04.567Z'))).toBe(
      'lab-sandbox-ship-create-20261123-020304567',
    );
  });

  it('reads problem paths both ways', () => {
    expect(problemPath('requestedShipment.requestedPackageLineItems[0].weight')).toEqual([
      'requestedShipment',
      'requestedPackageLineItems',
      '0',
      'weight',
    ]);
    expect(problemPath('$')).toEqual([]);
    expect(toDisplayPath(['a', '0', 'b'])).toBe('a[0].b');
  });
});
