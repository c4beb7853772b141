import { CreditCardOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { notify } from '../../../lib/notify';
import { cardExpiry, isCardExpired, savedCardName, type SavedCard } from './saved-card-rules';

export const SAVED_CARD_TEXTS = {
  empty: 'No saved cards yet.',
  removed: 'Card removed.',
  removeTitle: (card: SavedCard) => `Remove ${savedCardName(card)}?`,
  removeDetail: 'You can save it again at any time. Payments already made with it are not affected.',
} as const;

/**
 * The saved cards of the Manage dialog: brand, last 4 digits, expiry and an "Expired" tag, each
 * with Remove behind a confirmation naming the card. `remove` answers the server's list; a failure
 * shows the server's message and keeps the list.
 */
export function SavedCardList({ cards, loading, remove }: { cards: SavedCard[]; loading: boolean; remove: (id: string) => Promise<void> }) {
  const { modal } = App.useApp();
  const now = new Date();
  if (loading && cards.length === 0) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (cards.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SAVED_CARD_TEXTS.empty} />;

  const ask = (card: SavedCard) => {
    void modal.confirm({
      title: SAVED_CARD_TEXTS.removeTitle(card),
      content: SAVED_CARD_TEXTS.removeDetail,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove(card.id);
          notify('success', SAVED_CARD_TEXTS.removed);
        } catch (failure) {
          notify('error', failure instanceof Error ? failure.message : String(failure));
        }
      },
    });
  };

  return (
    <List
      aria-label="Saved cards"
      data-testid="saved-cards"
      dataSource={cards}
      renderItem={(card) => {
        const expired = isCardExpired(card, now);
        return (
          <List.Item
            key={card.id}
            actions={[
              <Button key="remove" size="small" onClick={() => ask(card)} aria-label={`Remove ${savedCardName(card)}`}>
                Remove
              </Button>,
            ]}
          >
            <Space align="start">
              <CreditCardOutlined aria-hidden style={{ fontSize: 20, marginTop: 2 }} />
              <div>
                <Typography.Text strong>{savedCardName(card)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">Expires {cardExpiry(card)}</Typography.Text>
                  {expired ? (
                    <Tag color="red" style={{ marginLeft: 8 }}>
                      Expired
                    </Tag>
                  ) : null}
                </div>
              </div>
            </Space>
          </List.Item>
        );
      }}
    />
  );
}
