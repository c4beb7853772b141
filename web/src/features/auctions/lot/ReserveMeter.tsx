import { useQuery } from '@apollo/client/react';
import { Progress, Typography } from 'antd';
import { useEffect } from 'react';
import { RESERVE_PERCENTAGE } from '../auction.operations';

/** Progress toward the reserve (spec 001 section 2), refetched when the top bid changes. */
export function ReserveMeter({
  auctionId,
  topBidAmount,
  fillColor,
}: {
  auctionId: string;
  topBidAmount: number | null;
  fillColor: string;
}) {
  const { data, refetch } = useQuery(RESERVE_PERCENTAGE, { variables: { id: auctionId } });
  useEffect(() => {
    void refetch();
  }, [topBidAmount, refetch]);
  const meter = data?.findReservePercentage;
  if (!meter?.hasReserve) return null;
  return (
    <div className="ts-reserve-meter" data-testid="reserve-meter">
      <Typography.Text strong>{meter.reserveMet ? 'Reserve met' : 'Progress to reserve'}</Typography.Text>
      <Progress percent={Math.round(meter.percentage)} strokeColor={fillColor} aria-label="Progress to reserve" />
    </div>
  );
}
