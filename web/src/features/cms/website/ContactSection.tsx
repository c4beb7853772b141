import { Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteConfiguration } from './website.operations';

const SOCIAL = ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const;
const blankToNull = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);

/** The company name, the contact details the contact page and footer show, and the social links. */
export function ContactSection({ config }: { config: WebsiteConfiguration }) {
  const [companyName, setCompanyName] = useState(config.companyName);
  const [contact, setContact] = useState(config.contactUsConfiguration);
  const [social, setSocial] = useState(config.socialConfiguration);
  const { save, saving } = useSaveConfiguration();
  const submit = () =>
    void save(
      {
        ...(companyName.trim() ? { companyName: companyName.trim() } : {}),
        contactUsConfiguration: {
          email: blankToNull(contact.email),
          phoneNumber: blankToNull(contact.phoneNumber),
          address: blankToNull(contact.address),
        },
        socialConfiguration: Object.fromEntries(SOCIAL.map((key) => [key, blankToNull(social[key])])),
      },
      'Contact details saved.',
    );
  return (
    <Form layout="vertical" component="div">
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="Company name" htmlFor="contact-company">
            <Input id="contact-company" value={companyName} onChange={(event) => setCompanyName(event.target.value)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Contact email" htmlFor="contact-email">
            <Input
              id="contact-email"
              type="email"
              value={contact.email ?? ''}
              onChange={(event) => setContact({ ...contact, email: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Phone number" htmlFor="contact-phone">
            <Input
              id="contact-phone"
              value={contact.phoneNumber ?? ''}
              onChange={(event) => setContact({ ...contact, phoneNumber: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Address" htmlFor="contact-address">
            <Input
              id="contact-address"
              value={contact.address ?? ''}
              onChange={(event) => setContact({ ...contact, address: event.target.value })}
            />
          </Form.Item>
        </Col>
        {SOCIAL.map((key) => (
          <Col xs={24} sm={12} key={key}>
            <Form.Item label={`${key[0]!.toUpperCase()}${key.slice(1)} link`} htmlFor={`social-${key}`}>
              <Input
                id={`social-${key}`}
                value={social[key] ?? ''}
                onChange={(event) => setSocial({ ...social, [key]: event.target.value })}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" onClick={submit} loading={saving}>
        Save contact details
      </Button>
    </Form>
  );
}
