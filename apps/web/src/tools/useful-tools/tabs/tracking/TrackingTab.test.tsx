import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { fakeServer } from '@/test/fakeServer';
import TrackingTab from './TrackingTab';

afterEach(() => vi.unstubAllGlobals());

describe('Calculate Tracking #', () => {
  it('needs a tracking number', async () => {
    const { calls } = fakeServer({});
    renderWithProviders(<TrackingTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('enter a tracking number')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists Prev and Next numbers with copy buttons and reports a corrected input', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = fakeServer({
      'POST /utils/v1/trackingnumber': () => ({
        body: {
          tag: 'success',
          data: [
            ['271053819995', '271053819984'],
            ['271053820017', '271053820028'],
          ],
          message: 'check digit of 271053820000 is wrong: the valid number is 271053820006',
          corrected: '271053820006',
        },
      }),
    });
    renderWithProviders(<TrackingTab />);
    expect(screen.getByLabelText('count')).toHaveValue('10');
    fireEvent.change(screen.getByLabelText('count'), { target: { value: '2' } });
    await userEvent.type(screen.getByLabelText('tracking number'), '2710538200001');
    expect(screen.getByLabelText('tracking number')).toHaveValue('271053820000');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Prev 2')).toBeInTheDocument();
    expect(screen.getByText('Next 2')).toBeInTheDocument();
    expect(
      screen.getByText('check digit of 271053820000 is wrong: the valid number is 271053820006'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ trackingnumber: '271053820000', numberofrange: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'copy 271053820017' }));
    expect(await screen.findByText('271053820017 copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('271053820017');
    const prev = screen.getByText('Prev 2').closest('.ant-card') as HTMLElement;
    await userEvent.click(within(prev).getByRole('button', { name: /Copy all/ }));
    expect(writeText).toHaveBeenLastCalledWith('271053819995\n271053819984');
  });

  it('shows the server message of an error', async () => {
    fakeServer({
      'POST /utils/v1/trackingnumber': () => ({
        status: 400,
        body: { tag: 'error', message: 'tracking number must be 12 digits' },
      }),
    });
    renderWithProviders(<TrackingTab />);
    fireEvent.change(screen.getByLabelText('tracking number'), { target: { value: '123' } });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('tracking number must be 12 digits')).toBeInTheDocument();
  });
});
