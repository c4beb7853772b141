import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrand } from '../brand';
import { PackagePaymentDialog } from '../pricing/PackagePaymentDialog';
import type { PricingPackage } from '../pricing/pricing.operations';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import type { OwnerAction } from './DirectoryCard';
import type { Directory } from './directory.operations';
import { directorySlug } from './directory-rules';

/** What an owner's card action opened: the payment of a plan, or the cancel confirmation. */
export interface OwnerActionsState {
  paying: { entry: Directory; plan: PricingPackage } | null;
  cancelling: Directory | null;
  closePaying: () => void;
  closeCancelling: () => void;
}

/**
 * The owner's card actions of a directory grid: Edit and Upgrade Plan go to the update route, Pay
 * Subscription opens the payment of the entry's plan (else the featured one), Cancel Subscription
 * asks first and says until when the plan stays active (issue 17).
 */
export function useOwnerActions(plans: PricingPackage[] | undefined): OwnerActionsState & {
  onOwnerAction: (action: OwnerAction, entry: Directory) => void;
} {
  const navigate = useNavigate();
  const [paying, setPaying] = useState<{ entry: Directory; plan: PricingPackage } | null>(null);
  const [cancelling, setCancelling] = useState<Directory | null>(null);
  const featuredPlan = plans?.find((plan) => plan.featured && !plan.isFree) ?? null;

  const onOwnerAction = (action: OwnerAction, entry: Directory) => {
    switch (action) {
      case 'Edit':
        void navigate(`/directory/update/${directorySlug(entry.name)}`, { state: { id: entry.id } });
        return;
      case 'Upgrade Plan':
        void navigate(`/directory/update/${directorySlug(entry.name)}?upgrade`, { state: { id: entry.id } });
        return;
      case 'Pay Subscription': {
        const plan = plans?.find((candidate) => candidate.id === entry.packageId) ?? featuredPlan;
        if (plan) setPaying({ entry, plan });
        return;
      }
      case 'Cancel Subscription':
        // Asks first and says until when the plan stays active (issue 17).
        setCancelling(entry);
        return;
    }
  };
  return { paying, cancelling, closePaying: () => setPaying(null), closeCancelling: () => setCancelling(null), onOwnerAction };
}

/** The payment dialog and the cancel confirmation an owner action opened; `onChanged` after either succeeds. */
export function OwnerActionDialogs({
  paying,
  cancelling,
  closePaying,
  closeCancelling,
  onChanged,
}: OwnerActionsState & { onChanged?: () => void }) {
  const { config } = useBrand();
  return (
    <>
      {paying ? (
        <PackagePaymentDialog
          open
          itemId={paying.entry.id}
          itemType="DIRECTORY"
          pkg={paying.plan}
          onClose={closePaying}
          onPaid={() => {
            closePaying();
            onChanged?.();
          }}
        />
      ) : null}
      {cancelling ? (
        <CancelSubscriptionDialog
          entry={cancelling}
          brand={config.brand}
          onClose={closeCancelling}
          onCancelled={() => {
            closeCancelling();
            onChanged?.();
          }}
        />
      ) : null}
    </>
  );
}
