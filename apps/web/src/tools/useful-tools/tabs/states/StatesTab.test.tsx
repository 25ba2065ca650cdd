import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import StatesTab from './StatesTab';

afterEach(() => vi.unstubAllGlobals());

describe('Search US States', () => {
  it('lists 52 rows and filters as you type', async () => {
    renderWithProviders(<StatesTab />);
    expect(screen.getAllByRole('row')).toHaveLength(53);
    await userEvent.type(screen.getByLabelText('state filter'), 'austin');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Texas')).toBeInTheDocument();
    expect(screen.getByText('Central')).toBeInTheDocument();
    expect(screen.getByText('Mountain')).toBeInTheDocument();
  });

  it('copies a code with one click', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<StatesTab />);
    await userEvent.type(screen.getByLabelText('state filter'), 'puerto');
    await userEvent.click(screen.getByRole('button', { name: 'copy PR' }));
    expect(writeText).toHaveBeenCalledWith('PR');
    expect(await screen.findByText('PR copied')).toBeInTheDocument();
  });
});
