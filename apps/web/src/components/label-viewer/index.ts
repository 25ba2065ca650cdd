export { LabelViewer, type LabelDownload, type LabelViewerProps, type ViewerRotation } from './LabelViewer';
export { ZplPreview, ZPL_PREVIEW_DEBOUNCE_MS, ZPL_SIZES, type ZplPreviewProps, type ZplSize } from './ZplPreview';
export {
  DEFAULT_LABEL_SERVICE_URL,
  labelUrl,
  renderAllLabels,
  renderZpl,
  useLabelServiceUrl,
  type LabelFormat,
  type LabelRotation,
  type ZplRenderOptions,
} from './labelService';
export { downloadBlob, openBlobInNewTab } from './download';
export {
  requestLabelCheck,
  type CheckShipment,
  type CheckedSymbol,
  type LabelCheckReply,
  type LabelCheckSource,
} from './labelCheck';
