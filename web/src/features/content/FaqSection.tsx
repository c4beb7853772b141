import { useQuery } from '@apollo/client/react';
import { Collapse, Typography } from 'antd';
import { useBrand } from '../brand';
import { FAQS_BY_BRAND, type FaqSectionName } from './content.operations';

/** The FAQ section of a page (spec 000 section 2: home, media, paddock, simracing, directory, auction, sellMyCar); nothing when it has none. */
export function FaqSection({ section }: { section: FaqSectionName }) {
  const { w } = useBrand();
  const { data } = useQuery(FAQS_BY_BRAND, { fetchPolicy: 'cache-first' });
  const faqs = data?.faqsByBrand[section] ?? [];
  if (faqs.length === 0) return null;
  return (
    <section className="ts-directory-section" aria-labelledby={`faq-${section}`} data-testid="faq-section">
      <Typography.Title level={2} id={`faq-${section}`}>
        Frequently asked questions
      </Typography.Title>
      <Collapse
        items={faqs.map((faq) => ({
          key: faq.id,
          label: w(faq.question),
          children: <Typography.Paragraph>{w(faq.answer)}</Typography.Paragraph>,
        }))}
      />
    </section>
  );
}
