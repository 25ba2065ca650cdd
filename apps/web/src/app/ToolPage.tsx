import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Button, Spin } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useI18n } from '@/lib/i18n';
import { toolText, type ToolDefinition } from '@/tools/types';

/** A page chunk that has not arrived after this long is treated as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; Page: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Loads a tool's page chunk. A chunk that fails to load (or takes over two minutes) shows a
 * retry message instead of a blank page.
 */
export function ToolPage({ tool, timeoutMs = CHUNK_TIMEOUT_MS }: { tool: ToolDefinition; timeoutMs?: number }) {
  const { t, lang } = useI18n();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    withTimeout(tool.load(), timeoutMs).then(
      (mod) => live && setState({ status: 'ready', Page: mod.default }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [tool, attempt, timeoutMs]);

  useEffect(() => {
    document.title = tool.path === '/' ? 'Shipping Lab' : `${toolText(tool, lang).title} · Shipping Lab`;
  }, [tool, lang]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'ready') return <state.Page />;
  if (state.status === 'failed') {
    return (
      // Not antd's Result: it carries three large illustrations into the shell for this one message.
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <ExclamationCircleFilled style={{ fontSize: 56, color: '#faad14' }} aria-hidden />
        <p style={{ fontSize: 18, margin: '20px 0' }}>{t('chunk.failed')}</p>
        <Button type="primary" onClick={retry}>
          {t('chunk.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div style={{ padding: 48, textAlign: 'center' }} aria-busy="true">
      <Spin description={t('chunk.loading')}>
        <div style={{ minHeight: 48 }} />
      </Spin>
    </div>
  );
}
