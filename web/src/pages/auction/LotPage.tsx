import { useParams } from 'react-router';
import { LotView } from '../../features/auctions/lot/LotView';

export default function LotPage() {
  const { slug = '' } = useParams();
  return <LotView key={slug} slug={slug} />;
}
