import { useQuery } from '@apollo/client/react';
import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useBrand } from '../brand';
import { usePageTitle } from '../directory/DirectoryShared';
import { Breadcrumbs } from './Breadcrumbs';
import { ABOUT_US } from './content.operations';
import { FaqSection } from './FaqSection';

/** /about-us: the brand's about-us content (aboutUsByBrand; plain text, paragraphs on blank lines) and the home FAQs. */
export function AboutUs() {
  const { config, w } = useBrand();
  const { data, loading } = useQuery(ABOUT_US);
  const about = data?.aboutUsByBrand ?? null;
  const title = about?.title ?? `About ${config.companyName}`;
  usePageTitle(w(title));
  if (loading && !data) return <Skeleton active />;
  const paragraphs = (about?.content ?? w(`${config.companyName} is a marketplace for buying and selling vehicles.`)).split(/\n\s*\n/);
  return (
    <section className="ts-page ts-narrow">
      <Breadcrumbs />
      <Typography.Title>{w(title)}</Typography.Title>
      {about?.image ? <img src={about.image} alt="" style={{ width: '100%', borderRadius: 8, marginBottom: 16 }} /> : null}
      {paragraphs.map((text, index) => (
        <Typography.Paragraph key={index}>{w(text)}</Typography.Paragraph>
      ))}
      <Link to="/page/contact-us">Contact us</Link>
      <FaqSection section="home" />
    </section>
  );
}
