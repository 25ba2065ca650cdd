export { ZplCodeEditor, type ZplCodeEditorProps } from './ZplCodeEditor';
export { ZplEditorPanel, type ZplEditorPanelProps } from './ZplEditorPanel';
export { SheetPicker, type SheetChoice, sheetHeaders } from './SheetPicker';
export { LogoDialog, insertGraphic, type LogoDialogProps } from './LogoDialog';
export { warningLineColumn, warningRange, charIndexOfByte } from './positions';
