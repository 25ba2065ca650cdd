import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import type { OpenApiDocSummary, OpenApiOperationSummary } from '@lab/core/contract';
import { prepareDescriptions } from '@/components/schema-view';
import { useMessages } from '@/lib/i18n';
import { docQueries, operationKey } from './docApi';
import { MethodTag } from './MethodTag';
import { messages } from './messages';

/** How many operations' views are fetched ahead when the operation list opens. */
const PREFETCH_OPERATIONS = 12;

/** The API document (grouped by API) and one of its operations (searchable by method, path, summary). */
export function OperationPicker({
  docs,
  loadingDocs,
  current,
  operations,
  loadingOperations,
  op,
  level,
  fullDescription,
  onApi,
  onOperation,
}: {
  docs: OpenApiDocSummary[];
  loadingDocs: boolean;
  current: OpenApiDocSummary | undefined;
  /** The current document's operations, once loaded. */
  operations: OpenApiOperationSummary[] | undefined;
  loadingOperations: boolean;
  /** The chosen operation's key, when it is one of the document's. */
  op: string | undefined;
  /** The schema view's expand level and description switch (which descriptions to ready ahead). */
  level: number;
  fullDescription: boolean;
  onApi: (api: string) => void;
  onOperation: (op: string) => void;
}) {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  const apiOptions = useMemo(() => {
    const groups = new Map<string, { label: string; value: string }[]>();
    for (const d of docs) {
      const list = groups.get(d.api) ?? [];
      list.push({ value: d.name, label: `${d.title || d.resource} (${d.resource})` });
      groups.set(d.api, list);
    }
    return [...groups].map(([api, options]) => ({ label: api, title: api, options }));
  }, [docs]);

  const operationOptions = useMemo(
    () =>
      (operations ?? []).map((o) => ({
        value: operationKey(o),
        search: `${o.method} ${o.path} ${o.summary ?? ''}`.toLowerCase(),
        label: (
          <span>
            <MethodTag method={o.method} />
            <Typography.Text code>{o.path}</Typography.Text> {o.summary}
          </span>
        ),
      })),
    [operations],
  );

  return (
    <>
      <Select
        aria-label={m.api}
        placeholder={m.chooseApi}
        style={{ width: 360 }}
        showSearch
        optionFilterProp="label"
        disabled={docs.length === 0}
        loading={loadingDocs}
        value={current?.name}
        options={apiOptions}
        onChange={onApi}
      />
      <Select
        aria-label={m.operation}
        placeholder={m.chooseOperation}
        style={{ width: 520 }}
        showSearch
        filterOption={(input, option) => (option?.search ?? '').includes(input.toLowerCase())}
        disabled={!operations}
        loading={loadingOperations}
        value={op}
        options={operationOptions}
        onChange={onOperation}
        onOpenChange={(open) => {
          // While the list is open, fetch the operations' views (cached on the server), so the
          // chosen one is usually here by the click, and sanitise the descriptions its request
          // tree shows first while the browser is idle.
          if (!open || !current || !operations) return;
          for (const o of operations.slice(0, PREFETCH_OPERATIONS)) {
            const query = docQueries.view(current.name, o.method, o.path);
            void queryClient.prefetchQuery(query).then(() => {
              const tree = queryClient.getQueryData(query.queryKey)?.request?.tree;
              if (tree) prepareDescriptions(tree.fields, level, fullDescription);
            });
          }
        }}
      />
    </>
  );
}
