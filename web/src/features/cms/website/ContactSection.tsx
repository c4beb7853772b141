import { Button, Form, Row } from 'antd';
import { useState } from 'react';
import { TextCell } from './TextCell';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteConfiguration } from './website.operations';

const CONTACT: ReadonlyArray<{ key: keyof WebsiteConfiguration['contactUsConfiguration']; id: string; label: string; type?: 'email' }> = [
  { key: 'email', id: 'contact-email', label: 'Contact email', type: 'email' },
  { key: 'phoneNumber', id: 'contact-phone', label: 'Phone number' },
  { key: 'address', id: 'contact-address', label: 'Address' },
];
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
        contactUsConfiguration: Object.fromEntries(CONTACT.map(({ key }) => [key, blankToNull(contact[key])])),
        socialConfiguration: Object.fromEntries(SOCIAL.map((key) => [key, blankToNull(social[key])])),
      },
      'Contact details saved.',
    );
  return (
    <Form layout="vertical" component="div">
      <Row gutter={12}>
        <TextCell id="contact-company" label="Company name" value={companyName} onChange={setCompanyName} />
        {CONTACT.map(({ key, id, label, type }) => (
          <TextCell
            key={key}
            id={id}
            label={label}
            type={type}
            value={contact[key] ?? ''}
            onChange={(value) => setContact({ ...contact, [key]: value })}
          />
        ))}
        {SOCIAL.map((key) => (
          <TextCell
            key={key}
            id={`social-${key}`}
            label={`${key[0]!.toUpperCase()}${key.slice(1)} link`}
            value={social[key] ?? ''}
            onChange={(value) => setSocial({ ...social, [key]: value })}
          />
        ))}
      </Row>
      <Button type="primary" onClick={submit} loading={saving}>
        Save contact details
      </Button>
    </Form>
  );
}
