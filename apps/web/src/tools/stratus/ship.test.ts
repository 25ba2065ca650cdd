import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTransaction } from '@lab/core/transactions';
import type { StratusOrderReply } from '@lab/core/contract';
import { BLANK_CREDENTIALS, editCredential, loadCredentials, saveCredentials, withToken } from './credentials';
import { IDLE, OrderRun, POLL_MS, type RunDeps, type RunInput, type RunState } from './orderRun';
import { isNamed, namedFields, orderLabels, orderRequest, transactionChecks, zplFieldText } from './ship';
import { StratusCallError } from './stratusApi';

const referenceDir = path.resolve(import.meta.dirname, '../../../../../../shared/reference');
/** The real 020 transaction of the reference samples (field 187 "299", no 116). */
const SAMPLE = fs
  .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!
  .trim();
/** The sample shipped as two packages. */
const TWO_PACKAGES = SAMPLE.replace(/99,""$/, '116,"2"99,""');

const b64 = (s: string) => btoa(s);
const names = { errorLabel: 'error label', packageLabel: 'package {n}', documentLabel: 'document {n}' };
const field = (text: string, id: string) =>
  (parseTransaction(text) as { fields: { id: string; suffix: string | null; value: string }[] }).fields.filter(
    (f) => f.id === id && f.suffix === null,
  );

describe('transaction flags', () => {
  it('reads format and end field with core’s checks', () => {
    expect(transactionChecks(SAMPLE)).toEqual({ format: true, endField: true });
    expect(transactionChecks(SAMPLE.replace(/99,""$/, ''))).toEqual({ format: true, endField: false });
    expect(transactionChecks('0,"020"99,""1,"x"')).toEqual({ format: true, endField: false });
    expect(transactionChecks('0,"020"99-1,""')).toEqual({ format: true, endField: false });
    expect(transactionChecks('0,"020" 99,"')).toEqual({ format: false, endField: false });
    expect(transactionChecks('')).toEqual({ format: false, endField: false });
    // Line breaks are not part of the format.
    expect(transactionChecks('0,"020"\n1,"a"\r\n99,"x"')).toEqual({ format: true, endField: true });
  });
});

