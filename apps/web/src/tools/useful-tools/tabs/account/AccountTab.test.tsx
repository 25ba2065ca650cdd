import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { fakeServer } from '@/test/fakeServer';
import AccountTab from './AccountTab';

afterEach(() => vi.unstubAllGlobals());

describe('Verify Enterprise Account #', () => {
  it('needs an account number and states the rule applied', async () => {
    const { calls } = fakeServer({});
    renderWithProviders(<AccountTab />);
    expect(screen.getByText(/weights 1, 3, 7 repeating/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('enter account number')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says valid, or invalid with the suggestion', async () => {
    const { calls } = fakeServer({
      'POST /utils/v1/ean': (body) => ({
        body:
          body.ean === '123456784'
            ? { tag: 'success', msg: 'account valid', data: [1, '123456784'] }
            : { tag: 'success', msg: 'account invalid', data: [0, '123456784'] },
      }),
    });
    renderWithProviders(<AccountTab />);
    fireEvent.change(screen.getByLabelText('account number'), { target: { value: '123456789' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('account invalid, may be 123456784')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('account number'), { target: { value: '123456784' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('account valid')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ ean: '123456789' }, { ean: '123456784' }]);
  });

  it('shows msg of a tag error', async () => {
    fakeServer({
      'POST /utils/v1/ean': () => ({
        status: 400,
        body: { tag: 'error', msg: 'account number must be 9 digits', message: 'account number must be 9 digits' },
      }),
    });
    renderWithProviders(<AccountTab />);
    fireEvent.change(screen.getByLabelText('account number'), { target: { value: '12ab' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('account number must be 9 digits')).toBeInTheDocument();
  });

  it('shows msg of a tag error answered with 200', async () => {
    fakeServer({ 'POST /utils/v1/ean': () => ({ body: { tag: 'error', msg: 'account service unavailable' } }) });
    renderWithProviders(<AccountTab />);
    fireEvent.change(screen.getByLabelText('account number'), { target: { value: '123456784' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('account service unavailable')).toBeInTheDocument();
  });
});
