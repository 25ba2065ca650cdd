import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { fakeTwin } from '@/test/simulatorTwin';
import { CredentialsPanel } from './CredentialsPanel';
import SimulatorPage from './SimulatorPage';

afterEach(() => vi.unstubAllGlobals());

/** The tab's panel alone (the page around it is the Simulator's own tests'). */
const renderPanel = (environment: 'sandbox' | 'production' = 'sandbox') =>
  renderWithProviders(<CredentialsPanel environment={environment} />, { route: '/api/simulator?tab=credentials' });
const table = () => screen.getByTestId('credentials-table');

const listed = {
  clientId: 'twin_AAAAAAAAAAAAAAAAAAAAAAAA',
  environment: 'production' as const,
  name: 'ERP nightly',
  createdAt: '2026-11-24T08:00:00.000Z',
  lastUsedAt: null,
};

describe('twin credentials tab', () => {
  it('lists the credentials without secrets, with the base URL a client is given', async () => {
    fakeTwin({ credentials: [listed] });
    renderPanel();
    const row = (await within(table()).findByText(listed.clientId)).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([listed.clientId, 'Production', 'ERP nightly', '2026-11-24 08:00:00', 'never', 'Revoke']);
    expect(screen.getByText(/post it to http:\/\/[^/]+\/lab\/sim\/carrier\/oauth\/token/)).toBeTruthy();
  });

  it('issues a credential for the environment shown and shows its secret once', async () => {
    const twin = fakeTwin();
    renderPanel('production');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'CI job' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue a Production credential' }));
    const issued = await screen.findByTestId('issued-credential');
    expect(within(issued).getByText('Credential issued: copy the secret now, it is not shown again')).toBeTruthy();
    const { clientId } = twin.state.credentials[0]!;
    expect(twin.state.credentials[0]).toMatchObject({ environment: 'production', name: 'CI job' });
    expect(within(issued).getByText(`secret-of-${clientId}`)).toBeTruthy();
    await within(table()).findByText(clientId);
    fireEvent.click(within(issued).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('issued-credential')).toBeNull());
    expect(screen.queryByText(`secret-of-${clientId}`)).toBeNull();
  });

  it('revokes a credential after confirming', async () => {
    const twin = fakeTwin({ credentials: [listed] });
    renderPanel();
    const row = (await within(table()).findByText(listed.clientId)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByText(`Revoke ${listed.clientId}? Its tokens stop working on their next call.`);
    const popup = confirm.closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(popup).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(twin.state.credentials).toEqual([]));
    await waitFor(() => expect(within(table()).queryByText(listed.clientId)).toBeNull());
  });

  it('speaks Chinese in zh-CN', async () => {
    fakeTwin();
    renderWithProviders(<SimulatorPage />, { route: '/api/simulator?tab=credentials', lang: 'zh' });
    expect(await screen.findByRole('tab', { name: '孪生凭据', selected: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: '签发沙箱凭据' })).toBeTruthy();
    expect(await screen.findByText('尚未签发孪生凭据')).toBeTruthy();
  });
});
