import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { JsonEditor, type JsonEditorHandle } from './JsonEditor';

/** The real vanilla-jsoneditor inside the wrapper (the page tests use a stand-in). */
describe('JsonEditor', () => {
  it('shows the text, takes a new text from the parent, and reports a revealed path', async () => {
    const onSelectPath = vi.fn();
    const ref = createRef<JsonEditorHandle>();
    const { rerender } = render(
      <JsonEditor ref={ref} testId="ed" text='{"a": {"b": 1}}' mode="text" onSelectPath={onSelectPath} />,
    );
    await waitFor(() => expect(screen.getByTestId('ed')).toHaveTextContent('"b": 1'));
    rerender(<JsonEditor ref={ref} testId="ed" text='{"c": 2}' mode="text" onSelectPath={onSelectPath} />);
    await waitFor(() => expect(screen.getByTestId('ed')).toHaveTextContent('"c": 2'));
    ref.current!.reveal(['c']);
    expect(onSelectPath).toHaveBeenCalledWith(['c']);
  });

  it('shows a read-only tree', async () => {
    render(<JsonEditor testId="ed" text='{"output": {"x": 1}}' mode="tree" readOnly />);
    await waitFor(() => expect(screen.getByTestId('ed').querySelector('.jse-tree-mode')).not.toBeNull());
    expect(screen.getByTestId('ed')).toHaveTextContent('output');
  });
});
