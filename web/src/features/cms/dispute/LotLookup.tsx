import { useApolloClient } from '@apollo/client/react';
import { Alert, Input } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import './dispute.css';
import { LOT_ID_BY_SLUG } from './dispute.operations';
import { lotHistoryPath, lotIdFrom, lotSlugFrom } from './lot-reference';

/** Opens a lot's dispute desk from a pasted lot id, a link holding one, or a lot page link. */
export function LotLookup({ label = "Open a lot's history" }: { label?: string }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async (text: string) => {
    setError(null);
    const id = lotIdFrom(text);
    if (id) return void navigate(lotHistoryPath(id));
    const slug = lotSlugFrom(text);
    if (!slug) return setError('Paste a lot id or a lot page link.');
    setBusy(true);
    try {
      const { data } = await client.query({ query: LOT_ID_BY_SLUG, variables: { slug }, fetchPolicy: 'network-only' });
      if (data?.auctionBySlug) void navigate(lotHistoryPath(data.auctionBySlug.id));
      else setError('No lot has this link.');
    } catch {
      setError('No lot has this link.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ts-lot-lookup" data-testid="lot-lookup">
      <label htmlFor={inputId}>{label}</label>
      <Input.Search
        id={inputId}
        placeholder="Lot id or lot page link"
        enterButton="Open"
        loading={busy}
        onSearch={(value) => void open(value)}
        status={error ? 'error' : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        allowClear
      />
      {error ? <Alert id={`${inputId}-error`} role="alert" type="error" showIcon title={error} /> : null}
    </div>
  );
}
