import { FloatButton } from 'antd';

/** Scroll-to-top after 100 px, smooth (spec 000 sections 2 and 9). */
export const SCROLL_TOP_THRESHOLD_PX = 100;

export function ScrollTop() {
  return <FloatButton.BackTop visibilityHeight={SCROLL_TOP_THRESHOLD_PX} duration={450} aria-label="Back to top" />;
}
