import { useMemo, useState } from 'react';
import { Card, Col, Empty, Input, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '@/lib/i18n';
import { tools } from '@/tools/registry';
import { menuGroups, toolText, type ToolDefinition } from '@/tools/types';

export function matchesFilter(tool: ToolDefinition, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [
    tool.title,
    tool.description,
    tool.zh?.title,
    tool.zh?.description,
    tool.path,
    ...(tool.keywords ?? []),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The catalogue: every tool as a card, grouped as in the menu, with a quick filter. */
export default function HomePage() {
  const { t, lang } = useI18n();
  const [filter, setFilter] = useState('');
  const visible = useMemo(
    () => tools.filter((tool) => !tool.hideFromCatalogue && matchesFilter(tool, filter)),
    [filter],
  );
  const sections = [
    ...menuGroups.map((g) => ({ key: g, title: t(`menu.${g}`), items: visible.filter((tool) => tool.group === g) })),
    { key: 'other', title: t('home.other'), items: visible.filter((tool) => tool.group === null) },
  ].filter((s) => s.items.length > 0);

  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.subtitle')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('home.filter')}
        aria-label={t('home.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 24 }}
      />
      {sections.length === 0 ? <Empty description={t('home.empty')} /> : null}
      {sections.map((section) => (
        <section key={section.key} aria-label={section.title} style={{ marginBottom: 24 }}>
          <Typography.Title level={4}>{section.title}</Typography.Title>
          <Row gutter={[16, 16]}>
            {section.items.map((tool) => (
              <Col key={tool.path} xs={24} sm={12} lg={8}>
                <Link to={tool.path} aria-label={toolText(tool, lang).title}>
                  <Card hoverable size="small" title={toolText(tool, lang).title}>
                    {toolText(tool, lang).description}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}
