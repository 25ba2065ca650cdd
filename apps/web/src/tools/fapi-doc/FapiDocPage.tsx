import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Spin, Typography } from 'antd';
import type { NamedSample } from '@lab/core/contract';
import { DEFAULT_LEVEL, SchemaViewControls } from '@/components/schema-view';
import { fillMessage, useMessages } from '@/lib/i18n';
import { ChangeList } from './ChangeList';
import { partMarks, type ApiChangeRow } from './diffMarks';
import { docQueries, parseOperationKey } from './docApi';
import { messages } from './messages';
import { OperationPicker } from './OperationPicker';
import { OperationView, shownPart } from './OperationView';
import { ReferenceDrawer } from './ReferenceDrawer';
import { ReleasePicker } from './ReleasePicker';
import { SampleModal } from './SampleModal';
import { StyleWarmUp } from './StyleWarmUp';
import { useDocParams } from './useDocParams';
import { WhereUsedDrawer, type UsageTarget } from './WhereUsedDrawer';
import './fapiDoc.css';

/** FAPI Doc (/api/fapidoc): the imported OpenAPI documents, one operation at a time. */
export default function FapiDocPage() {
  const m = useMessages(messages);
  const [state, update] = useDocParams();
  const [sample, setSample] = useState<NamedSample>();
  const [reference, setReference] = useState<string>();
  const [usage, setUsage] = useState<UsageTarget>();

  const documents = useQuery(docQueries.documents);
  const docs = useMemo(() => documents.data?.documents ?? [], [documents.data]);
  const current = docs.find((d) => d.name === state.api);
  const name = current?.name ?? '';
  const releases = useQuery({ ...docQueries.releases(name), enabled: current !== undefined });
  const currentRelease = releases.data?.releases.find((r) => r.current);
  /** The shown release's id: the one chosen, else the current one. */
  const shownRelease = state.release ?? (currentRelease ? String(currentRelease.id) : '');
  const operations = useQuery({ ...docQueries.operations(name, state.release), enabled: current !== undefined });
  const opRef = parseOperationKey(state.op ?? null);
  const opExists = opRef && operations.data?.operations.some((o) => o.method === opRef.method && o.path === opRef.path);
  const view = useQuery({
    ...docQueries.view(name, opRef?.method ?? '', opRef?.path ?? '', state.release),
    enabled: current !== undefined && opExists === true,
  });
  // Compare: what changed from the compared release to the shown one.
  const diff = useQuery({
    ...docQueries.diff(name, state.compare ?? '', shownRelease),
    enabled: current !== undefined && state.compare !== undefined && shownRelease !== '',
  });

  const data = view.data;
  // Deferred: the request tree paints first, the samples right after.
  const deferredData = useDeferredValue(data);
  const shownTree = shownPart(data, state.part).tree;
  const hasTree = shownTree !== undefined && shownTree !== null;
  const empty = documents.isSuccess && docs.length === 0;
  const marks = useMemo(
    () =>
      diff.data && data
        ? partMarks(diff.data.changes, `${data.method} ${data.path}`, shownPart(data, state.part).part ?? '')
        : undefined,
    [diff.data, data, state.part],
  );
  const onWhereUsed = useCallback((target: UsageTarget) => setUsage(target), []);
  // Stable callbacks: the change list and the drawers are memoised (choosing an operation
  // re-renders the page, not them).
  const openChange = useCallback(
    (c: ApiChangeRow) =>
      update({
        op: c.operation,
        part: c.where === 'response' ? c.status : undefined,
        field: c.where === 'request' || c.where === 'response' ? c.field : undefined,
      }),
    [update],
  );
  const onBreakingOnly = useCallback((breaking: boolean) => update({ breaking }), [update]);
  const pickUse = useCallback(
    (op: string, part: string, field: string | undefined) => {
      update({ op, part: part === 'request' ? undefined : part, field });
      setUsage(undefined);
    },
    [update],
  );
  const closeUsage = useCallback(() => setUsage(undefined), []);

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
          level={state.level}
          fullDescription={state.full}
          onApi={(api) =>
            update({ api, op: undefined, field: undefined, part: undefined, release: undefined, compare: undefined })
          }
          onOperation={(op) => update({ op, field: undefined, part: undefined })}
        />
        <ReleasePicker
          releases={current ? releases.data?.releases : undefined}
          loading={releases.isFetching}
          release={shownRelease}
          compare={state.compare}
          onRelease={(id) =>
            update({
              release: id === String(currentRelease?.id) ? undefined : id,
              compare: id === state.compare ? undefined : state.compare,
            })
          }
          onCompare={(compare) => update({ compare })}
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
      {(operations.error || view.error || releases.error || diff.error) && (
        <Alert
          type="error"
          title={fillMessage(m.loadFailed, {
            message: ((operations.error ?? view.error ?? releases.error ?? diff.error) as Error).message,
          })}
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
          marks={marks}
          onWhereUsed={onWhereUsed}
        />
      )}
      {state.compare && diff.isPending && <Spin />}
      {state.compare && diff.data && (
        <ChangeList
          diff={diff.data}
          breakingOnly={state.breaking}
          onBreakingOnly={onBreakingOnly}
          onPick={openChange}
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
      <WhereUsedDrawer document={name} release={state.release} target={usage} onPick={pickUse} onClose={closeUsage} />
    </Flex>
  );
}
