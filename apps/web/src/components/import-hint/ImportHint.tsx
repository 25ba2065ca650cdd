import { Flex, Typography } from 'antd';
import { DATASET_FILES, importCommandOf, type DatasetName } from '@lab/core/datasets';
import { defineMessages, useMessages } from '@/lib/i18n';

const messages = defineMessages({
  en: { columns: 'Columns:', exampleFile: 'Example file:' },
  zh: { columns: '列：', exampleFile: '示例文件：' },
});

/**
 * The exact `lab import` command of a dataset with its file types (copyable), the columns the file
 * holds and the example file that ships in data/examples/ — for the screens that need imported data.
 * Names, columns and paths are set as code: they stay as they are in Chinese.
 */
export function ImportHint({
  dataset,
  options,
}: {
  dataset: DatasetName;
  /** Values for the command's options, e.g. `{ version: 'GSMW14' }`. */
  options?: Record<string, string>;
}) {
  const m = useMessages(messages);
  const format = DATASET_FILES[dataset];
  return (
    <Flex vertical gap={2} data-testid={`import-hint-${dataset}`}>
      <Typography.Text code copyable>
        {importCommandOf(dataset, options)}
      </Typography.Text>
      {format.columns.length > 0 && (
        <Typography.Text type="secondary">
          {m.columns} <Typography.Text code>{format.columns.map((c) => c.name).join(', ')}</Typography.Text>
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        {m.exampleFile} <Typography.Text code>data/examples/{format.exampleFile}</Typography.Text>
      </Typography.Text>
    </Flex>
  );
}
