import { Typography } from 'antd';

/** Placeholder until the screen lands (the back-office issue, docs/web.md "Back office"). */
export default function CmsWebsiteConfigurePage() {
  return <Typography.Title level={2}>Website settings</Typography.Title>;
}
