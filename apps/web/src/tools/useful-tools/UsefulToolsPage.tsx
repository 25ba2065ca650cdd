import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Empty, Flex, Spin, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MyMemoButton } from '@/components/memo';
import { usefulTabs, type TabDefinition } from './tabs';

const lazyTabs = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyTab(tab: TabDefinition) {
  let c = lazyTabs.get(tab.key);
  if (!c) {
    c = lazy(tab.load);
    lazyTabs.set(tab.key, c);
  }
  return c;
}

/** One tabbed page; the selected tab lives in ?tab=<key> so it can be linked and survives reload. */
export default function UsefulToolsPage({ tabs = usefulTabs }: { tabs?: TabDefinition[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = tabs.find((t) => t.key === requested)?.key ?? tabs[0]?.key;

  const items = useMemo(
    () =>
      tabs.map((tab) => {
        const Tab = lazyTab(tab);
        return {
          key: tab.key,
          label: tab.label,
          children: (
            <Suspense fallback={<Spin />}>
              <Tab />
            </Suspense>
          ),
        };
      }),
    [tabs],
  );

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Useful Tools
        </Typography.Title>
        <MyMemoButton />
      </Flex>
      {tabs.length === 0 ? (
        <Empty description="No tools yet" />
      ) : (
        <Tabs
          activeKey={active}
          items={items}
          destroyOnHidden
          onChange={(key) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tab', key);
                return next;
              },
              { replace: false },
            )
          }
        />
      )}
    </div>
  );
}
