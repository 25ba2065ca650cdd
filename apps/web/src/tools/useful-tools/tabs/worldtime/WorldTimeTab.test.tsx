import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import WorldTimeTab from './WorldTimeTab';

async function choose(date: string, time: string) {
  const dateInput = screen.getByPlaceholderText('Date');
  await userEvent.click(dateInput);
  fireEvent.change(dateInput, { target: { value: date } });
  fireEvent.keyDown(dateInput, { key: 'Enter', code: 'Enter' });
  fireEvent.mouseDown(screen.getByLabelText('time'));
  await userEvent.click(await screen.findByTitle(time));
}

describe('World Time', () => {
  it('keeps show time disabled until date and time are chosen, then shows Shanghai time', async () => {
    renderWithProviders(<WorldTimeTab />);
    const button = screen.getByRole('button', { name: 'show time' });
    expect(button).toBeDisabled();
    await choose('2026-01-15', '09:00');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    // CT (US), the default: 09:00 CST = 23:00 in Shanghai
    const results = within(await screen.findByTestId('world-time-results'));
    expect(results.getByText('23:00')).toBeInTheDocument();
    expect(results.getByText('2026-01-15')).toBeInTheDocument();
    expect(screen.getByText('Asia/Shanghai (China Standard Time, UTC+08:00)')).toBeInTheDocument();
    expect(
      screen.getByText(/Clock changes in America\/Chicago in 2026: Mar 8: 02:00 → 03:00; Nov 1: 02:00 → 01:00/),
    ).toBeInTheDocument();
  });

  it('explains a non-existent hour and a repeated one', async () => {
    renderWithProviders(<WorldTimeTab />);
    await userEvent.click(screen.getByText('EAST (US)'));
    await choose('2026-03-08', '02:00');
    await userEvent.click(screen.getByRole('button', { name: 'show time' }));
    expect(await screen.findByText('This time does not exist')).toBeInTheDocument();
    expect(screen.getByText(/02:00 on 2026-03-08 does not exist in America\/New_York/)).toBeInTheDocument();
    // 02:00 EST = 07:00 UTC = 15:00 in Shanghai
    expect(within(screen.getByTestId('world-time-results')).getByText('15:00')).toBeInTheDocument();

    await choose('2026-11-01', '01:00');
    await userEvent.click(screen.getByRole('button', { name: 'show time' }));
    expect(await screen.findByText('This time happened twice')).toBeInTheDocument();
    // 01:00 EDT = 05:00 UTC = 13:00; 01:00 EST = 06:00 UTC = 14:00
    const twice = within(screen.getByTestId('world-time-results'));
    expect(twice.getByText('13:00')).toBeInTheDocument();
    expect(twice.getByText('14:00')).toBeInTheDocument();
  });
});
