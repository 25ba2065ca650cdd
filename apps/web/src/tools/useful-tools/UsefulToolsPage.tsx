import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Button, Empty, Flex, Result, Spin, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useI18n, useMessages } from '@/lib/i18n';
import { messages as memoMessages } from '@/components/memo/messages';
import { messages } from './messages';
import { TAB_GROUPS, usefulTabs, type TabDefinition } from './tabs';

/** Tab components already loaded: showing one again is immediate. */
const loadedTabs = new WeakMap<TabDefinition, ComponentType>();

/**
 * The tab's component once its chunk has loaded (undefined until then). Plain state rather than
 * React.lazy + Suspense: React holds a resolved Suspense boundary back for up to 300 ms (its
 * fallback throttle), which alone made the page open that much later than the others.
 */
function useTabComponent(tab: TabDefinition | undefined): { Tab?: ComponentType; failed: boolean; retry: () => void } {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<TabDefinition>();
  const [attempt, setAttempt] = useState(0);
  const Tab = tab ? loadedTabs.get(tab) : undefined;
  useEffect(() => {
    if (!tab || Tab) return;
    let live = true;
    tab.load().then(
      (mod) => {
        loadedTabs.set(tab, mod.default);
        if (live) setLoaded((n) => n + 1);
      },
      () => live && setFailed(tab),
    );
    return () => {
      live = false;
    };
  }, [tab, Tab, attempt]);
  return {
    Tab,
    failed: failed !== undefined && failed === tab,
    retry: () => {
      setFailed(undefined);
      setAttempt((n) => n + 1);
    },
  };
}

// The memo dialog (and its storage and clipboard code) loads when first opened, not with the page.
const MemoDialog = lazy(() => import('@/components/memo/MemoDialog').then((m) => ({ default: m.MemoDialog })));

/** The tab a URL asks for (?tab=<key>), else the first. */
export function activeTab(tabs: TabDefinition[], requested: string | null): TabDefinition | undefined {
  return tabs.find((t) => t.key === requested) ?? tabs[0];
}

function MemoButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const mm = useMessages(memoMessages);
  return (
    <>
      <Button
        icon={<BookOutlined />}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {mm.myMemo}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MemoDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * One page of tools. Every tab is reachable at a glance: the tab bar groups them (Lookups,
 * Calculators, Text) and wraps instead of hiding tabs behind an overflow menu. Only the shown tab
 * is loaded and mounted; the selected tab lives in ?tab=<key> so it can be linked and survives reload.
 */
export default function UsefulToolsPage({ tabs = usefulTabs }: { tabs?: TabDefinition[] }) {
  const m = useMessages(messages);
  const { lang, t } = useI18n();
  const [params, setParams] = useSearchParams();
  const active = activeTab(tabs, params.get('tab'));
  const label = (tab: TabDefinition) => (lang === 'zh' ? tab.zh : tab.label);
  const select = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', key);
        return next;
      },
      { replace: false },
    );
  const { Tab, failed, retry } = useTabComponent(active);

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {m.title}
        </Typography.Title>
        <MemoButton />
      </Flex>
      {!active ? (
        <Empty description={m.noTools} />
      ) : (
        <>
          <div
            role="tablist"
            aria-label={m.tabs}
            data-testid="useful-tabbar"
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 24,
              rowGap: 4,
              borderBottom: '1px solid #f0f0f0',
              marginBottom: 16,
            }}
          >
            {TAB_GROUPS.map((group) => {
              const members = tabs.filter((t) => t.group === group);
              if (members.length === 0) return null;
              return (
                <div key={group} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 6 }}>
                    {m[group]}
                  </Typography.Text>
                  {members.map((tab) => {
                    const on = tab.key === active.key;
                    return (
                      <button
                        key={tab.key}
                        type="button"
                        role="tab"
                        id={`useful-tab-${tab.key}`}
                        aria-selected={on}
                        aria-controls="useful-tabpanel"
                        tabIndex={on ? 0 : -1}
                        onClick={() => select(tab.key)}
                        onKeyDown={(e) => {
                          const i = tabs.indexOf(tab);
                          const next =
                            e.key === 'ArrowRight'
                              ? tabs[(i + 1) % tabs.length]
                              : e.key === 'ArrowLeft'
                                ? tabs.at(i - 1)
                                : undefined;
                          if (!next) return;
                          e.preventDefault();
                          select(next.key);
                          document.getElementById(`useful-tab-${next.key}`)?.focus();
                        }}
                        style={{
                          padding: '8px 10px',
                          border: 'none',
                          borderBottom: `2px solid ${on ? '#1677ff' : 'transparent'}`,
                          background: 'none',
                          color: on ? '#1677ff' : 'inherit',
                          fontSize: 14,
                          cursor: 'pointer',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {label(tab)}
                      </button>
                    );
                  })}
                </div>
              );
            })}
          </div>
          <div role="tabpanel" id="useful-tabpanel" aria-labelledby={`useful-tab-${active.key}`}>
            {Tab ? (
              <Tab key={active.key} />
            ) : failed ? (
              <Result
                status="warning"
                title={t('chunk.failed')}
                extra={
                  <Button type="primary" onClick={retry}>
                    {t('chunk.retry')}
                  </Button>
                }
              />
            ) : (
              <Spin />
            )}
          </div>
        </>
      )}
    </div>
  );
}
