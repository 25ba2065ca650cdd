import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { SPLUNK_SETTINGS_KEY } from './settings';
import SplunkTab from './SplunkTab';

describe('FAPI Splunk', () => {
  it('builds the query from the form and copies it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<SplunkTab />);
    expect(screen.getByTestId('splunk-query')).toHaveTextContent(
      'search index=apigw_prod sourcetype=apigw:access earliest=-24h latest=now',
    );
    await userEvent.click(screen.getByText('Sandbox'));
    fireEvent.change(screen.getByLabelText('tracking number'), { target: { value: '794600000000' } });
    fireEvent.change(screen.getByLabelText('customer transaction id'), { target: { value: 'say "hi"' } });
    expect(screen.getByTestId('splunk-query')).toHaveTextContent(
      'search index=apigw_sandbox sourcetype=apigw:access "say \\"hi\\"" "794600000000" earliest=-24h latest=now',
    );
    await userEvent.click(screen.getByRole('button', { name: /Copy query/ }));
    expect(await screen.findByText('query copied to clipboard')).toBeInTheDocument();
    expect(writeText.mock.calls[0]?.[0]).toContain('"794600000000"');
  });

  it('keeps edited settings in the browser and reports template mistakes', async () => {
    localStorage.setItem(SPLUNK_SETTINGS_KEY, JSON.stringify({ index: { production: 'my_idx' }, sourcetype: 7 }));
    renderWithProviders(<SplunkTab />);
    expect(screen.getByTestId('splunk-query')).toHaveTextContent('search index=my_idx sourcetype=apigw:access');
    await userEvent.click(screen.getByText('Settings (saved in this browser)'));
    fireEvent.change(await screen.findByLabelText('template'), { target: { value: 'index={{index}} {{oops}}' } });
    expect(await screen.findByText('unknown placeholder {{oops}}')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SPLUNK_SETTINGS_KEY)!)).toMatchObject({
      index: { production: 'my_idx', sandbox: 'apigw_sandbox' },
      template: 'index={{index}} {{oops}}',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getByTestId('splunk-query')).toHaveTextContent('search index=apigw_prod');
  });
});
