import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '@/app/Providers';
import { TestAntd } from '@/test/antd';
import { fakeServer } from '@/test/fakeServer';
import { ApiError } from './api';
import { CALCULATOR_ERROR_SECONDS, postCalculator, useCalculator } from './calculators';
import { notify, NOTIFY_SECONDS } from './notify';
import { useServerAction } from './serverAction';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestAntd>
    <Providers queryClient={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</Providers>
  </TestAntd>
);

describe('useServerAction', () => {
  it("shows a failure's message for the product's error duration, then runs the screen's onError", async () => {
    const shown = vi.spyOn(notify, 'error');
    const order: string[] = [];
    shown.mockImplementation(() => void order.push('notice'));
    const { result } = renderHook(
      () =>
        useServerAction({
          mutationFn: async (_: string) => {
            throw new ApiError(400, 'keyword is empty', { message: 'keyword is empty' });
          },
          onError: (err, variables) => void order.push(`screen ${err.message} ${variables}`),
        }),
      { wrapper },
    );
    act(() => result.current.mutate('x'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(shown).toHaveBeenCalledWith('keyword is empty', NOTIFY_SECONDS.error);
    expect(order).toEqual(['notice', 'screen keyword is empty x']);
  });

  it('keeps the duration a screen asks for, and says nothing on success', async () => {
    const shown = vi.spyOn(notify, 'error').mockImplementation(() => {});
    let fail = true;
    const { result } = renderHook(
      () =>
        useServerAction({
          mutationFn: async () => {
            if (fail) throw new Error('no transaction found');
            return 'ok';
          },
          errorSeconds: NOTIFY_SECONDS.search,
        }),
      { wrapper },
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(shown).toHaveBeenCalledWith('no transaction found', NOTIFY_SECONDS.search));
    fail = false;
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.data).toBe('ok'));
    expect(shown).toHaveBeenCalledTimes(1);
  });
});

describe('calculators', () => {
  it('turn a reply tagged error into an ApiError, even with a 200', async () => {
    fakeServer({ 'POST /utils/v1/ean': () => ({ body: { tag: 'error', msg: 'account service unavailable' } }) });
    const err = await postCalculator('shipping.accountCheck', { ean: '1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, message: 'account service unavailable' });
  });

  it('keep the last result, and drop it with a 3-second notice when a call fails', async () => {
    const shown = vi.spyOn(notify, 'error').mockImplementation(() => {});
    let fail = false;
    fakeServer({
      'POST /utils/v1/ean': () =>
        fail
          ? { status: 400, body: { tag: 'error', msg: 'account number must be 9 digits' } }
          : { body: { tag: 'success', msg: 'account valid', data: [1, '123456784'] } },
    });
    const { result } = renderHook(
      () =>
        useCalculator(
          (body: { ean: string }) => postCalculator('shipping.accountCheck', body),
          (r) => r.msg,
        ),
      { wrapper },
    );
    act(() => result.current.run({ ean: '123456784' }));
    await waitFor(() => expect(result.current.result).toBe('account valid'));
    fail = true;
    act(() => result.current.run({ ean: '12' }));
    await waitFor(() => expect(result.current.result).toBeUndefined());
    expect(shown).toHaveBeenCalledWith('account number must be 9 digits', CALCULATOR_ERROR_SECONDS);
    expect(CALCULATOR_ERROR_SECONDS).toBe(3);
  });
});
