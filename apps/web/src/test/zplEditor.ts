import { act } from '@testing-library/react';
import { EditorView } from '@codemirror/view';

/** The CodeMirror editor around an element labelled "ZPL" (its content element). */
function viewOf(el: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(el);
  if (!view) throw new Error('not a ZPL editor');
  return view;
}

/** The text in a ZPL editor. */
export function zplEditorText(el: HTMLElement): string {
  return viewOf(el).state.doc.toString();
}

/** Replaces the text of a ZPL editor as a user would (the screen hears the change). */
export function setZplEditorText(el: HTMLElement, text: string): void {
  const view = viewOf(el);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}
