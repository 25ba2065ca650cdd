import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useI18n, useMessages } from '@/lib/i18n';
import { messages as memoMessages } from '@/components/memo/messages';
import { messages } from './messages';
import { TAB_GROUPS, usefulTabs, type TabDefinition } from './tabs';

const lazyTabs = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyTab(tab: TabDefinition) {
  let c = lazyTabs.get(tab.key);
  if (!c) {
    c = lazy(tab.load);
    lazyTabs.set(tab.key, c);
  }
  return c;
}

// The memo dialog (and its storage and clipboard code) loads when first opened, not with the page.
const MemoDialog = lazy(() => import('@/components/memo/MemoDialog').then((m) => ({ default: m.MemoDialog })));

/** The tab a URL asks for (?tab=<key>), else the first. */
export function activeTab(tabs: TabDefinition[], requested: string | null): TabDefinition | undefined {
  return tabs.find((t) => t.key === requested) ?? tabs[0];
}

// Start downloading the tab this URL shows while the page itself renders: the chunks load side by
// side instead of one after the other. (No other tab's code or data is touched until it is shown.)
if (typeof window !== 'undefined')
  void activeTab(usefulTabs, new URLSearchParams(window.location.search).get('tab'))
    ?.load()
    .catch(() => {});

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
  const { lang } = useI18n();
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
  const Tab = active ? lazyTab(active) : undefined;

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {m.title}
        </Typography.Title>
        <MemoButton />
      </Flex>
      {!active || !Tab ? (
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
            <Suspense fallback={<Spin />}>
              <Tab key={active.key} />
            </Suspense>
          </div>
        </>
      )}
    </div>
  );
}
