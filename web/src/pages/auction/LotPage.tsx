export default function LotPage() {
  return <div>Lot</div>;
}
