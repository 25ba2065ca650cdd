import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bindNotify } from '@/lib/notify';
import { I18nProvider, useI18n, type Lang } from '@/lib/i18n';

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
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={{ token: { colorPrimary: '#4d148c' } }}>
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
