import type { Locator } from 'playwright-core';

/**
 * The whole text of a ZPL code editor (CodeMirror 6): its document, not the lines currently drawn
 * (the editor only draws what is in view). Reads the view CodeMirror keeps on its content element.
 */
export function zplEditorText(editor: Locator): Promise<string> {
  return editor.evaluate((el) => {
    type Tile = { root?: { view?: { state: { doc: { toString(): string } } } } };
    const node = el as HTMLElement & { cmTile?: Tile; cmView?: Tile };
    const view = (node.cmTile ?? node.cmView)?.root?.view;
    if (!view) throw new Error('not a CodeMirror editor');
    return view.state.doc.toString();
  });
}
