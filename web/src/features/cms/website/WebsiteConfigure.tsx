import { useQuery } from '@apollo/client/react';
import { Alert, Skeleton, Tabs, Typography, type TabsProps } from 'antd';
import { serverError } from '../../../lib/errors';
import { useCmsPermissions } from '../shell/use-cms-permissions';
import { BannerSection } from './BannerSection';
import { ContactSection } from './ContactSection';
import { FaqSection } from './FaqSection';
import { FeedSection } from './FeedSection';
import { GroupDeploymentSection } from './GroupDeploymentSection';
import { NavigationSection } from './NavigationSection';
import { PaymentSection } from './PaymentSection';
import { SignInSettingsSection } from './SignInSettingsSection';
import { SocialProvidersSection } from './SocialProvidersSection';
import { ThemeSection } from './ThemeSection';
import { WEBSITE_CONFIGURATION } from './website.operations';
import './website.css';

/**
 * /cms/website/configure (websiteEnabled): one tab per part of the brand's website. Parts another
 * flag guards on the server show only to holders of that flag (banner: manageHomepage; payments,
 * sign-in, partner brands: superAdmin; event feed: auctionEnabled).
 */
export function WebsiteConfigure() {
  const { permissions } = useCmsPermissions();
  // Not cached: the site's own ConfigurationByBrand asks other fields of the same id-less theme object,
  // and each answer would replace the other's (and a refetch would remount the tabs).
  const { data, error } = useQuery(WEBSITE_CONFIGURATION, { fetchPolicy: 'no-cache' });
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  if (!data) return <Skeleton active />;
  const config = data.configurationByBrand;
  const tab = (key: string, label: string, children: React.ReactNode, shown = true) => (shown ? [{ key, label, children }] : []);
  const items: TabsProps['items'] = [
    ...tab('theme', 'Theme', <ThemeSection saved={config.theme} />, permissions.websiteTheme || permissions.superAdmin),
    ...tab('navigation', 'Navigation', <NavigationSection config={config} />),
    ...tab('contact', 'Contact', <ContactSection config={config} />),
    ...tab('banner', 'Banner', <BannerSection config={config} />, permissions.manageHomepage || permissions.superAdmin),
    ...tab('faqs', 'FAQs', <FaqSection />, permissions.manageHomepage || permissions.superAdmin),
    ...tab('payments', 'Payments', <PaymentSection />, permissions.superAdmin),
    ...tab('social', 'Social sign-in', <SocialProvidersSection />, permissions.superAdmin),
    ...tab('sign-in', 'Sign-in settings', <SignInSettingsSection />, permissions.superAdmin),
    ...tab('feed', 'Event feed', <FeedSection />, permissions.auctionEnabled || permissions.superAdmin),
    ...tab('partners', 'Partner brands', <GroupDeploymentSection />, permissions.superAdmin),
  ];
  return (
    <section className="ts-cms-website" data-testid="cms-website-configure">
      <Typography.Title level={2}>Website settings</Typography.Title>
      <Tabs className="ts-cms-tabs" items={items} destroyOnHidden />
    </section>
  );
}
