import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, App, Button, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { ACCEPT_AUCTION, DECLINE_AUCTION, HOSTED_FROM_NETWORK, NETWORK_OFFERS, type CmsLotRow } from './auctions.operations';
import { LOTS_PAGE_SIZE, networkSummary, STATUS_LABELS } from './lot-admin';
import { dateTime } from './LotsTable';
import { useLotCommand } from './use-lot-command';

type Run = ReturnType<typeof useLotCommand>['run'];

/** Accept or decline a network lot, each behind a confirmation naming it. */
function NetworkActions({ lot, run, busy, accept: offerAccept }: { lot: CmsLotRow; run: Run; busy: boolean; accept: boolean }) {
  const { modal } = App.useApp();
  const [accept] = useMutation(ACCEPT_AUCTION);
  const [decline] = useMutation(DECLINE_AUCTION);
  const ask = (action: 'accept' | 'decline') =>
    void modal.confirm({
      title: action === 'accept' ? `Host ${lot.title} on this site?` : `Decline ${lot.title}?`,
      content:
        action === 'accept'
          ? `It is listed here beside your own lots; bids from your users go to ${lot.brand}'s lot.`
          : 'It is no longer listed on this site.',
      okText: action === 'accept' ? 'Accept' : 'Decline',
      cancelText: 'Cancel',
      onOk: () =>
        run(action === 'accept' ? `${lot.title} is hosted here.` : `${lot.title} is declined.`, () =>
          (action === 'accept' ? accept : decline)({ variables: { id: lot.id } }),
        ).then(() => undefined),
    });
  return (
    <Space wrap size={4}>
      {offerAccept ? (
        <Button size="small" type="primary" disabled={busy} onClick={() => ask('accept')} aria-label={`Accept: ${lot.title}`}>
          Accept
        </Button>
      ) : null}
      <Button size="small" disabled={busy} onClick={() => ask('decline')} aria-label={`Decline: ${lot.title}`}>
        Decline
      </Button>
    </Space>
  );
}

function columns(run: Run, busy: boolean, offers: boolean): TableProps<CmsLotRow>['columns'] {
  return [
    { title: 'Lot', dataIndex: 'title', key: 'title' },
    { title: 'Network', key: 'network', render: (_, lot) => networkSummary(lot) },
    { title: 'Status', key: 'status', render: (_, lot) => <Tag>{STATUS_LABELS[lot.status]}</Tag> },
    { title: 'Ends', key: 'end', render: (_, lot) => dateTime(lot.finalEndDate ?? lot.scheduledEndDate) },
    { title: 'Actions', key: 'actions', render: (_, lot) => <NetworkActions lot={lot} run={run} busy={busy} accept={offers} /> },
  ];
}

/** Network offers (auctionsByNetwork: accept or decline) and lots hosted from the network (decline). */
export function NetworkOffers() {
  const [offersPage, setOffersPage] = useState(1);
  const [hostedPage, setHostedPage] = useState(1);
  const offers = useQuery(NETWORK_OFFERS, {
    variables: { start: (offersPage - 1) * LOTS_PAGE_SIZE, limit: LOTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const hosted = useQuery(HOSTED_FROM_NETWORK, {
    variables: { start: (hostedPage - 1) * LOTS_PAGE_SIZE, limit: LOTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const { run, busy } = useLotCommand(() => {
    void offers.refetch().catch(() => undefined);
    void hosted.refetch().catch(() => undefined);
  });
  const offered = (offers.data ?? offers.previousData)?.auctionsByNetwork;
  const hostedHere = (hosted.data ?? hosted.previousData)?.auctionsAcceptedFromNetwork;
  const failure = offers.error ?? hosted.error;
  return (
    <div data-testid="cms-network">
      {failure ? <Alert type="error" showIcon title={serverError(failure).message} style={{ marginBottom: 12 }} /> : null}
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Offered by other brands
      </Typography.Title>
      <ScrollableTable<CmsLotRow>
        label="Network offers"
        rowKey="id"
        size="middle"
        loading={offers.loading && !offers.data}
        columns={columns(run, busy, true)}
        dataSource={offered?.auctions ?? []}
        pagination={{ current: offersPage, pageSize: LOTS_PAGE_SIZE, total: offered?.count ?? 0, showSizeChanger: false }}
        onChange={(pagination) => setOffersPage(pagination.current ?? 1)}
        data-testid="network-offers"
      />
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 24 }}>
        Hosted here from the network
      </Typography.Title>
      <ScrollableTable<CmsLotRow>
        label="Hosted from the network"
        rowKey="id"
        size="middle"
        loading={hosted.loading && !hosted.data}
        columns={columns(run, busy, false)}
        dataSource={hostedHere?.auctions ?? []}
        pagination={{ current: hostedPage, pageSize: LOTS_PAGE_SIZE, total: hostedHere?.count ?? 0, showSizeChanger: false }}
        onChange={(pagination) => setHostedPage(pagination.current ?? 1)}
        data-testid="network-hosted"
      />
    </div>
  );
}
