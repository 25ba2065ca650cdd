import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { resetSecureStorageCache, secureStorage } from '@/lib/secureStorage';
import { loadMemo, MEMO_STORAGE_KEY, newMemoRow } from './memo';
import { MyMemoButton } from './MyMemoButton';

beforeEach(() => resetSecureStorageCache());

async function openMemo() {
  await userEvent.click(screen.getByRole('button', { name: /My Memo/ }));
  return screen.findByRole('dialog');
}

describe('My Memo', () => {
  it('adds rows, saves them encrypted and reads them back', async () => {
    renderWithProviders(<MyMemoButton />);
    await openMemo();
    expect(await screen.findByText('No memo yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add/ }));
    await userEvent.click(screen.getByRole('button', { name: /Add/ }));
    await userEvent.type(screen.getByLabelText('nickname 1'), 'test account number');
    expect(screen.getByLabelText('nickname 1')).toHaveValue('test account nu');
    fireEvent.change(screen.getByLabelText('value 1'), { target: { value: '510087020' } });
    fireEvent.change(screen.getByLabelText('nickname 2'), { target: { value: 'gone' } });
    await userEvent.click(screen.getByRole('button', { name: 'delete 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(await screen.findByText('Your memo saved to browser cache with encryption')).toBeInTheDocument();
    const raw = localStorage.getItem(`secure:${MEMO_STORAGE_KEY}`) ?? '';
    expect(raw).not.toContain('510087020');
    const saved = await loadMemo();
    expect(saved).toEqual([{ key: expect.any(Number), nickname: 'test account nu', value: '510087020' }]);

    await openMemo();
    expect(await screen.findByDisplayValue('510087020')).toBeInTheDocument();
  });

  it('copies a value and closes without saving', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await secureStorage.set(MEMO_STORAGE_KEY, [{ key: 1, nickname: 'acct', value: '123456784' }]);
    renderWithProviders(<MyMemoButton />);
    await openMemo();
    await userEvent.click(await screen.findByRole('button', { name: 'copy 1' }));
    expect(await screen.findByText('text copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('123456784');
    fireEvent.change(screen.getByLabelText('value 1'), { target: { value: 'changed' } });
    await userEvent.click(screen.getByText('Close'));
    expect(await loadMemo()).toEqual([{ key: 1, nickname: 'acct', value: '123456784' }]);
  });

  it('says so when the stored memo cannot be read, and starts an empty memo', async () => {
    localStorage.setItem(`secure:${MEMO_STORAGE_KEY}`, '{"iv":"AAAA","data":"garbage"}');
    renderWithProviders(<MyMemoButton />);
    await openMemo();
    expect(await screen.findByText('No memo yet')).toBeInTheDocument();
    expect(screen.getByTestId('memo-reset')).toHaveTextContent('your saved memo could not be read and was reset');
    expect(localStorage.getItem(`secure:${MEMO_STORAGE_KEY}`)).toBeNull();
    await secureStorage.set(MEMO_STORAGE_KEY, { not: 'rows' });
    await waitFor(async () => expect(await loadMemo()).toEqual([]));
  });

  it('shows no notice for an absent memo', async () => {
    renderWithProviders(<MyMemoButton />);
    await openMemo();
    expect(await screen.findByText('No memo yet')).toBeInTheDocument();
    expect(screen.queryByTestId('memo-reset')).not.toBeInTheDocument();
  });

  it('sizes the nickname field for 15 characters of the widest kind', async () => {
    await secureStorage.set(MEMO_STORAGE_KEY, [{ key: 1, nickname: 'WWWWWWWWWWWWWWW', value: 'x' }]);
    renderWithProviders(<MyMemoButton />);
    await openMemo();
    const input = await screen.findByLabelText('nickname 1');
    const box = input.closest('.ant-input-affix-wrapper, .ant-input') as HTMLElement;
    expect(box.style.width || (input as HTMLElement).style.width).toBe('calc(15em + 26px)');
  });

  it('keys new rows by timestamp, never twice the same', () => {
    expect(newMemoRow([], 1000).key).toBe(1000);
    expect(newMemoRow([{ key: 1000, nickname: '', value: '' }], 1000).key).toBe(1001);
  });
});
