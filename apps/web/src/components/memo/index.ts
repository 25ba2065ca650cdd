export { MemoDialog } from './MemoDialog';
export { MyMemoButton } from './MyMemoButton';
export * from './memo';
