import { useDeferredValue, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Spin, Typography } from 'antd';
import type { NamedSample } from '@lab/core/contract';
import { DEFAULT_LEVEL, SchemaViewControls } from '@/components/schema-view';
import { fillMessage, useMessages } from '@/lib/i18n';
import { docQueries, parseOperationKey } from './docApi';
import { messages } from './messages';
import { OperationPicker } from './OperationPicker';
import { OperationView, shownPart } from './OperationView';
import { ReferenceDrawer } from './ReferenceDrawer';
import { SampleModal } from './SampleModal';
import { StyleWarmUp } from './StyleWarmUp';
import { useDocParams } from './useDocParams';
import './fapiDoc.css';

/** FAPI Doc (/api/fapidoc): the imported OpenAPI documents, one operation at a time. */
export default function FapiDocPage() {
  const m = useMessages(messages);
  const [state, update] = useDocParams();
  const [sample, setSample] = useState<NamedSample>();
  const [reference, setReference] = useState<string>();

  const documents = useQuery(docQueries.documents);
  const docs = useMemo(() => documents.data?.documents ?? [], [documents.data]);
  const current = docs.find((d) => d.name === state.api);
  const operations = useQuery({ ...docQueries.operations(current?.name ?? ''), enabled: current !== undefined });
  const opRef = parseOperationKey(state.op ?? null);
  const opExists = opRef && operations.data?.operations.some((o) => o.method === opRef.method && o.path === opRef.path);
  const view = useQuery({
    ...docQueries.view(current?.name ?? '', opRef?.method ?? '', opRef?.path ?? ''),
    enabled: current !== undefined && opExists === true,
  });

  const data = view.data;
  // Deferred: the request tree paints first, the samples right after.
  const deferredData = useDeferredValue(data);
  const shownTree = shownPart(data, state.part).tree;
  const hasTree = shownTree !== undefined && shownTree !== null;
  const empty = documents.isSuccess && docs.length === 0;

  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {m.title}
      </Typography.Title>
      <StyleWarmUp />
      <Flex wrap gap={12} align="center">
        <OperationPicker
          docs={docs}
          loadingDocs={documents.isPending}
          current={current}
          operations={operations.data?.operations}
          loadingOperations={operations.isFetching}
          op={opExists ? state.op : undefined}
          onApi={(api) => update({ api, op: undefined, field: undefined, part: undefined })}
          onOperation={(op) => update({ op, field: undefined, part: undefined })}
        />
        <SchemaViewControls
          disabled={!hasTree}
          view={state.view}
          onView={(v) => update({ view: v === 'tree' ? undefined : v })}
          level={state.level}
          onLevel={(l) => update({ level: l === DEFAULT_LEVEL ? undefined : l })}
          fullDescription={state.full}
          onFullDescription={(full) => update({ full })}
        />
      </Flex>

      {documents.error && (
        <Alert type="error" title={fillMessage(m.loadFailed, { message: (documents.error as Error).message })} />
      )}
      {empty && (
        <Alert
          type="info"
          showIcon
          title={m.emptyStore}
          description={
            <span>
              {m.emptyStoreHow} <Typography.Text code>{m.importCommand}</Typography.Text>
            </span>
          }
        />
      )}
      {!empty && documents.isSuccess && !current && <Empty description={m.pickApi} />}
      {current && operations.data && !opExists && (
        <Empty description={fillMessage(m.pickOperation, { api: current.name })} />
      )}
      {(operations.error || view.error) && (
        <Alert
          type="error"
          title={fillMessage(m.loadFailed, { message: ((operations.error ?? view.error) as Error).message })}
        />
      )}
      {opExists && view.isPending && <Spin />}

      {data && (
        <OperationView
          data={data}
          state={state}
          update={update}
          onOpenSample={setSample}
          onDocReference={setReference}
          samplesReady={deferredData === data}
        />
      )}

      <SampleModal sample={sample} onClose={() => setSample(undefined)} />
      <ReferenceDrawer
        reference={reference}
        tree={shownTree}
        onPick={(field) => {
          update({ field });
          setReference(undefined);
        }}
        onClose={() => setReference(undefined)}
      />
    </Flex>
  );
}
