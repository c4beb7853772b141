import { Button, ConfigProvider, Grid } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useBrand } from '../brand';

export const SELL_BUTTON_REAPPEAR_MS = 2000;

/**
 * The floating Sell My Vehicle button (spec 000 section 2): bottom left, medium screens and up,
 * hidden on /pricing and when the brand disables it; hides while scrolling and comes back 2 s after.
 */
export function SellButton() {
  const { config, w } = useBrand();
  const screens = Grid.useBreakpoint();
  const { pathname } = useLocation();
  const [scrolling, setScrolling] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const onScroll = () => {
      setScrolling(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setScrolling(false), SELL_BUTTON_REAPPEAR_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, []);
  if (!screens.md || pathname.startsWith('/pricing') || config.isFloatingSellButtonDisabled) return null;
  // The brand's own button colour (green for one brand, spec 000 section 2) through the theme, not an inline style (CSP).
  const color = config.theme.sellButtonColor;
  return (
    <div className={`ts-sell-button${scrolling ? ' ts-hidden' : ''}`} data-testid="sell-button" aria-hidden={scrolling}>
      <Link to="/pricing" tabIndex={scrolling ? -1 : 0}>
        <ConfigProvider theme={color ? { token: { colorPrimary: color } } : {}}>
          <Button type="primary" size="large" shape="round" tabIndex={-1}>
            {w('Sell My Vehicle')}
          </Button>
        </ConfigProvider>
      </Link>
    </div>
  );
}
