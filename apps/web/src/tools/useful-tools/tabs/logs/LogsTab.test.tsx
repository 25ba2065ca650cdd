import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import LogsTab from './LogsTab';

const LOG =
  'INFO req {"client_id":"abc","client_secret":"s3cr3t"} auth Authorization: Bearer eyJabc ' +
  '<r><Id>7</Id></r> body="{\\"n\\":1}"';

describe('Log Beautifier', () => {
  it('pretty-prints JSON and XML in collapsible blocks with secrets masked by default', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<LogsTab />);
    fireEvent.change(screen.getByLabelText('log text'), { target: { value: LOG } });
    expect(await screen.findByText('3 document(s) found, 2 secret(s) masked')).toBeInTheDocument();
    const out = screen.getByTestId('beautified');
    expect(within(out).getByText('JSON · 4 lines')).toBeInTheDocument();
    expect(within(out).getByText('XML · 3 lines')).toBeInTheDocument();
    expect(within(out).getByText('JSON (escaped in a string) · 3 lines')).toBeInTheDocument();
    expect(out.textContent).toContain('"client_secret": "********"');
    expect(out.textContent).toContain('Authorization: Bearer ********');
    expect(out.textContent).not.toContain('s3cr3t');
    await userEvent.click(screen.getByRole('button', { name: /Copy cleaned/ }));
    expect(await screen.findByText('text copied to clipboard')).toBeInTheDocument();
    expect(writeText.mock.calls[0]?.[0]).toContain('"client_id": "abc"');
  });

  it('shows the secrets when masking is switched off, and folds a block', async () => {
    renderWithProviders(<LogsTab />);
    fireEvent.change(screen.getByLabelText('log text'), { target: { value: LOG } });
    await userEvent.click(screen.getByRole('switch', { name: 'mask secrets' }));
    expect(await screen.findByText('3 document(s) found')).toBeInTheDocument();
    const out = screen.getByTestId('beautified');
    expect(out.textContent).toContain('s3cr3t');
    const header = within(out).getByText('XML · 3 lines').closest('[aria-expanded]');
    expect(header).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(out).getByText('XML · 3 lines'));
    expect(header).toHaveAttribute('aria-expanded', 'false');
  });
});
