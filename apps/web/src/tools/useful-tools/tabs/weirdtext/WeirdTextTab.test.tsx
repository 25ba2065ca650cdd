import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import WeirdTextTab from './WeirdTextTab';

describe('Translate Weird Text', () => {
  it('needs text', async () => {
    renderWithProviders(<WeirdTextTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('enter some text')).toBeInTheDocument();
  });

  it('ranks the repairs, names the transformation and copies a candidate', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<WeirdTextTab />);
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: '鍖椾含' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('北京')).toBeInTheDocument();
    expect(screen.getByText('UTF-8 read as GBK')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'copy candidate 1' }));
    expect(await screen.findByText('text copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('北京');
  });

  it('shows both steps of a chain, and says when nothing needs repair', async () => {
    renderWithProviders(<WeirdTextTab />);
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: 'JUU1JThDJTk3JUU0JUJBJUFD' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('北京')).toBeInTheDocument();
    expect(screen.getByText('Base64')).toBeInTheDocument();
    expect(screen.getByText('URL encoding (%XX)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: 'hello world' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(
      await screen.findByText('No repair found: the text reads the same under every transformation'),
    ).toBeInTheDocument();
  });

  it('repairs an ordinary copy-paste and marks what it kept as it was', async () => {
    renderWithProviders(<WeirdTextTab />);
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: 'Ã©tÃ© Ã  Paris' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('été à Paris')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: 'café Ã©tÃ© ¿' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('partly repaired')).toHaveAttribute(
      'title',
      'The marked characters could not be repaired and are shown as they were.',
    );
    const first = screen.getAllByRole('listitem')[0]!;
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['é', '¿']);
    expect(first).toHaveTextContent('café été ¿');
  });

  it('tags a repair that cannot bring the text back, in English and Chinese', async () => {
    renderWithProviders(<WeirdTextTab />);
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: '\ufffd\ufffd\ufffd\ufffd' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('锟斤拷锟斤拷')).toBeInTheDocument();
    expect(screen.getByText('unrecoverable')).toHaveAttribute(
      'title',
      'The original characters were lost before this text reached you (replacement characters, 锟斤拷 or ?): no transformation can bring them back.',
    );
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: '鍖椾含' } });
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('北京')).toBeInTheDocument();
    expect(screen.queryByText('unrecoverable')).not.toBeInTheDocument();
  });

  it('says unrecoverable in Chinese', async () => {
    renderWithProviders(<WeirdTextTab />, { lang: 'zh' });
    fireEvent.change(screen.getByLabelText('weird text'), { target: { value: '\ufffd\ufffd\ufffd\ufffd' } });
    await userEvent.click(screen.getByRole('button', { name: /^翻\s?译$/ }));
    expect(await screen.findByText('无法恢复')).toHaveAttribute(
      'title',
      '原来的字符在文本到达之前就已丢失（替换字符、锟斤拷 或 ?）：任何转换都无法恢复。',
    );
  });
});
