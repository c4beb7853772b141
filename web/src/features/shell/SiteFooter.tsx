import { Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useBrand } from '../brand';

/** The footer: company, legal pages, contact details (phone and address only where the brand gives them), social links. */
export function SiteFooter() {
  const { config, w } = useBrand();
  const contact = config.contactUsConfiguration;
  const social = Object.entries(config.socialConfiguration).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <Layout.Footer className="ts-footer">
      <div className="ts-footer-grid">
        <div>
          <Typography.Title level={2} className="ts-footer-title">
            {config.companyName}
          </Typography.Title>
          <Typography.Paragraph className="ts-footer-text">{w('Timed online auctions for racing and road vehicles.')}</Typography.Paragraph>
        </div>
        <nav aria-label="Footer">
          <Space orientation="vertical" size={4}>
            <Link to="/about-us">About Us</Link>
            <Link to="/how-to-sell">How to Sell</Link>
            <Link to="/page/contact-us">Contact Us</Link>
            <Link to="/page/terms-and-conditions">Terms and Conditions</Link>
            <Link to="/page/privacy-policy">Privacy Policy</Link>
            <Link to="/page/cookie-policy">Cookie Policy</Link>
          </Space>
        </nav>
        {config.menuItems.length > 0 ? (
          // The brand's menu items (spec 000 section 3), links of its own choosing.
          <nav aria-label="Menu">
            <Space orientation="vertical" size={4}>
              {config.menuItems.map((item) =>
                // In-app paths through the router; other links (https, mailto) as they are.
                !item.url.startsWith('/') || item.url.startsWith('//') ? (
                  <a
                    key={`${item.title}-${item.url}`}
                    href={item.url}
                    {...(/^https?:/i.test(item.url) ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
                  >
                    {w(item.title || item.url)}
                  </a>
                ) : (
                  <Link key={`${item.title}-${item.url}`} to={item.url}>
                    {w(item.title)}
                  </Link>
                ),
              )}
            </Space>
          </nav>
        ) : null}
        <address className="ts-footer-contact">
          {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
          {contact.phoneNumber ? <span>{contact.phoneNumber}</span> : null}
          {contact.address ? <span>{contact.address}</span> : null}
          {social.map(([name, url]) => (
            <a key={name} href={url} rel="noopener noreferrer" target="_blank">
              {name}
            </a>
          ))}
        </address>
      </div>
      <Typography.Text className="ts-footer-text">
        © {new Date().getFullYear()} {config.companyName}
      </Typography.Text>
    </Layout.Footer>
  );
}
