import { Alert, Card, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { serverError } from '../../../lib/errors';
import { AsOfPanel } from './AsOfPanel';
import { DeskHeader } from './DeskHeader';
import { EvidenceBar } from './EvidenceBar';
import { LotLookup } from './LotLookup';
import { LotTimeline } from './LotTimeline';
import { RemedyDialog, type Remedy } from './RemedyDialog';
import { voidableBidIds } from './remedies';
import { StateDiffPanel } from './StateDiffPanel';
import { filterTimeline, peopleOf, typesOf, voidedBidIds, type TimelineFilter } from './timeline';
import { TimelineFilters } from './TimelineFilters';
import { useLotHistory } from './use-lot-history';
import './dispute.css';

/**
 * /cms/auction/lot/:lotId, the dispute desk: every event, refused attempt and moderation of a lot, its state as
 * of any point, a diff of two points, filters, evidence exports and the staff remedies
 * (docs/back-office.md "The dispute desk and staff remedies").
 */
export function DisputeDesk() {
  const { lotId = '' } = useParams();
  const { history, rows, loading, error, refetch } = useLotHistory(lotId);
  const [filter, setFilter] = useState<TimelineFilter>({ personId: null, types: [] });
  const [version, setVersion] = useState<number | null>(null);
  const [remedy, setRemedy] = useState<Remedy | null>(null);
  const shown = useMemo(() => filterTimeline(rows, filter), [rows, filter]);
  const voided = useMemo(() => voidedBidIds(rows), [rows]);
  const voidable = useMemo(() => voidableBidIds(rows, history?.status), [rows, history]);
  const selectVersion = (next: number) => {
    setVersion(next);
    // Above the timeline on narrower screens: bring the answer into view (a no-op where it is sticky beside it).
    document.getElementById('as-of-panel')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const lookup = (
    <Card size="small" style={{ marginBottom: 16 }}>
      <LotLookup label="Open another lot" />
    </Card>
  );
  if (loading && !history) return <Spin size="large" aria-label="Loading the lot's history" />;
  if (error || !history)
    return (
      <>
        {lookup}
        {error ? (
          <Alert type="error" showIcon title={serverError(error).message} data-testid="desk-error" />
        ) : (
          <Result status="404" title="No lot has this id" subTitle="Check the id, or paste the lot's page link above." />
        )}
      </>
    );
  const currency = history.currency ?? 'USD';
  return (
    <section data-testid="dispute-desk" aria-busy={loading}>
      <DeskHeader history={history} onRemedy={setRemedy} />
      <div className="ts-dispute-grid">
        {/* First in reading order; beside the timeline on wide screens, above it on narrower ones. */}
        <aside aria-label="State of the lot" className="ts-dispute-aside">
          <AsOfPanel
            lotId={history.lotId}
            currency={currency}
            streamVersion={history.streamVersion}
            version={version}
            onVersion={setVersion}
          />
          <StateDiffPanel key={history.lotId} lotId={history.lotId} currency={currency} streamVersion={history.streamVersion} />
        </aside>
        <div className="ts-dispute-main">
          <TimelineFilters people={peopleOf(rows)} types={typesOf(rows)} filter={filter} onChange={setFilter} />
          <EvidenceBar history={history} shown={shown} all={rows} filter={filter} />
          <LotTimeline
            rows={shown}
            currency={currency}
            selectedVersion={version}
            voided={voided}
            voidable={voidable}
            onSelectVersion={selectVersion}
            onVoid={(bid) => setRemedy({ kind: 'void', bid })}
          />
        </div>
      </div>
      {lookup}
      {remedy ? (
        <RemedyDialog
          remedy={remedy}
          history={history}
          onClose={() => setRemedy(null)}
          onDone={() => {
            setRemedy(null);
            void refetch();
          }}
        />
      ) : null}
    </section>
  );
}
