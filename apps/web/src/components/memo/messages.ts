import { defineMessages } from '@/lib/i18n';

/** My Memo's words. */
export const messages = defineMessages({
  en: {
    myMemo: 'My Memo',
    add: 'Add',
    close: 'Close',
    saveAndClose: 'Save and close',
    empty: 'No memo yet',
    nickname: 'Nickname',
    value: 'Value',
    copyValue: 'Copy value',
    delete: 'Delete',
    saved: 'Your memo saved to browser cache with encryption',
    copied: 'text copied to clipboard',
    notSaved: 'memo not saved: {reason}',
    reset: 'your saved memo could not be read and was reset',
  },
  zh: {
    myMemo: '我的备忘',
    add: '添加',
    close: '关闭',
    saveAndClose: '保存并关闭',
    empty: '还没有备忘',
    nickname: '昵称',
    value: '值',
    copyValue: '复制值',
    delete: '删除',
    saved: '备忘已加密保存到浏览器缓存',
    copied: '文本已复制到剪贴板',
    notSaved: '备忘未保存：{reason}',
    reset: '已保存的备忘无法读取，已被重置',
  },
});
