import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { applySlot, blankState, resetSlot, updateSlot } from './credentials';
import { CredentialStatus } from './CredentialStatus';

const token = { accessToken: 'tok', expiresAt: Date.now() + 3_600_000 };

describe('the credential button and tag', () => {
  it('say the same thing after the active slot is reset, while another slot still holds keys (issue 31)', () => {
    let s = updateSlot(blankState(), 'No.1', { clientId: 'typed-not-applied', clientSecret: 'x' });
    s = updateSlot(s, 'No.2', { clientId: 'key', clientSecret: 'secret', comments: 'box' });
    s = applySlot(s, 'No.2', token);
    const { unmount } = renderWithProviders(<CredentialStatus creds={s} onOpen={() => {}} />);
    expect(screen.getByRole('button', { name: /Sandbox/ })).toHaveAttribute('data-kind', 'warning');
    expect(screen.getByTestId('active-credential')).toHaveTextContent(/^box · token expires /);

    unmount();
    renderWithProviders(<CredentialStatus creds={resetSlot(s, 'No.2')} onOpen={() => {}} />);
    expect(screen.getByRole('button', { name: /Credential Required/ })).toHaveAttribute('data-kind', 'danger');
    expect(screen.queryByRole('button', { name: /Sandbox/ })).toBeNull();
    expect(screen.getByTestId('active-credential')).toHaveTextContent('no active credential');
  });
});