describe('the order request (rewrite of 99 and 187)', () => {
  it('empties the last 99 and sets 187 to DIB for PDF, ZEBRA for ZPL, under a new ProjetId', () => {
    const withEnd = SAMPLE.replace(/99,""$/, '99,"END"');
    const pdf = orderRequest(withEnd, 'PDF', () => 'id-1')!;
    expect(pdf.ProjetId).toBe('id-1');
    expect(
      pdf.Transaction.endsWith(
        '187,"DIB"414,"ea"498,"203618"1090,"USD"1273,"01"1274,"01"1282,"T"1349,"S"1958,"Box"1030,"19.950000"99,""',
      ),
    ).toBe(true);
    expect(field(pdf.Transaction, '187')).toEqual([{ id: '187', suffix: null, value: 'DIB' }]);
    expect(field(orderRequest(SAMPLE, 'ZPL')!.Transaction, '187')).toEqual([
      { id: '187', suffix: null, value: 'ZEBRA' },
    ]);
    // No 187 at all: added just before the 99.
    expect(orderRequest('0,"020"1,"a"99,"z"', 'ZPL', () => 'x')).toEqual({
      ProjetId: 'x',
      Transaction: '0,"020"1,"a"187,"ZEBRA"99,""',
    });
    expect(orderRequest(SAMPLE, 'PDF')!.ProjetId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(orderRequest(SAMPLE.replace(/99,""$/, ''), 'PDF')).toBeUndefined();
  });
});

describe('labels of an order', () => {
  const order = (o: Partial<StratusOrderReply>): StratusOrderReply => ({
    Id: 'o1',
    State: 'COMPLETED',
    Labels: [],
    Packages: [],
    Documents: [],
    ...o,
  });

  it('makes one label per package and adds documents', () => {
    const labels = orderLabels(
      order({
        Labels: [
          { ImageType: 'ZPL', Data: b64('^XA^XZ') },
          { ImageType: 'ZPL', Data: b64('^XA^FDb^FS^XZ') },
        ],
        Packages: [
          { TrackingNumber: '794611111111', PackageNumber: 1 },
          { TrackingNumber: '794622222222', PackageNumber: 2 },
        ],
        Documents: [{ Type: 'COMMERCIAL_INVOICE', Data: 'JVBERi0=' }],
      }),
      false,
      names,
    );
    expect(labels).toEqual([
      {
        name: 'package 1 · 794611111111',
        packageNo: 1,
        imgType: 'ZPL',
        data: b64('^XA^XZ'),
        type: 'awb',
        trackingNumber: '794611111111',
      },
      {
        name: 'package 2 · 794622222222',
        packageNo: 2,
        imgType: 'ZPL',
        data: b64('^XA^FDb^FS^XZ'),
        type: 'awb',
        trackingNumber: '794622222222',
      },
      { name: 'document 1 · COMMERCIAL_INVOICE', packageNo: 0, imgType: 'PDF', data: 'JVBERi0=', type: 'doc' },
    ]);
  });

  it('shows the one error label of a FAILED order only with Show Error Label', () => {
    const failed = order({ State: 'FAILED', Labels: [{ ImageType: 'PDF', Data: 'JVBERi0=' }] });
    expect(orderLabels(failed, false, names)).toEqual([]);
    expect(orderLabels(failed, true, names)).toEqual([
      { name: 'error label', packageNo: 0, imgType: 'PDF', data: 'JVBERi0=', type: 'awb', error: true },
    ]);
  });
});

describe('fields named by an error', () => {
  it('finds field numbers, suffixed ids and the end field', () => {
    expect(namedFields(['field 116 (package count) must be a whole number from 1 to 99, got "abc"'])).toEqual(['116']);
    expect(namedFields(['Transaction: end field incorrect (the last field must be 99)'])).toEqual(['99']);
    expect(namedFields(['Fields 187 and field 79-1 are wrong', 'field 0187 again'])).toEqual(['187', '79-1']);
    expect(namedFields(['The client key and secret were not accepted'])).toEqual([]);
    expect(isNamed({ id: '79', suffix: '1' }, ['79-1'])).toBe(true);
    expect(isNamed({ id: '79', suffix: '2' }, ['79-1'])).toBe(false);
    expect(isNamed({ id: '79', suffix: '2' }, ['79'])).toBe(true);
    expect(zplFieldText('^XA^FO1,1^FDSTRATUS ORDER FAILED^FS^FO2,2^FD field 116 bad ^FS^XZ')).toEqual([
      'STRATUS ORDER FAILED',
      'field 116 bad',
    ]);
  });
});

describe('credential flags', () => {
  it('a token verifies the pair; editing the key or secret clears it, the api key clears its own', () => {
    const filled = { ...BLANK_CREDENTIALS, clientKey: 'k', clientSecret: 's', apiKey: 'a' };
    const tokened = { ...withToken(filled, 'tok', 3300, 1_000), isVerifiedApiKey: true };
    expect(tokened).toMatchObject({
      isVerifiedClientKeySecret: true,
      accessToken: 'tok',
      accessTokenExpireSeconds: 3300,
      accessTokenExpireTimestamp: 1_000 + 3_300_000,
    });
    expect(editCredential(tokened, 'clientSecret', 's2')).toMatchObject({
      isVerifiedClientKeySecret: false,
      isVerifiedApiKey: true,
      accessToken: '',
    });
    expect(editCredential(tokened, 'clientKey', 'k2').isVerifiedClientKeySecret).toBe(false);
    expect(editCredential(tokened, 'apiKey', 'a2')).toMatchObject({
      isVerifiedClientKeySecret: true,
      isVerifiedApiKey: false,
    });
    expect(editCredential(tokened, 'apiKey', 'a')).toBe(tokened);
  });

  it('saved credentials load back as verified', async () => {
    await saveCredentials({ ...BLANK_CREDENTIALS, clientKey: 'k', clientSecret: 's', apiKey: 'a' });
    expect(localStorage.getItem('secure:stratus_api_credentials')).not.toContain('"clientSecret"');
    expect(await loadCredentials()).toMatchObject({
      clientKey: 'k',
      clientSecret: 's',
      apiKey: 'a',
      isVerifiedClientKeySecret: true,
      isVerifiedApiKey: true,
    });
  });
});

describe('the order steps (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const input: RunInput = {
    request: { ProjetId: 'p', Transaction: TWO_PACKAGES },
    output: 'ZPL',
    rotation: 180,
    showErrorLabel: true,
    names,
  };
  const pending: StratusOrderReply = { Id: 'o1', State: 'PENDING', Labels: [], Packages: [], Documents: [] };
  const completed: StratusOrderReply = {
    Id: 'o1',
    State: 'COMPLETED',
    Labels: [
      { ImageType: 'ZPL', Data: b64('^XA^FD1^FS^XZ') },
      { ImageType: 'ZPL', Data: b64('^XA^FD2^FS^XZ') },
    ],
    Packages: [
      { TrackingNumber: 't1', PackageNumber: 1 },
      { TrackingNumber: 't2', PackageNumber: 2 },
    ],
    Documents: [],
  };

  function setup(replies: StratusOrderReply[], post: RunDeps['postOrder'] = async () => ({ Id: 'o1' })) {
    const states: RunState[] = [];
    const deps = {
      postOrder: vi.fn(post),
      getOrder: vi.fn(async () => replies.shift()!),
      convertZpl: vi.fn(
        async (zpl: string, _rotation: 0 | 180) => new Blob([`pdf of ${zpl}`], { type: 'application/pdf' }),
      ),
      onError: vi.fn(),
    };
    const run = new OrderRun(deps, (s) => states.push(s));
    return { run, deps, states, last: () => run.current };
  }

  it('posts, checks 2 s later, repeats every 2 s while PENDING, then converts the labels', async () => {
    const { run, deps, last } = setup([pending, pending, completed]);
    run.start(input);
    expect(last()).toMatchObject({ step: 0, status: 'process', running: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.postOrder).toHaveBeenCalledWith(input.request, expect.any(AbortSignal));
    expect(last()).toMatchObject({ step: 1, tries: 0, orderId: 'o1' });
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(deps.getOrder).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.getOrder).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ step: 1, tries: 1, orderState: 'PENDING' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(last()).toMatchObject({ step: 1, tries: 2 });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(deps.getOrder).toHaveBeenCalledTimes(3);
    expect(deps.convertZpl.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['^XA^FD1^FS^XZ', 180],
      ['^XA^FD2^FS^XZ', 180],
    ]);
    expect(last()).toMatchObject({ step: 3, status: 'finish', tries: 3, orderState: 'COMPLETED', running: false });
    expect(last().labels.map((l) => [l.name, l.zpl, l.rotation])).toEqual([
      ['package 1 · t1', '^XA^FD1^FS^XZ', 180],
      ['package 2 · t2', '^XA^FD2^FS^XZ', 180],
    ]);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(deps.getOrder).toHaveBeenCalledTimes(3);
  });

  it('lists the first label as soon as it is converted, the rest in order after', async () => {
    const { run, deps, last } = setup([completed]);
    const done: ((b: Blob) => void)[] = [];
    deps.convertZpl.mockImplementation(() => new Promise<Blob>((resolve) => done.push(resolve)));
    run.start(input);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(last()).toMatchObject({ step: 2, labels: [] });
    done[1]!(new Blob(['second']));
    await vi.advanceTimersByTimeAsync(0);
    expect(last().labels).toEqual([]);
    done[0]!(new Blob(['first']));
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ step: 3, status: 'finish' });
    expect(last().labels.map((l) => l.name)).toEqual(['package 1 · t1', 'package 2 · t2']);

    const again = setup([completed]);
    const pending2: ((b: Blob) => void)[] = [];
    again.deps.convertZpl.mockImplementation(() => new Promise<Blob>((resolve) => pending2.push(resolve)));
    again.run.start(input);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    pending2[0]!(new Blob(['first']));
    await vi.advanceTimersByTimeAsync(0);
    expect(again.last()).toMatchObject({ step: 2, status: 'process' });
    expect(again.last().labels.map((l) => l.name)).toEqual(['package 1 · t1']);
  });

  it('a post failure sets the step to error, gives the notice and explains the rejection', async () => {
    const { run, deps, last } = setup([], async () => {
      throw new StratusCallError(
        400,
        'Bad Request',
        '{"Message":"Transaction: end field incorrect (the last field must be 99)"}',
      );
    });
    run.start(input);
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ step: 0, status: 'error', running: false });
    expect(deps.onError).toHaveBeenCalledWith(
      '400 Bad Request: {"Message":"Transaction: end field incorrect (the last field must be 99)"}',
    );
    expect(last().rejection).toEqual({
      messages: ['Transaction: end field incorrect (the last field must be 99)'],
      transaction: TWO_PACKAGES,
    });
    await vi.advanceTimersByTimeAsync(5 * POLL_MS);
    expect(deps.getOrder).not.toHaveBeenCalled();
  });

  it('an auth failure on the post is not a rejected transaction', async () => {
    const { run, deps, last } = setup([], async () => {
      throw new StratusCallError(401, 'Unauthorized', '{"Message":"A valid bearer token is required"}');
    });
    run.start(input);
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ step: 0, status: 'error' });
    expect(last().rejection).toBeUndefined();
    expect(deps.onError).toHaveBeenCalledWith('401 Unauthorized: {"Message":"A valid bearer token is required"}');
  });

  it('FAILED shows the error label only with Show Error Label, and always explains why', async () => {
    const failed: StratusOrderReply = {
      Id: 'o1',
      State: 'FAILED',
      Labels: [{ ImageType: 'ZPL', Data: b64('^XA^FDSTRATUS ORDER FAILED^FS^FDfield 116 (package count) bad^FS^XZ') }],
      Packages: [],
      Documents: [],
    };
    const shown = setup([{ ...failed }]);
    shown.run.start(input);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(shown.last()).toMatchObject({ step: 3, orderState: 'FAILED' });
    expect(shown.last().labels.map((l) => [l.name, l.error])).toEqual([['error label', true]]);
    expect(shown.last().rejection?.messages).toEqual(['STRATUS ORDER FAILED', 'field 116 (package count) bad']);

    const hidden = setup([{ ...failed, Message: 'field 116 (package count) bad' }]);
    hidden.run.start({ ...input, showErrorLabel: false });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(hidden.last()).toMatchObject({ step: 3, orderState: 'FAILED', labels: [] });
    expect(hidden.deps.convertZpl).not.toHaveBeenCalled();
    expect(hidden.last().rejection?.messages[0]).toBe('field 116 (package count) bad');
  });

  it('a new order forgets the last one: no order id, state, labels or rejection from it (issue 31)', async () => {
    const { run, states } = setup([completed, pending]);
    run.start(input);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(run.current).toMatchObject({ step: 3, orderId: 'o1', orderState: 'COMPLETED', tries: 1 });
    const before = states.length;
    run.start(input);
    expect(states[before]).toEqual({ ...IDLE, step: 0, status: 'process', running: true });
  });

  it('stop() ends the polling', async () => {
    const { run, deps, last } = setup([pending, pending, pending]);
    run.start(input);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(deps.getOrder).toHaveBeenCalledTimes(1);
    run.stop();
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(deps.getOrder).toHaveBeenCalledTimes(1);
    expect(last().running).toBe(false);
    expect(IDLE.step).toBe(-1);
  });
});
