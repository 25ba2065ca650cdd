import { defineMessages } from '@/lib/i18n';

/** The shared transaction pieces' words: the definitions status line and the parsed-fields table. */
export const messages = defineMessages({
  en: {
    namesOnly:
      'Only field names are loaded for {version}: lengths, value types, details and possible values are missing, so the too-long check cannot run. Load the definitions with:',
    someDefined:
      '{n} of {m} fields defined for {version}: the others have a name only, so the too-long check skips them. Load the definitions with:',
    loaded: 'Definitions {version}, imported {date}.',
    noDefinitions: 'No definitions are loaded for {version}. Load them with:',
    colId: 'ID',
    colSuffix: 'Suffix',
    colName: 'Field Name',
    colValue: 'Field Value',
    colLength: 'Length',
    valueType: 'Value Type',
    maxLength: 'Max Length',
    occurrences: 'Occurrences',
    details: 'Details',
    allValues: 'All Possible Values',
    noDefinition: 'No definition of field {id} for this type.',
  },
  zh: {
    namesOnly: '{version} 只加载了字段名称：缺少长度、值类型、详情和可能的值，因此无法检查超长。请用以下命令加载定义：',
    someDefined: '{version} 已定义 {n} / {m} 个字段：其余字段只有名称，超长检查会跳过它们。请用以下命令加载定义：',
    loaded: '定义 {version}，导入于 {date}。',
    noDefinitions: '{version} 没有加载任何定义。请用以下命令加载：',
    colId: '编号',
    colSuffix: '后缀',
    colName: '字段名称',
    colValue: '字段值',
    colLength: '长度',
    valueType: '值类型',
    maxLength: '最大长度',
    occurrences: '出现次数',
    details: '详情',
    allValues: '所有可能的值',
    noDefinition: '此类型没有字段 {id} 的定义。',
  },
});
