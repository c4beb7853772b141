import { useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { uploadImages } from './upload-images';
import { CREATE_AUCTION, UPDATE_AUCTION, type AuctionPackage, type AuctionProperty } from './wizard.operations';
import { IMAGE_GROUPS, packageCharge, SUBMIT_LOCK_MS, WIZARD_MESSAGES, type ImageGroup } from './wizard-rules';
import type { WizardValues } from './wizard-values';

export type WizardProgress = { status: 'working' | 'failed'; text: string } | null;

/** The lot's fields from the form: trimmed text, the answered properties with their labels and order. */
export function lotDetails(form: WizardValues, propertyList: AuctionProperty[]) {
  const dataFields = Object.fromEntries(
    propertyList
      .filter((property) => form.dataFields[property.name]?.trim())
      .map((property) => [
        property.name,
        { label: property.label, value: form.dataFields[property.name]!.trim(), order: property.order, hidden: false },
      ]),
  );
  return {
    title: form.title.trim(),
    sellerType: form.sellerType,
    reserve: form.reserve ?? 0,
    currency: form.currency,
    userDescription: form.userDescription.trim(),
    dataFields,
    address: { country: form.country, state: form.state.trim() || null, city: form.city.trim() || null },
    contactInfo: { name: form.contactName.trim(), email: form.contactEmail.trim(), phone: form.contactPhone.trim() || null },
    hasAgreedToTerms: form.hasAgreedToTerms,
    serviceSnappr: form.serviceSnappr,
  };
}

/** Uploads the new images of each group kept (only Images with Snappr): the groups' ids in order and the cover. */
async function storeImages(form: WizardValues, brand: string) {
  const groups: readonly ImageGroup[] = form.serviceSnappr ? ['exterior'] : IMAGE_GROUPS;
  const ids: Record<ImageGroup, string[]> = { exterior: [], interior: [], mechanical: [], documents: [] };
  let coverImage: string | null = null;
  for (const group of groups) {
    const { images, cover } = form.images[group];
    const fresh = images.filter((image) => image.file).map((image) => image.file!);
    const uploaded = fresh.length ? await uploadImages(fresh, brand) : [];
    let next = 0;
    ids[group] = images.map((image) => image.id ?? uploaded[next++]!);
    if (group === 'exterior') coverImage = ids.exterior[cover] ?? ids.exterior[0] ?? null;
  }
  return { ...ids, coverImage };
}

/** A paid package, or a free one with the Snappr service, is paid for (the server prices it). */
export function needsPayment(selectedPackage: AuctionPackage | null, form: WizardValues): boolean {
  return Boolean(selectedPackage && packageCharge(selectedPackage, form.serviceSnappr).totalCents > 0);
}

/**
 * Saving the wizard: the lot is created (or updated), its images uploaded in batches, then the lot
 * updated with the image ids and the cover; a paid package opens the payment (`paying`) before the
 * lot counts as submitted (spec 001 section 2). The button stays locked for 10 s.
 */
export function useWizardSave(options: {
  auctionId: string | undefined;
  brand: string;
  propertyList: AuctionProperty[];
  /** The package the form names (the server prices it; a paid one is paid before the lot counts as submitted). */
  packageOf: (form: WizardValues) => AuctionPackage | null;
  onDone: () => void;
}) {
  const { auctionId, brand, propertyList, packageOf, onDone } = options;
  const mode = auctionId ? 'edit' : 'create';
  const [createAuction] = useMutation(CREATE_AUCTION);
  const [updateAuction] = useMutation(UPDATE_AUCTION);
  const [locked, setLocked] = useState(false);
  const [progress, setProgress] = useState<WizardProgress>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const createdId = useRef<string | null>(null);
  // Images already saved on the lot: a retry after a cancelled package payment goes straight to payment.
  const imagesSaved = useRef(false);
  // The serviceSnappr the saved lot has: a retry that changed it saves again (the server prices Snappr from the lot).
  const savedSnappr = useRef<boolean | null>(null);

  async function saveLot(form: WizardValues): Promise<string | null> {
    const details = lotDetails(form, propertyList);
    let id = auctionId ?? createdId.current;
    if (!id) {
      const paymentType = needsPayment(packageOf(form), form) ? 'ONE_TIME' : null;
      const created = await createAuction({
        variables: { data: { ...details, packageId: form.packageId, paymentType, templateType: 'auction' } },
      });
      id = created.data?.createAuction.auction?.id ?? null;
      // A retry after an image failure updates this lot instead of creating a second one.
      createdId.current = id;
    } else {
      await updateAuction({ variables: { id, data: details } });
    }
    return id;
  }

  async function submit(form: WizardValues): Promise<void> {
    setLocked(true);
    window.setTimeout(() => setLocked(false), SUBMIT_LOCK_MS);
    setProgress({ status: 'working', text: WIZARD_MESSAGES.processing });
    const known = auctionId ?? createdId.current;
    if (known && imagesSaved.current && mode === 'create' && savedSnappr.current === form.serviceSnappr) {
      setProgress(null);
      setPaying(known);
      return;
    }
    let id: string | null;
    try {
      id = await saveLot(form);
      if (!id) throw new Error('no id');
    } catch (failure) {
      const { code, message } = serverError(failure);
      setProgress({ status: 'failed', text: code === 'auction.validation' ? message : WIZARD_MESSAGES.saveFailed });
      return;
    }
    try {
      await updateAuction({ variables: { id, data: await storeImages(form, brand) } });
      imagesSaved.current = true;
      savedSnappr.current = form.serviceSnappr;
    } catch {
      setProgress({ status: 'failed', text: WIZARD_MESSAGES.imagesFailed });
      return;
    }
    setProgress(null);
    if (mode === 'create' && needsPayment(packageOf(form), form)) {
      setPaying(id);
      return;
    }
    onDone();
  }

  return { submit, locked, progress, setProgress, paying, setPaying };
}
