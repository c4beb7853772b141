import { Review } from '../../features/cms/review/Review';

/** /cms/website/review (websiteEnabled): directory entries and Paddock listings waiting for review. */
export default function CmsReviewPage() {
  return <Review />;
}
