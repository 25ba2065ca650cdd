import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Checkbox, Col, Empty, Flex, Input, Menu, Row, Tag, Typography } from 'antd';
import { BookOutlined, SearchOutlined } from '@ant-design/icons';
import type { TransactionDefinition } from '@lab/core/contract';
import { DEFAULT_TRANSACTION_TYPE, foundMessage } from '@lab/core/transactions';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { searchDefinitions, transactionQueries, useTransactionTypes } from '@/lib/transactions/transactionApi';
import { DefinitionsStatus, TypeSelect } from '@/components/transactions';
import { BookmarksDrawer } from './BookmarksDrawer';
import { DefinitionCard } from './DefinitionCard';
import { loadFavorites, saveFavorites, toggleFavorite } from './favorites';
import { messages } from './messages';

export const KEYWORD_MAX = 30;

const definitionKey = (d: TransactionDefinition) => `${d.type}:${d.id}`;

interface Results {
  definitions: TransactionDefinition[];
  total: number;
}

export default function SearchTransactionPage() {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  const types = useTransactionTypes();
  const [type, setType] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [isId, setIsId] = useState(false);
  const [isFullText, setIsFullText] = useState(false);
  const [results, setResults] = useState<Results | undefined>();
  const [selected, setSelected] = useState<TransactionDefinition | undefined>();
  const [favorites, setFavorites] = useState(loadFavorites);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const recent = useQuery(transactionQueries.keywords);

  const typeList = (types.data?.types ?? []).map((t) => t.type);
  const currentType =
    type ??
    (typeList.length === 0 || typeList.includes(DEFAULT_TRANSACTION_TYPE) ? DEFAULT_TRANSACTION_TYPE : typeList[0]);

  useEffect(() => saveFavorites(favorites), [favorites]);

  const search = useServerAction({
    mutationFn: searchDefinitions,
    errorSeconds: NOTIFY_SECONDS.search,
    onSuccess: (reply) => {
      // A refused search (too short, not an id) did not run: say why and keep the last results.
      if (reply.refused) {
        notify.error(reply.msg, NOTIFY_SECONDS.search);
        return;
      }
      setResults({ definitions: reply.definations, total: reply.total });
      setSelected(reply.definations[0]);
      if (reply.definations.length > 0) notify.success(reply.msg, NOTIFY_SECONDS.search);
      else notify.error(reply.msg, NOTIFY_SECONDS.search);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: transactionQueries.keywords.queryKey }),
  });

  const runSearch = () => {
    if (keyword.trim() === '') return;
    search.mutate({ type: currentType, keyword: keyword.trim(), isId, isFullText: !isId && isFullText });
  };

  const onKeywordChange = (value: string) => {
    setKeyword(value);
    // Only digits make a field id: typing anything else means a text search.
    if (/\D/.test(value)) setIsId(false);
  };

  const toggleBookmark = (def: TransactionDefinition) => {
    const on = !favorites.some((d) => d.id === def.id);
    setFavorites((list) => toggleFavorite(list, def));
    notify.success(fillMessage(on ? m.bookmarked : m.unbookmarked, { id: def.id }), NOTIFY_SECONDS.bookmark);
  };

  return (
    <Flex vertical gap="middle">
      <Card>
        <Flex wrap gap="small" align="center">
          <TypeSelect types={types.data?.types} loading={types.isLoading} value={currentType} onChange={setType} />
          <Input
            aria-label="keyword"
            placeholder={m.keywordPlaceholder}
            style={{ width: 260 }}
            maxLength={KEYWORD_MAX}
            value={keyword}
            allowClear
            onChange={(e) => onKeywordChange(e.target.value)}
            onPressEnter={runSearch}
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={search.isPending}
            disabled={keyword.trim() === ''}
            onClick={runSearch}
          >
            {m.search}
          </Button>
          <Checkbox checked={isId} onChange={(e) => setIsId(e.target.checked)}>
            {m.searchId}
          </Checkbox>
          <Checkbox checked={isFullText} disabled={isId} onChange={(e) => setIsFullText(e.target.checked)}>
            {m.fullText}
          </Checkbox>
          <Badge count={favorites.length} showZero size="small">
            <Button aria-label="open My Transactions" icon={<BookOutlined />} onClick={() => setDrawerOpen(true)}>
              {m.myTransactions}
            </Button>
          </Badge>
        </Flex>
        <div style={{ marginTop: 12 }}>
          <DefinitionsStatus reply={types.data} />
        </div>
        {recent.data && recent.data.length > 0 && (
          <Flex wrap gap={4} align="center" style={{ marginTop: 12 }} data-testid="recent-keywords">
            <Typography.Text type="secondary">{m.recent}</Typography.Text>
            {recent.data.map((k) => (
              <Tag
                key={k.keyword}
                color={k.isId ? 'blue' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => {
                  setKeyword(k.keyword);
                  setIsId(k.isId);
                }}
              >
                {k.keyword}
              </Tag>
            ))}
          </Flex>
        )}
      </Card>
      {results && (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={10}>
            <Card
              size="small"
              title={<span data-testid="found-count">{foundMessage(results.total, results.definitions.length)}</span>}
            >
              {results.definitions.length === 0 ? (
                <Empty description={m.noneFound} />
              ) : (
                <Menu
                  aria-label="transactions found"
                  mode="inline"
                  style={{ borderInlineEnd: 'none' }}
                  selectedKeys={selected ? [definitionKey(selected)] : []}
                  onClick={({ key }) => setSelected(results.definitions.find((d) => definitionKey(d) === key))}
                  items={results.definitions.map((d) => ({
                    key: definitionKey(d),
                    label: (
                      <span>
                        {d.description} <Typography.Text type="secondary">{d.id}</Typography.Text>
                      </span>
                    ),
                  }))}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} md={14}>
            {selected && (
              <DefinitionCard
                definition={selected}
                bookmarked={favorites.some((d) => d.id === selected.id)}
                onToggleBookmark={toggleBookmark}
              />
            )}
          </Col>
        </Row>
      )}
      <BookmarksDrawer
        open={drawerOpen}
        favorites={favorites}
        onClose={() => setDrawerOpen(false)}
        onViewAll={() => {
          setResults({ definitions: favorites, total: favorites.length });
          setSelected(favorites[0]);
          setDrawerOpen(false);
          notify.info(m.viewingAll, NOTIFY_SECONDS.bookmark);
        }}
        onClearAll={() => {
          setFavorites([]);
          notify.success(m.clearedAll, NOTIFY_SECONDS.bookmark);
        }}
        onRemove={(d) => setFavorites((list) => list.filter((o) => o.id !== d.id))}
        onShow={(d) => {
          setSelected(d);
          setResults((r) => r ?? { definitions: [d], total: 1 });
          setDrawerOpen(false);
        }}
      />
    </Flex>
  );
}
