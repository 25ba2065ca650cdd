import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Flex, Tag } from 'antd';
import type { TransactionDefinition } from '@lab/core/transactions';
import { useMessages } from '@/lib/i18n';
import { drawerWidth } from './favorites';
import { messages } from './messages';

interface Props {
  open: boolean;
  favorites: TransactionDefinition[];
  onClose: () => void;
  onViewAll: () => void;
  onClearAll: () => void;
  onRemove: (def: TransactionDefinition) => void;
  onShow: (def: TransactionDefinition) => void;
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** "My Transactions": the bookmarked definitions as removable tags. */
export function BookmarksDrawer({ open, favorites, onClose, onViewAll, onClearAll, onRemove, onShow }: Props) {
  const width = useViewportWidth();
  const m = useMessages(messages);
  return (
    <Drawer title={m.myTransactions} open={open} onClose={onClose} size={drawerWidth(width)} placement="right">
      <Flex gap="small" style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={onViewAll} disabled={favorites.length === 0}>
          {m.viewAll}
        </Button>
        <Button danger onClick={onClearAll} disabled={favorites.length === 0}>
          {m.clearAll}
        </Button>
      </Flex>
      {favorites.length === 0 ? (
        <Empty description={m.noBookmarks} />
      ) : (
        <Flex wrap gap="small" data-testid="bookmark-tags">
          {favorites.map((d) => (
            <Tag
              key={d.id}
              closable
              onClose={(e) => {
                e.preventDefault();
                onRemove(d);
              }}
              closeIcon={<span aria-label={`remove bookmark ${d.id}`}>×</span>}
              style={{ cursor: 'pointer' }}
              onClick={() => onShow(d)}
            >
              {d.description} ({d.id})
            </Tag>
          ))}
        </Flex>
      )}
    </Drawer>
  );
}
