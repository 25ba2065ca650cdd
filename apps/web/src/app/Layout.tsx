import { Layout as AntLayout, Menu, Segmented, type MenuProps } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useClientConfig } from '@/lib/config';
import { useI18n, type Lang, type MessageKey } from '@/lib/i18n';
import { menuGroups, toolText, type ToolDefinition } from '@/tools/types';
import { tools } from '@/tools/registry';

/** Header menu: Home, then one submenu per group holding its tools in order. Built from the tool list. */
export function buildMenuItems(
  list: ToolDefinition[],
  t: (k: MessageKey) => string,
  lang: Lang = 'en',
): NonNullable<MenuProps['items']> {
  const items: NonNullable<MenuProps['items']> = [{ key: '/', label: <Link to="/">{t('menu.home')}</Link> }];
  for (const group of menuGroups) {
    const children = list
      .filter((tool) => tool.group === group)
      .map((tool) => ({ key: tool.path, label: <Link to={tool.path}>{toolText(tool, lang).title}</Link> }));
    if (children.length) items.push({ key: `group:${group}`, label: t(`menu.${group}`), children });
  }
  return items;
}

export function Layout() {
  const { t, lang, setLang } = useI18n();
  const { pathname } = useLocation();
  const { data: config } = useClientConfig();
  const year = new Date().getFullYear();
  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <AntLayout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 16 }}>
        <Link to="/" style={{ color: '#fff', fontWeight: 600, fontSize: 18, whiteSpace: 'nowrap' }}>
          Shipping Lab
        </Link>
        <Menu
          theme="dark"
          mode="horizontal"
          selectedKeys={[pathname]}
          items={buildMenuItems(tools, t, lang)}
          style={{ flex: 1, minWidth: 0 }}
          aria-label="main menu"
        />
        {config?.user ? (
          <span style={{ color: '#fff', whiteSpace: 'nowrap' }} title={t('user.signedIn')}>
            <span style={{ opacity: 0.65 }}>{t('user.signedIn')} </span>
            <span data-testid="current-user">{config.user}</span>
          </span>
        ) : null}
        <Segmented<Lang>
          aria-label={t('lang.label')}
          value={lang}
          onChange={setLang}
          options={[
            { label: 'English', value: 'en' },
            { label: '简体中文', value: 'zh' },
          ]}
        />
      </AntLayout.Header>
      <AntLayout.Content style={{ padding: 16 }}>
        <Outlet />
      </AntLayout.Content>
      <AntLayout.Footer style={{ textAlign: 'center' }}>
        {config?.fileShareUrl ? (
          <>
            <a href={config.fileShareUrl} target="_blank" rel="noreferrer">
              {t('footer.fileShare')}
            </a>
            {' · '}
          </>
        ) : null}
        <span>© {year}</span>
      </AntLayout.Footer>
    </AntLayout>
  );
}
