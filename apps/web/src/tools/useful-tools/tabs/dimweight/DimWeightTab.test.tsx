import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import DimWeightTab, { acceptDecimalInput } from './DimWeightTab';
import { fakeServer } from '@/test/fakeServer';

afterEach(() => vi.unstubAllGlobals());

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
}

describe('Calculate Dim Weight', () => {
  it('asks for all four values before searching', async () => {
    const { calls } = fakeServer({});
    renderWithProviders(<DimWeightTab />);
    await fill({ Length: '60', Width: '40', Height: '30' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('enter weight & size before search')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('accepts only digits and one decimal point, within 3 and 5 characters, as typed or pasted', async () => {
    const { calls } = fakeServer({});
    renderWithProviders(<DimWeightTab />);
    await fill({ Length: '1a2-3.4', Width: '4e1', Height: '.5.', 'Gross weight': '1.2.3,4x' });
    expect(screen.getByLabelText('Length')).toHaveValue('123');
    expect(screen.getByLabelText('Width')).toHaveValue('41');
    expect(screen.getByLabelText('Height')).toHaveValue('.5');
    expect(screen.getByLabelText('Gross weight')).toHaveValue('1.234');
    await userEvent.clear(screen.getByLabelText('Height'));
    await userEvent.click(screen.getByLabelText('Height'));
    await userEvent.paste('1,000 cm');
    expect(screen.getByLabelText('Height')).toHaveValue('100');
    expect(calls).toHaveLength(0);
    expect(acceptDecimalInput(' 12.5 kg', 5)).toBe('12.5');
    expect(acceptDecimalInput('..1', 5)).toBe('.1');
  });

  it('refuses a value the rules refuse before any request', async () => {
    const { calls } = fakeServer({});
    renderWithProviders(<DimWeightTab />);
    await fill({ Length: '.', Width: '40', Height: '30', 'Gross weight': '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('length must be a positive decimal number')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the freight card with weights, girth and reasons', async () => {
    const { calls } = fakeServer({
      'POST /utils/v1/dimweight': () => ({
        body: {
          tag: 'success',
          message: {
            isFreight: true,
            roundedactwgt: 80,
            roundeddimwgt: 600,
            girth: 400,
            comments: ['Actual weight over 68 kg', 'Length over 274 cm'],
          },
        },
      }),
    });
    renderWithProviders(<DimWeightTab />);
    await fill({ Length: '3000', Width: '100', Height: '100', 'Gross weight': '80.25x' });
    expect(screen.getByLabelText('Length')).toHaveValue('300');
    expect(screen.getByLabelText('Gross weight')).toHaveValue('80.25');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Freight service required')).toBeInTheDocument();
    expect(screen.getByText('Reason of Freight Service')).toBeInTheDocument();
    expect(screen.getByText('Length over 274 cm')).toBeInTheDocument();
    expect(screen.getByText('600 kg')).toBeInTheDocument();
    expect(screen.getByText('400 cm')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/utils/v1/dimweight',
      search: '',
      body: { length: '300', width: '100', height: '100', actualweight: '80.25' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Freight service required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Length')).toHaveValue('');
  });

  it('says when no freight service is needed, and shows server errors', async () => {
    let fail = false;
    fakeServer({
      'POST /utils/v1/dimweight': () =>
        fail
          ? { status: 400, body: { tag: 'error', message: 'length must be a positive decimal number' } }
          : {
              body: {
                tag: 'success',
                message: { isFreight: false, roundedactwgt: 10.5, roundeddimwgt: 14.5, girth: 140, comments: [] },
              },
            },
    });
    renderWithProviders(<DimWeightTab />);
    await fill({ Length: '60', Width: '40', Height: '30', 'Gross weight': '10.2' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Freight service required')).toBeInTheDocument();
    expect(screen.queryByText('Reason of Freight Service')).not.toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('length must be a positive decimal number')).toBeInTheDocument();
  });
});
