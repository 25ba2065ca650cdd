import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, defineMessages, useI18n, useMessages } from './i18n';

const messages = defineMessages({ en: { send: 'Send out' }, zh: { send: '发送' } });

function Probe() {
  const m = useMessages(messages);
  const { setLang } = useI18n();
  return (
    <button type="button" onClick={() => setLang('zh')}>
      {m.send}
    </button>
  );
}

describe('screen message catalogues', () => {
  it('follow the language switch without remounting', () => {
    render(
      <I18nProvider lang="en">
        <Probe />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: 'Send out' });
    act(() => button.click());
    expect(screen.getByRole('button', { name: '发送' })).toBe(button);
  });
});
