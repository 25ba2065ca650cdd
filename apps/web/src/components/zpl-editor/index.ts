export { ZplCodeEditor, type ZplCodeEditorProps } from './ZplCodeEditor';
export { ZplEditorPanel, type ZplEditorPanelProps } from './ZplEditorPanel';
export { SheetPicker, type SheetChoice, sheetHeaders } from './SheetPicker';
export { LogoDialog, type LogoDialogProps } from './LogoDialog';
export { placeGraphic, placementMessage, type GraphicPlacement } from './placeGraphic';
export { warningLineColumn, warningRange, charIndexOfByte } from './positions';
