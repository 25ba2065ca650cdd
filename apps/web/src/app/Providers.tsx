import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bindNotify } from '@/lib/notify';
import { I18nProvider, initialLang, useI18n, type Lang } from '@/lib/i18n';

/**
 * antd's Chinese locale (~3 KB gzip) is its own chunk, loaded only when Chinese is chosen (and
 * straight away when the page starts in Chinese), so the shell stays within its budget. Until it
 * arrives antd's few built-in words (empty tables, pickers) read in English.
 */
let zhLocale: Locale | undefined;
let zhLoading: Promise<Locale> | undefined;
function loadZhLocale(): Promise<Locale> {
  zhLoading ??= import('antd/locale/zh_CN').then((m) => (zhLocale = m.default));
  return zhLoading;
}
if (initialLang() === 'zh') void loadZhLocale();

function NotifyBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindNotify(message);
    return () => bindNotify(undefined);
  }, [message]);
  return null;
}

function LocalizedAnt({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const [zh, setZh] = useState(zhLocale);
  useEffect(() => {
    if (lang !== 'zh' || zh) return;
    let live = true;
    void loadZhLocale().then((l) => live && setZh(l));
    return () => {
      live = false;
    };
  }, [lang, zh]);
  return (
    <ConfigProvider locale={lang === 'zh' ? (zh ?? enUS) : enUS} theme={{ token: { colorPrimary: '#4d148c' } }}>
      <AntApp>
        <NotifyBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: 0 } },
  });
}

/** Everything every screen needs above it: language, antd theme/locale, notices, server state. */
export function Providers({
  children,
  lang,
  queryClient,
}: {
  children: ReactNode;
  lang?: Lang;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  return (
    <I18nProvider lang={lang}>
      <QueryClientProvider client={client}>
        <LocalizedAnt>{children}</LocalizedAnt>
      </QueryClientProvider>
    </I18nProvider>
  );
}
