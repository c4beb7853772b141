import { MailOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Typography } from 'antd';
import { useBrand } from '../brand';
import { usePageTitle } from '../directory/DirectoryShared';
import { Breadcrumbs } from './Breadcrumbs';
import { ContactForm, NewsletterSignup, PartnerInquiryForm } from './ContactForms';
import { FaqSection } from './FaqSection';

/** /page/contact-us: the contact form with the reach-us panel (contact details block), the home FAQs and the newsletter sign-up. */
export function ContactPage() {
  const { config } = useBrand();
  usePageTitle('Contact Us');
  const contact = config.contactUsConfiguration;
  // Phone and address are hidden on the jewelry brand (spec 000 section 2, contact details block).
  const showAll = config.wording !== 'jewelry';
  return (
    <section className="ts-page">
      <Breadcrumbs />
      <Typography.Title>Contact Us</Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <ContactForm />
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Reach us">
            <Space direction="vertical">
              {contact.email ? (
                <span>
                  <MailOutlined /> <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </span>
              ) : null}
              {showAll && contact.phoneNumber ? (
                <span>
                  <PhoneOutlined /> <a href={`tel:${contact.phoneNumber}`}>{contact.phoneNumber}</a>
                </span>
              ) : null}
              {showAll && contact.address ? (
                <span>
                  <EnvironmentOutlined /> {contact.address}
                </span>
              ) : null}
            </Space>
          </Card>
        </Col>
      </Row>
      <FaqSection section="home" />
      <NewsletterSignup />
    </section>
  );
}

/** The partners page: the partner inquiry form. */
export function PartnersPage() {
  usePageTitle('Partners');
  return (
    <section className="ts-page ts-narrow">
      <Breadcrumbs />
      <Typography.Title>Partners</Typography.Title>
      <Typography.Paragraph>Tell us about your business and we will get back to you.</Typography.Paragraph>
      <PartnerInquiryForm />
    </section>
  );
}
